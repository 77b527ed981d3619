// Text written into XML character data or an attribute value: what
// cannot stand as itself written as a reference.

extension OfficeXMLText {
    /// `bytes` with what cannot stand as itself in character data or an attribute value written as a reference.
    static func escaped<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var output: [UInt8] = []
        escape(bytes, into: &output)
        return output
    }

    /// Appends `bytes` to `output`, escaped as ``escaped(_:)`` says.
    static func escape<Bytes: Sequence<UInt8>>(_ bytes: Bytes, into output: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output += Array("&amp;".utf8)
            case UInt8(ascii: "<"): output += Array("&lt;".utf8)
            case UInt8(ascii: ">"): output += Array("&gt;".utf8)
            case UInt8(ascii: "\""): output += Array("&quot;".utf8)
            case UInt8(ascii: "'"): output += Array("&apos;".utf8)
            case 0x09: output += Array("&#9;".utf8)
            case 0x0A: output += Array("&#10;".utf8)
            case 0x0D: output += Array("&#13;".utf8)
            default: output.append(byte)
            }
        }
    }
}
