import CPFDecoders
import Testing

@Suite("Windows1252")
struct Windows1252Tests {
    @Test("reads every defined byte as Python's cp1252 codec does")
    func agreesWithPython() throws {
        let printed = try python(
            """
            for b in range(256):
                try:
                    print(b, ord(bytes([b]).decode("cp1252")))
                except UnicodeDecodeError:
                    print(b, -1)
            """)
        let lines = String(decoding: printed, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 256)
        for line in lines {
            let fields = line.split(separator: " ").map { Int($0)! }
            let byte = UInt8(fields[0])
            if fields[1] < 0 {
                // Undefined in cp1252: read as the C1 control of the same number.
                #expect([0x81, 0x8D, 0x8F, 0x90, 0x9D].contains(byte))
                #expect(Windows1252.scalar(for: byte).value == UInt32(byte))
            } else {
                #expect(Windows1252.scalar(for: byte).value == UInt32(fields[1]), "byte \(byte)")
            }
            #expect(Windows1252.byte(for: Windows1252.scalar(for: byte)) == byte)
        }
    }

    @Test(
        "has no byte for characters outside the code page",
        arguments: ["ő", "😀", "中", "\u{80}", "\u{9F}"] as [Unicode.Scalar])
    func noByte(scalar: Unicode.Scalar) {
        #expect(Windows1252.byte(for: scalar) == nil)
    }
}
