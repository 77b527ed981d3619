// The text scanner behind `cpf find` and `cpf redact`: finds CPFs inside free
// text, given as bytes in pieces of any size, in constant memory.
//
// It must agree with the SPEC's rule read literally (every start position,
// the candidate pattern, the byte before and after); the tests check that
// against a brute-force reference built on `StringProtocol.isValidCPF`.

/// Finds the CPFs written inside free text (logs, dumps, tickets, documents)
/// given as bytes, in pieces of any size, in constant memory.
///
/// A CPF is found where the text holds 11 ASCII digits as `DDD.DDD.DDD-DD`,
/// each of the three separators `.`, `.`, `-` present or absent
/// (`390.533.447-05`, `39053344705`, `390533447-05`), whose check digits are
/// valid, which is not one of the ten repeated-digit numbers, and which does
/// not touch another number: the byte before it and the byte after it are
/// not digits, nor one of `.` `-` `/` `,` next to a digit. So the parts of a
/// CNPJ `12.345.678/0001-95`, of a longer run of digits or of
/// `1.390.533.447-05` are not CPFs, while `CPF:390.533.447-05.` and
/// `cpf39053344705` hold one each.
///
/// Put another way, the text is cut into *numbers*: runs of digits joined by
/// single `.`, `-`, `/` or `,` bytes. A number is a CPF exactly when the whole
/// number has one of the eight shapes and valid check digits. Matches
/// therefore never overlap (nor even touch), and no choice between competing
/// candidates ever arises.
///
/// Feed the input in order with ``feed(_:onMatch:)``, in pieces of any size,
/// then call ``finish(onMatch:)``: the end of the input counts as a byte that
/// is not a digit. Matches come in order, with byte offsets counted from the
/// start of the input, and are the same however the input is cut. A match is
/// reported as soon as the bytes after it settle it, which may be during the
/// next piece (or at ``finish(onMatch:)``). Only a few numbers of state are
/// carried from one piece to the next, never the bytes themselves, so a 1 GB
/// line or a 1 GB run of digits costs no more memory than a short one.
///
/// ```swift
/// var scanner = CPFScanner()
/// var found: [CPFScanner.Match] = []
/// for piece in ["CPF: 390.533", ".447-05; CNPJ 12.345.678/0001-95"] {
///     Array(piece.utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
/// }
/// scanner.finish { found.append($0) }
/// found.count       // 1
/// found[0].range    // 5..<19
/// found[0].text     // "390.533.447-05"
/// found[0].cpf      // 390.533.447-05
///
/// CPFScanner.matches(in: "cpf39053344705".utf8).map(\.range)   // [3..<14]
/// "CPF: 390.533.447-05".redactingCPFs(style: .lgpd)          // "CPF: ***.533.447-**"
/// ```
///
/// - Complexity: O(*n*) time in the bytes fed, O(1) memory.
public struct CPFScanner: Sendable {
    /// Where the scanner stands in the text.
    @usableFromInline
    internal enum State: UInt8, Sendable {
        /// Not in a number: the last byte is not a digit, nor a `.`, `-`, `/`
        /// or `,` right after one.
        case outside
        /// In a run of digits.
        case digits
        /// Right after a `.`, `-`, `/` or `,` that follows a digit: a digit
        /// next continues the number, anything else ends it before the separator.
        case separator
    }

    /// Bytes fed since the start of the input: the offset of the next byte
    /// (`0` for a new scanner, `n` after pieces of `n` bytes in all).
    @inlinable
    public var offset: Int { bytesFed }

    @usableFromInline internal var bytesFed = 0

    @usableFromInline internal var state = State.outside
    /// The offset of the first digit of the current number.
    @usableFromInline internal var numberStart = 0
    /// Just past the last digit, in state `separator`.
    @usableFromInline internal var digitsEnd = 0
    /// The digits of the current number, four bits each, the last in the low nibble.
    @usableFromInline internal var packed: UInt64 = 0
    /// The digits in the current number; more than 11 once it cannot be a CPF.
    @usableFromInline internal var digitCount = 0
    /// The separators of the current number, as in ``Match``.
    @usableFromInline internal var separators: UInt8 = 0
    /// The byte that put the scanner in state `separator`.
    @usableFromInline internal var separator: UInt8 = 0

    /// Makes a scanner at the start of an input: `var scanner = CPFScanner()`.
    @inlinable
    public init() {}

    /// The offset up to which the input is settled: no match reported later
    /// covers any byte before it, so those bytes may be passed on (how
    /// `cpf redact` streams). It is ``offset`` except while the last bytes
    /// fed may still be a CPF, decided by what follows: then it is where that
    /// number starts, at most 15 bytes back.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("id 390.533.447-0".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
    /// scanner.settledOffset   // 3: "390.533.447-0" may yet become a CPF
    /// ```
    @inlinable
    public var settledOffset: Int {
        state != .outside && digitCount <= 11 ? numberStart : bytesFed
    }

