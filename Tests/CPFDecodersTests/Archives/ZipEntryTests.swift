import CPFDecoders
import Testing

@Suite("ZipEntry")
struct ZipEntryTests {
    @Test(
        "derives its kind from the name, flags and method",
        arguments: [
            ("a.txt", 0, 8, false, false, false, true),
            ("dir/", 0, 0, true, false, false, true),
            ("a.txt", 0x0001, 8, false, true, false, false),
            ("a.txt", 0, 99, false, true, false, false),
            ("a.txt", 0x0800, 0, false, false, true, true),
            ("a.bz2", 0, 12, false, false, false, false),
        ] as [(String, UInt16, UInt16, Bool, Bool, Bool, Bool)])
    func kind(
        name: String, flags: UInt16, method: UInt16, directory: Bool, encrypted: Bool, utf8: Bool, readable: Bool
    ) {
        let entry = ZipEntry(name: Array(name.utf8), method: method, generalPurposeFlags: flags)
        #expect(entry.isDirectory == directory)
        #expect(entry.isEncrypted == encrypted)
        #expect(entry.isUTF8 == utf8)
        #expect(entry.isReadable == readable)
    }

    @Test("says whether a data descriptor follows the data (bit 3)")
    func dataDescriptor() {
        #expect(ZipEntry(name: [0x61], generalPurposeFlags: 0x0008).hasDataDescriptor)
        #expect(!ZipEntry(name: [0x61], generalPurposeFlags: 0x0800).hasDataDescriptor)
    }
}
