import CPFSystem

/// Writes one JSON object member by member, straight into an output
/// buffer: every JSON `cpf` prints (`check --json`, `find --json`,
/// `info --json`) goes through it, so quoting and escaping are done once.
///
/// Keys are static ASCII names, written as they are; string values are
/// escaped by ``Escaping/writeJSONString(_:to:)``.
struct JSONObjectWriter {
    private let out: OutputBuffer
    private var hasMembers = false

    /// Starts an object: writes `{`.
    init(to out: OutputBuffer) {
        self.out = out
        out.write(byte: UInt8(ascii: "{"))
    }

    /// Ends the object: writes `}`, then a line feed for a JSON Lines record.
    func end(lineFeed: Bool = true) {
        out.write(byte: UInt8(ascii: "}"))
        if lineFeed { out.write(byte: 0x0A) }
    }

    @inline(__always)
    private mutating func key(_ name: StaticString) {
        if hasMembers { out.write(byte: UInt8(ascii: ",")) }
        hasMembers = true
        out.write(byte: UInt8(ascii: "\""))
        out.write(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.write("\":")
    }

    /// A string member from any bytes (invalid UTF-8 becomes U+FFFD),
    /// followed inside the quotes by `…` when `isTruncated`.
    mutating func string(_ name: StaticString, _ bytes: UnsafeRawBufferPointer, isTruncated: Bool = false) {
        key(name)
        out.write(byte: UInt8(ascii: "\""))
        Escaping.writeJSONString(bytes, to: out)
        if isTruncated { out.write("…") }
        out.write(byte: UInt8(ascii: "\""))
    }

    /// A string member from text given by the user (bytes, maybe not UTF-8).
    mutating func string(_ name: StaticString, _ text: RawText) {
        key(name)
        out.write(byte: UInt8(ascii: "\""))
        text.bytes.withUnsafeBytes { Escaping.writeJSONString($0, to: out) }
        out.write(byte: UInt8(ascii: "\""))
    }

    mutating func string(_ name: StaticString, _ text: String) {
        var text = text
        text.withUTF8 { string(name, UnsafeRawBufferPointer($0)) }
    }

    /// A string member whose text `body` writes in place, at most
    /// `byteCount` bytes that need no escaping (digits, a masked CPF).
    mutating func string(_ name: StaticString, reserving byteCount: Int, _ body: (UnsafeMutableRawBufferPointer) -> Int)
    {
        key(name)
        out.write(byte: UInt8(ascii: "\""))
        out.withReservedSpace(byteCount, body)
        out.write(byte: UInt8(ascii: "\""))
    }

    /// An array of strings.
    mutating func strings(_ name: StaticString, _ texts: [String]) {
        key(name)
        out.write(byte: UInt8(ascii: "["))
        for (index, text) in texts.enumerated() {
            if index > 0 { out.write(byte: UInt8(ascii: ",")) }
            var text = text
            out.write(byte: UInt8(ascii: "\""))
            text.withUTF8 { Escaping.writeJSONString(UnsafeRawBufferPointer($0), to: out) }
            out.write(byte: UInt8(ascii: "\""))
        }
        out.write(byte: UInt8(ascii: "]"))
    }

    /// An array of integers (`"box":[10,20,300,40]`).
    mutating func numbers(_ name: StaticString, _ values: [Int]) {
        key(name)
        out.write(byte: UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.write(byte: UInt8(ascii: ",")) }
            out.write(decimal: value)
        }
        out.write(byte: UInt8(ascii: "]"))
    }

    mutating func number(_ name: StaticString, _ value: Int) {
        key(name)
        out.write(decimal: value)
    }

    mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        out.write(value ? "true" : "false")
    }

    /// A nested object, whose members `body` writes.
    mutating func object(_ name: StaticString, _ body: (inout JSONObjectWriter) -> Void) {
        key(name)
        var nested = JSONObjectWriter(to: out)
        body(&nested)
        nested.end(lineFeed: false)
    }
}