    /// Reads the next piece of the input (any size, empty included) and
    /// calls `onMatch` with each CPF that is now settled, in order.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("390.533.447-05 and 5".utf8).withUnsafeBytes { bytes in
    ///     scanner.feed(bytes) { print($0.range, $0.cpf) }   // 0..<14 390.533.447-05
    /// }
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    @inlinable
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, onMatch: (Match) -> Void) {
        guard let raw = bytes.baseAddress, !bytes.isEmpty else { return }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let end = base + bytes.count
        let origin = bytesFed
        var cursor = base
        // The state in locals for the loop, written back at the end.
        var state = self.state
        var numberStart = self.numberStart
        var digitsEnd = self.digitsEnd
        var packed = self.packed
        var digitCount = self.digitCount
        var separators = self.separators
        var separator = self.separator

        while cursor < end {
            switch state {
            case .outside:
                if end - cursor >= 64 {
                    // Whole numbers judged from bit masks, 48 bytes at a time.
                    let stop = Self.scanBlocks(from: cursor, to: end, base: base, origin: origin, onMatch: onMatch)
                    cursor = stop.cursor
                    if stop.inLongNumber {
                        digitCount = 12  // 15 bytes or more: not a CPF
                        state = .digits
                        continue
                    }
                }
                // Fewer than 64 bytes left: byte by byte.
                cursor = Self.firstDigit(from: cursor, to: end)
                if cursor == end { break }
                numberStart = origin + (cursor - base)
                packed = 0
                digitCount = 0
                separators = 0
                state = .digits
            case .digits:
                if digitCount > 11 {
                    // A number too long to be a CPF: skip its digits eight at a time.
                    while end - cursor >= 8,
                          DigitWord.digitBits(DigitWord.load(cursor)) == DigitWord.highBits {
                        cursor += 8
                    }
                }
                while cursor < end {
                    let digit = cursor.pointee &- 0x30
                    if digit >= 10 { break }
                    packed = packed << 4 | UInt64(digit)
                    digitCount &+= 1
                    cursor += 1
                }
                if cursor == end { break }
                let byte = cursor.pointee
                digitsEnd = origin + (cursor - base)
                cursor += 1
                if Self.isJoiner(byte) {
                    separator = byte
                    state = .separator
                } else {
                    if let cpf = Self.cpf(packed: packed, digitCount: digitCount) {
                        onMatch(Match(range: numberStart..<digitsEnd, cpf: cpf, separators: separators))
                    }
                    state = .outside
                }
            case .separator:
                if cursor.pointee &- 0x30 < 10 {
                    // The separator joins two runs of digits into one number.
                    let bit = Self.separatorBit(separator, afterDigits: digitCount)
                    separators |= bit
                    if bit == 0 { digitCount = 12 }  // cannot be a CPF any more
                    state = .digits
                } else {
                    // The number ended before the separator; this byte is
                    // neither a digit nor after one.
                    if let cpf = Self.cpf(packed: packed, digitCount: digitCount) {
                        onMatch(Match(range: numberStart..<digitsEnd, cpf: cpf, separators: separators))
                    }
                    state = .outside
                    cursor += 1
                }
            }
        }

        self.state = state
        self.numberStart = numberStart
        self.digitsEnd = digitsEnd
        self.packed = packed
        self.digitCount = digitCount
        self.separators = separators
        self.separator = separator
        bytesFed = origin + bytes.count
    }

    /// Ends the input: a number still open at the end is judged (the end
    /// counts as a byte that is not a digit), and the scanner is reset for a
    /// new input starting at offset 0.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("cpf 39053344705".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }   // nothing yet
    /// scanner.finish { print($0.text) }   // 39053344705
    /// ```
    @inlinable
    public mutating func finish(onMatch: (Match) -> Void) {
        let end = state == .digits ? bytesFed : digitsEnd
        if state != .outside, let cpf = Self.cpf(packed: packed, digitCount: digitCount) {
            onMatch(Match(range: numberStart..<end, cpf: cpf, separators: separators))
        }
        self = CPFScanner()
    }

    /// Every CPF in `bytes`, in order: ``feed(_:onMatch:)`` over the whole
    /// input, then ``finish(onMatch:)``.
    ///
    /// ```swift
    /// CPFScanner.matches(in: "a 390.533.447-05 b 1.390.533.447-05".utf8).map(\.text)   // ["390.533.447-05"]
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func matches(in bytes: some Sequence<UInt8>) -> [Match] {
        var scanner = CPFScanner()
        var found: [Match] = []
        let scanned: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            scanner.feed(UnsafeRawBufferPointer(buffer)) { found.append($0) }
        }
        if scanned == nil {
            Array(bytes).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        }
        scanner.finish { found.append($0) }
        return found
    }

    /// `bytes` with the digits of every CPF in them hidden as `*` as `style`
    /// says; every other byte is kept as it is.
    ///
    /// ```swift
    /// CPFScanner.redacting(Array("CPF 39053344705\n".utf8), style: .full)   // "CPF ***********\n" as bytes
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func redacting(_ bytes: some Sequence<UInt8>, style: RedactionStyle = .full) -> [UInt8] {
        var result = Array(bytes)
        let found = matches(in: result)
        result.withUnsafeMutableBytes { buffer in
            for match in found {
                match.writeText(to: UnsafeMutableRawBufferPointer(rebasing: buffer[match.range]), hiding: style)
            }
        }
        return result
    }

}
