import CPFSystem

/// What a rewriting engine does with the value of one CSV field, for
/// ``FieldRewriter``: read the value byte by byte, say whether it can be
/// rewritten, and write its new form.
protocol FieldValueRewriting: AnyObject {
    /// Starts a new value.
    func beginValue()
    /// Reads the next byte of the value, its quotes undone.
    func consumeValue(byte: UInt8)
    /// Whether no later byte can make the value one that can be rewritten.
    var valueIsSettled: Bool { get }
    /// `nil` when the whole value can be rewritten, else why not.
    func valueFailure() -> String?
    /// Writes the new form of the value (after ``valueFailure()`` said it
    /// can be rewritten): digits, `.` and `-` only, never a quote or a line break.
    func writeValue(to out: OutputBuffer)
    /// Reads a whole value at once, its quotes undone, as ``beginValue()``
    /// and ``consumeValue(byte:)`` of each byte would, and returns
    /// ``valueFailure()``; `bytes` stay valid until ``writeValue(to:)``.
    /// Engines give a faster one (a parse of the bytes at once) than this
    /// default.
    func readWholeValue(_ bytes: UnsafeRawBufferPointer) -> String?
    /// Whether a value that cannot be rewritten (``valueFailure()`` said
    /// why) is replaced by ``writeReplacement(to:)`` rather than copied out
    /// unchanged: `pseudonymize` hides what may be a CPF.
    var replacesRefusedValue: Bool { get }
    /// Writes what replaces a value that cannot be rewritten: digits, `*`,
    /// `.`, `-` and spaces only, never a quote or a line break.
    func writeReplacement(to out: OutputBuffer)
}

extension FieldValueRewriting {
    var replacesRefusedValue: Bool { false }
    func writeReplacement(to out: OutputBuffer) {}

    func readWholeValue(_ bytes: UnsafeRawBufferPointer) -> String? {
        beginValue()
        for byte in bytes { consumeValue(byte: byte) }
        return valueFailure()
    }
}

/// Rewrites one field of each CSV record in place, keeping every other byte
/// of the record: the one field-rewriting mechanism of the rewriting engines
/// (`format`, `strip`, `complete --field`; `pseudonymize --field` later).
///
/// The record comes in pieces (``LineReader`` in CSV mode). The bytes before
/// the field and after it go straight to the output; the field's own bytes
/// (quotes included) are held (in a temporary file when long) until its end,
/// then dropped for the new value or, when the value cannot be rewritten,
/// copied out unchanged. So memory stays bounded whatever a record's size.
/// A record read whole whose field is contiguous (unquoted, or quoted with
/// no doubled quote) takes a fast path: the field is found, its value read
/// at once (``FieldValueRewriting/readWholeValue(_:)``) and nothing is
/// held. A
/// field that was quoted stays quoted; an unquoted one is quoted only when the
/// delimiter could occur in the new value (a delimiter `.`, `-` or a digit).
final class FieldRewriter {
    /// The 0-based index of the field (set for each input when the field
    /// is named in its header).
    var field: Int
    let delimiter: UInt8
    /// `--raw`: no quoting (none read, none written), and a field `\N`
    /// (NULL) is passed through as rewritten.
    let isRaw: Bool
    private let out: OutputBuffer
    private let context: Context
    private var csv: CSVState
    private var copy: DeferredCopy
    /// The value's first bytes, for a report.
    private let echo = EchoCapture()

    private enum Phase { case before, inField, after }
    private var phase = Phase.before
    private var fieldByteCount = 0
    private var wasQuoted = false
    /// Whether the current record's field could not be rewritten.
    private var failed = false
    /// Whether the field's bytes have been copied out already.
    private var passedEarly = false

