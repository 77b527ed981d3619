import CPFDecoders
import Testing

@Suite("ZipError")
struct ZipErrorTests {
    @Test(
        "describes its errors readably",
        arguments: [
            (ZipError.notZip, "not a zip archive (no end of central directory record)"),
            (.truncated, "truncated: the archive ends inside a record or a member"),
            (.centralDirectoryTooLarge(limit: 67_108_864), "central directory over 67108864 bytes"),
            (.damagedCentralDirectory(offset: 1032), "damaged central directory (at byte 1032)"),
            (.multipleDisks, "archive split over several disks"),
            (.overlappingMembers(offset: 30), "members overlap (at byte 30): possibly a zip bomb"),
            (.localHeaderMismatch(offset: 83), "local header at byte 83 does not match the central directory"),
            (.encryptedMember, "encrypted member"),
            (.unsupportedMethod(12), "unsupported compression method 12 (bzip2)"),
            (.unsupportedMethod(93), "unsupported compression method 93 (zstd)"),
            (.unsupportedMethod(77), "unsupported compression method 77"),
            (
                .crcMismatch(stored: 0xCBF4_3926, computed: 0xFF),
                "CRC mismatch (stored 0xcbf43926, computed 0x000000ff)"
            ),
            (.sizeMismatch(stored: 14, actual: 15), "size mismatch (stored 14, actual 15)"),
        ])
    func descriptions(error: ZipError, text: String) {
        #expect(error.description == text)
    }

    @Test(
        "names the methods of APPNOTE",
        arguments: [
            (0, "stored"), (8, "deflate"), (9, "deflate64"), (12, "bzip2"), (14, "LZMA"), (95, "xz"), (98, "PPMd"),
        ]
            as [(UInt16, String)])
    func methodNames(method: UInt16, name: String) {
        #expect(ZipError.methodName(method) == name)
    }

    @Test("has no name for a method APPNOTE does not define")
    func unknownMethod() {
        #expect(ZipError.methodName(7) == nil)
        #expect(ZipError.methodName(0xFFFF) == nil)
    }
}
