import CPFKit
import CPFSystem

/// The machine-readable verdict on one input: a JSON Lines object or a CSV
/// row with the fields `source`, `line` (where the record starts), `record`
/// (its number in the input, the header counted: the line number unless a
/// quoted field spans lines), `input`, `valid`, then `cpf` (11 digits) or
/// `reason` and `message`.
enum RecordWriter {
    /// The `source` of a command-line argument's record; `line` is then the
    /// argument's position, from 1.
    static let argumentSource: RawText = "(argument)"

    /// `{"source":"-","line":1,"record":1,"input":"390.533.447-05","valid":true,"cpf":"39053344705"}`
    static func writeJSON(
        source: RawText, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        source.withBytes {
            writeJSON(
                source: $0, line: line, record: record, input: input, isTruncated: isTruncated, result: result, to: out)
        }
    }

    /// The same, the source's bytes given in place (no reference counting per record).
    static func writeJSON(
        source: UnsafeRawBufferPointer, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        var object = JSONObjectWriter(to: out)
        object.string("source", source)
        object.number("line", line)
        object.number("record", record)
        object.string("input", input, isTruncated: isTruncated)
        switch result {
        case .success(let cpf):
            object.bool("valid", true)
            object.string("cpf", reserving: 11) { cpf.writeDigits(to: $0) }
        case .failure(let error):
            object.bool("valid", false)
            object.string("reason", error.code)
            object.string("message", error.description)
        }
        object.end()
    }

    /// `-,1,1,390.533.447-05,true,39053344705,,`
    static func writeCSV(
        source: RawText, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        source.withBytes {
            writeCSV(
                source: $0, line: line, record: record, input: input, isTruncated: isTruncated, result: result, to: out)
        }
    }

    /// The same, the source's bytes given in place.
    static func writeCSV(
        source: UnsafeRawBufferPointer, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        writeCSVRow(source: source, line: line, to: out) {
            out.write(decimal: record)
            out.write(byte: UInt8(ascii: ","))
            writeReadableCSVField(input, isTruncated: isTruncated, to: out)
            switch result {
            case .success(let cpf):
                out.write(",true,")
                out.withReservedSpace(11) { cpf.writeDigits(to: $0) }
                out.write(",,\n")
            case .failure(let error):
                out.write(",false,,")
                writeCSVReason(code: error.code, message: error.description, to: out)
            }
        }
    }

    /// One CSV row of a verdict, `SOURCE,LINE,` then the fields `rest`
    /// writes, the last with its line feed. The row is flushed whole: its
    /// quoted fields may hold line feeds.
    @inline(__always)
    static func writeCSVRow(source: UnsafeRawBufferPointer, line: Int, to out: OutputBuffer, rest: () -> Void) {
        out.beginRecord()
        defer { out.endRecord() }
        writeReadableCSVField(source, to: out)
        out.write(byte: UInt8(ascii: ","))
        out.write(decimal: line)
        out.write(byte: UInt8(ascii: ","))
        rest()
    }

    /// The last two fields of an invalid input's row, `REASON,MESSAGE`, and
    /// the line feed.
    static func writeCSVReason(code: String, message: String, to out: OutputBuffer) {
        out.write(code)
        out.write(byte: UInt8(ascii: ","))
        var message = message
        message.withUTF8 { writeSafeCSVField(UnsafeRawBufferPointer($0), to: out) }
        out.write(byte: 0x0A)
    }

    /// A CSV field that shows text `cpf` did not write (an input, a file
    /// name) in its readable form, as the report does (``Escaping/writeReadable(_:quote:to:)``:
    /// `\x1b`, `\x7f`, `\u{009b}`, `\u{202e}`, `\t`, `\n`, a backslash
    /// doubled, invalid UTF-8 as `\xff`), then quoted as RFC 4180 and
    /// ``writeSafeCSVField(_:to:)`` say. CSV has no escape of its own, so
    /// this is the only way to keep a raw control out of the file; the cell
    /// reads back to the bytes by undoing the readable form. `…` follows a
    /// cut input.
    static func writeReadableCSVField(_ bytes: UnsafeRawBufferPointer, isTruncated: Bool = false, to out: OutputBuffer)
    {
        // Printable ASCII without a backslash is its own readable form.
        if !isTruncated, !bytes.contains(where: { $0 &- 0x20 >= 0x5F || $0 == 0x5C }) {
            writeSafeCSVField(bytes, to: out)
            return
        }
        var readable = ByteArraySink()
        Escaping.writeReadable(bytes, quote: nil, into: &readable)
        if isTruncated { readable.bytes += Array("…".utf8) }
        readable.bytes.withUnsafeBytes { writeSafeCSVField($0, to: out) }
    }

    /// A CSV field that a spreadsheet opens as text, never as a formula
    /// (OWASP's advice on CSV injection): a cell that starts with `=`, `+`,
    /// `-`, `@`, a tab or a CR is written quoted with a `'` in front, so
    /// `=1+2` becomes `"'=1+2"`. A lone `-` (standard input's name) cannot be
    /// a formula and stays as it is.
    static func writeSafeCSVField(_ bytes: UnsafeRawBufferPointer, to out: OutputBuffer) {
        guard let first = bytes.first, bytes.count > 1 || first != UInt8(ascii: "-"),
            first == UInt8(ascii: "=") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
                || first == UInt8(ascii: "@") || first == 0x09 || first == 0x0D
        else {
            Escaping.writeCSVField(bytes, to: out)
            return
        }
        out.write(byte: 0x22)
        out.write(byte: UInt8(ascii: "'"))
        for byte in bytes {
            if byte == 0x22 { out.write(byte: 0x22) }
            out.write(byte: byte)
        }
        out.write(byte: 0x22)
    }
}
