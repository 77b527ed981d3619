/// `SOURCE:LINE: 'INPUT': MESSAGE`, how `cpf` points at an input it could
/// not use: in the report of `cpf check` on standard output, and after
/// `cpf: ` on standard error for `format`, `strip` and `complete`.
enum DiagnosticWriter {
    /// Writes one diagnostic line.
    ///
    /// - Parameters:
    ///   - location: The input's source and line; `nil` for a command-line
    ///     argument, written as just `'INPUT': MESSAGE`.
    ///   - input: The input's bytes (escaped to stay readable), followed by
    ///     `…` when `isTruncated`.
    static func write(
        location: (source: String, line: Int)?, input: UnsafeRawBufferPointer, isTruncated: Bool,
        message: String, to out: OutputBuffer
    ) {
        if let location {
            out.write(location.source)
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: location.line)
            out.write(": ")
        }
        out.write(byte: UInt8(ascii: "'"))
        Escaping.writeReadable(input, quote: UInt8(ascii: "'"), to: out)
        if isTruncated { out.write("…") }
        out.write("': ")
        out.write(message)
        out.write(byte: 0x0A)
    }

    /// Writes `SOURCE:LINE: MESSAGE`, about a record as a whole.
    static func write(location: (source: String, line: Int), message: String, to out: OutputBuffer) {
        out.write(location.source)
        out.write(byte: UInt8(ascii: ":"))
        out.write(decimal: location.line)
        out.write(": ")
        out.write(message)
        out.write(byte: 0x0A)
    }
}