    /// `fallback` says what becomes of a field whose bytes cannot be held
    /// in a temporary file: copied out unchanged, or left out.
    init(
        field: Int, delimiter: UInt8, out: OutputBuffer, context: Context, fallback: DeferredCopy.Fallback = .copy,
        isRaw: Bool = false
    ) {
        self.field = field
        self.delimiter = delimiter
        self.isRaw = isRaw
        self.out = out
        self.context = context
        csv = CSVState(delimiter: delimiter, quotes: !isRaw)
        copy = DeferredCopy(fallback: fallback, directory: context.temporaryDirectory)
    }

    /// Rewrites one piece of a record with `value`; on the record's last
    /// piece, reports a field that could not be rewritten on standard error
    /// (`cpf: SOURCE:LINE: 'VALUE': MESSAGE`), writes the record's
    /// terminator, and returns whether the record was rewritten.
    @discardableResult
    func rewrite(_ piece: LinePiece, with value: some FieldValueRewriting, source: RawText) -> Bool {
        if piece.isWhole, let rewritten = rewriteWhole(piece, with: value, source: source) { return rewritten }
        if piece.isFirst {
            csv = CSVState(delimiter: delimiter, quotes: !isRaw)
            phase = .before
            failed = false
            if field == 0 { startField(value) }
        }
        let bytes = piece.bytes
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch phase {
            case .before:
                _ = csv.step(byte)
                if csv.fieldIndex == field {
                    // The delimiter before the field: it and all before it are kept.
                    out.write(UnsafeRawBufferPointer(rebasing: bytes[runStart...index]))
                    runStart = index + 1
                    startField(value)
                }
            case .inField:
                let isContent = csv.step(byte)
                if csv.fieldIndex != field {
                    hold(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]), value)
                    finishField(value, location: (source, piece.lineNumber))
                    runStart = index
                    phase = .after
                } else {
                    if fieldByteCount == 0, byte == 0x22, !isRaw { wasQuoted = true }
                    fieldByteCount += 1
                    if isContent {
                        value.consumeValue(byte: byte)
                        echo.append(byte)
                    }
                }
            case .after:
                index = bytes.count - 1
            }
            index += 1
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[runStart...])
        if phase == .inField { hold(rest, value) } else { out.write(rest) }
        guard piece.isLast else { return false }
        switch phase {
        case .inField:
            finishField(value, location: (source, piece.lineNumber))
        case .before:
            failed = true
            context.reportRecord(location: (source, piece.lineNumber), message: context.text(.noField, "\(field + 1)"))
        case .after:
            break
        }
        out.writeTerminator(piece.terminator)
        return !failed
    }

    /// The fast path for a record read whole: `nil` (nothing written) when
    /// the field is not one contiguous run of bytes, for the general path.
    private func rewriteWhole(_ piece: LinePiece, with value: some FieldValueRewriting, source: RawText) -> Bool? {
        let bytes = piece.bytes
        let count = bytes.count
        // The field's first byte: after `field` delimiters outside quotes.
        var start = 0
        if field > 0 {
            var state = CSVState(delimiter: delimiter, quotes: !isRaw)
            var index = 0
            while index < count {
                _ = state.step(bytes[index])
                index += 1
                if state.fieldIndex == field { break }
            }
            guard state.fieldIndex == field else { return nil }
            start = index
        }
        // Its value, and the end of the field (the next delimiter, or the record's end).
        var valueStart = start
        var valueEnd = start
        var end = start
        let quoted = !isRaw && start < count && bytes[start] == 0x22
        if quoted {
            valueStart = start + 1
            var index = valueStart
            while index < count, bytes[index] != 0x22 { index += 1 }
            // No closing quote, a doubled quote or bytes after the closing one.
            guard index < count, index + 1 == count || bytes[index + 1] == delimiter else { return nil }
            valueEnd = index
            end = index + 1
        } else {
            // A CPF's field is short: a plain loop beats a call to memchr.
            var index = start
            while index < count, bytes[index] != delimiter { index &+= 1 }
            end = index
            valueEnd = end
        }
        let valueBytes = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd])
        if start > 0 { out.write(UnsafeRawBufferPointer(rebasing: bytes[..<start])) }
        let rewritten: Bool
        if isNull(valueBytes) {
            rewritten = true
            out.write(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        } else if let failure = value.readWholeValue(valueBytes) {
            rewritten = false
            if value.replacesRefusedValue {
                let quotes = !isRaw && (quoted || replacementNeedsQuotes)
                if quotes { out.write(byte: 0x22) }
                value.writeReplacement(to: out)
                if quotes { out.write(byte: 0x22) }
            } else {
                out.write(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            }
            let echo = EchoCapture.cut(valueBytes)
            context.reportValue(
                location: (source, piece.lineNumber), input: echo.bytes, isTruncated: echo.isTruncated,
                message: failure)
        } else {
            rewritten = true
            let quotes = !isRaw && (quoted || delimiterNeedsQuotes)
            if quotes { out.write(byte: 0x22) }
            value.writeValue(to: out)
            if quotes { out.write(byte: 0x22) }
        }
        if end < count { out.write(UnsafeRawBufferPointer(rebasing: bytes[end...])) }
        out.writeTerminator(piece.terminator)
        return rewritten
    }

    /// Whether `value` is NULL: `\N` in a raw row.
    private func isNull(_ value: UnsafeRawBufferPointer) -> Bool {
        isRaw && value.count == 2 && value[0] == 0x5C && value[1] == 0x4E
    }

    /// Whether the delimiter could occur in a rewritten value, which must then be quoted.
    private var delimiterNeedsQuotes: Bool {
        delimiter &- 0x30 < 10 || delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: "-")
    }

    /// Whether the delimiter could occur in a replacement (a hidden value), which must then be quoted.
    private var replacementNeedsQuotes: Bool {
        delimiterNeedsQuotes || delimiter == UInt8(ascii: "*") || delimiter == UInt8(ascii: " ")
    }

    private func startField(_ value: some FieldValueRewriting) {
        phase = .inField
        fieldByteCount = 0
        wasQuoted = false
        passedEarly = false
        copy.reset()
        echo.reset()
        value.beginValue()
    }

    /// Holds the field's bytes until its end, or copies them out at once
    /// when the value can no longer be rewritten.
    private func hold(_ bytes: UnsafeRawBufferPointer, _ value: some FieldValueRewriting) {
        guard !bytes.isEmpty else { return }
        if value.valueIsSettled { passedEarly = true }
        add(bytes, decided: passedEarly ? true : nil)
    }

    private func add(_ bytes: UnsafeRawBufferPointer, decided: Bool?) {
        copy.add(bytes, decided: decided, to: out)
    }

    private func finishField(_ value: some FieldValueRewriting, location: (source: RawText, line: Int)) {
        let nothing = UnsafeRawBufferPointer(start: nil, count: 0)
        if let error = copy.failure {
            // Its bytes could not be held: copied out unchanged or left out, never rewritten.
            failed = true
            add(nothing, decided: true)
            context.reportUnheldLine(location: location, error, copied: copy.fallback == .copy)
            return
        }
        if !echo.isTruncated, isNull(echo.bytes) {
            add(nothing, decided: true)
            return
        }
        if let failure = value.valueFailure() ?? (passedEarly ? context.text(.cannotRewrite) : nil) {
            failed = true
            if !passedEarly, value.replacesRefusedValue {
                add(nothing, decided: false)
                let quotes = !isRaw && (wasQuoted || replacementNeedsQuotes)
                if quotes { out.write(byte: 0x22) }
                value.writeReplacement(to: out)
                if quotes { out.write(byte: 0x22) }
            } else {
                add(nothing, decided: true)
            }
            context.reportValue(
                location: location, input: echo.bytes, isTruncated: echo.isTruncated, message: failure)
            return
        }
        add(nothing, decided: false)
        let quotes = !isRaw && (wasQuoted || delimiterNeedsQuotes)
        if quotes { out.write(byte: 0x22) }
        value.writeValue(to: out)
        if quotes { out.write(byte: 0x22) }
    }
}
