import CPFKit

/// The machine-readable verdict on one input: a JSON Lines object or a CSV
/// row with the fields `source`, `line`, `input`, `valid`, then `cpf` (11
/// digits) or `reason` and `message`.
enum RecordWriter {
    /// `{"source":"-","line":1,"input":"390.533.447-05","valid":true,"cpf":"39053344705"}`
    static func writeJSON(
        source: RawText, line: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        source.withBytes { writeJSON(source: $0, line: line, input: input, isTruncated: isTruncated, result: result, to: out) }
    }

    /// The same, the source's bytes given in place (no reference counting per record).
    static func writeJSON(
        source: UnsafeRawBufferPointer, line: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        var object = JSONObjectWriter(to: out)
        object.string("source", source)
        object.number("line", line)
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

    /// `-,1,390.533.447-05,true,39053344705,,`
    static func writeCSV(
        source: RawText, line: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        source.withBytes { writeCSV(source: $0, line: line, input: input, isTruncated: isTruncated, result: result, to: out) }
    }

    /// The same, the source's bytes given in place.
    static func writeCSV(
        source: UnsafeRawBufferPointer, line: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        // Its quoted fields may hold line feeds: flushed whole.
        out.beginRecord()
        defer { out.endRecord() }
        Escaping.writeCSVField(source, to: out)
        out.write(byte: UInt8(ascii: ","))
        out.write(decimal: line)
        out.write(byte: UInt8(ascii: ","))
        if isTruncated {
            var cut = Array(input) + Array("…".utf8)
            cut.withUnsafeMutableBytes { Escaping.writeCSVField(UnsafeRawBufferPointer($0), to: out) }
        } else {
            Escaping.writeCSVField(input, to: out)
        }
        switch result {
        case .success(let cpf):
            out.write(",true,")
            out.withReservedSpace(11) { cpf.writeDigits(to: $0) }
            out.write(",,\n")
        case .failure(let error):
            out.write(",false,,")
            out.write(error.code)
            out.write(byte: UInt8(ascii: ","))
            var message = error.description
            message.withUTF8 { Escaping.writeCSVField(UnsafeRawBufferPointer($0), to: out) }
            out.write(byte: 0x0A)
        }
    }
}
