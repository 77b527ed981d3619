import CPFSystem

/// `SOURCE:LINE: 'INPUT': MESSAGE`, how `cpf` points at an input it could
/// not use: in the report of `cpf check` on standard output, and after
/// `cpf: ` on standard error for `format`, `strip` and `complete`.
enum DiagnosticWriter {
    /// Writes one diagnostic line.
    ///
    /// - Parameters:
    ///   - location: The input's source and line; `nil` for a command-line
    ///     argument, written as just `'INPUT': MESSAGE`.
    ///   - location: The source is escaped like the input.
    ///   - input: The input's bytes (escaped to stay readable), followed by
    ///     `…` when `isTruncated`.
    static func write(
        location: (source: RawText, line: Int)?, input: UnsafeRawBufferPointer, isTruncated: Bool,
        message: String, to out: OutputBuffer
    ) {
        guard let location else {
            write(source: nil, line: 0, input: input, isTruncated: isTruncated, message: message, to: out)
            return
        }
        location.source.withBytes {
            write(source: $0, line: location.line, input: input, isTruncated: isTruncated, message: message, to: out)
        }
    }

    /// The same, the source's bytes given in place (`nil` for an argument).
    /// With `colours`, the source (escaped) is magenta, the line number
    /// green and the message red, as grep colours its report.
    static func write(
        source: UnsafeRawBufferPointer?, line: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        message: String, colours: Bool = false, to out: OutputBuffer
    ) {
        if let source {
            if colours { Colour.start(Colour.source, to: out) }
            Escaping.writeReadable(source, quote: nil, to: out)
            if colours { Colour.end(to: out) }
            out.write(byte: UInt8(ascii: ":"))
            if colours { Colour.start(Colour.number, to: out) }
            out.write(decimal: line)
            if colours { Colour.end(to: out) }
            out.write(": ")
        }
        out.write(byte: UInt8(ascii: "'"))
        Escaping.writeReadable(input, quote: UInt8(ascii: "'"), to: out)
        if isTruncated { out.write("…") }
        out.write("': ")
        out.write(colours ? Colour.paint(message, Colour.invalid) : message)
        out.write(byte: 0x0A)
    }

    /// Writes `SOURCE:LINE: MESSAGE`, about a record as a whole.
    static func write(location: (source: RawText, line: Int), message: String, to out: OutputBuffer) {
        location.source.withBytes { Escaping.writeReadable($0, quote: nil, to: out) }
        out.write(byte: UInt8(ascii: ":"))
        out.write(decimal: location.line)
        out.write(": ")
        out.write(message)
        out.write(byte: 0x0A)
    }
}
