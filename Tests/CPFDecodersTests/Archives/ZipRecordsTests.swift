import Testing

@testable import CPFDecoders

@Suite("ZipRecords")
struct ZipRecordsTests {
    static let extra: [UInt8] = [0x55, 0x54, 1, 0, 7, 0x01, 0x00, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0x75, 0x78, 0, 0]

    @Test("finds an extra field block by its header ID")
    func findsBlocks() {
        #expect(ZipRecords.extraBlock(0x5455, in: Self.extra) == [7])
        #expect(ZipRecords.extraBlock(0x0001, in: Self.extra) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(ZipRecords.extraBlock(0x7875, in: Self.extra) == [])
        #expect(ZipRecords.extraBlock(0x9999, in: Self.extra) == nil)
        // A block whose length runs past the end is not found.
        #expect(ZipRecords.extraBlock(0x0001, in: [0x01, 0x00, 9, 0, 1, 2]) == nil)
    }

    @Test("replaces a block where it stands, removes it, or puts a new one first")
    func replacesBlocks() {
        let block: [UInt8] = [0x01, 0x00, 1, 0, 9]
        #expect(
            ZipRecords.replacingExtraBlock(0x0001, in: Self.extra, with: block)
                == [0x55, 0x54, 1, 0, 7] + block + [0x75, 0x78, 0, 0])
        #expect(
            ZipRecords.replacingExtraBlock(0x0001, in: Self.extra, with: [])
                == [0x55, 0x54, 1, 0, 7, 0x75, 0x78, 0, 0])
        #expect(
            ZipRecords.replacingExtraBlock(0x0001, in: [0x55, 0x54, 1, 0, 7], with: block) == block + [
                0x55, 0x54, 1, 0, 7,
            ])
        // A malformed tail is kept as it is.
        #expect(ZipRecords.replacingExtraBlock(0x0001, in: [0x55, 0x54, 9], with: []) == [0x55, 0x54, 9])
    }

    @Test("reads little-endian fields and nil past the end")
    func reader() {
        var reader = ZipRecords.Reader([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 1, 2, 3, 4, 5, 6, 7, 8])
        #expect(reader.u32() == ZipRecords.localHeaderSignature)
        #expect(reader.u16() == 20)
        #expect(reader.u64() == 0x0807_0605_0403_0201)
        #expect(reader.u16() == nil)
        #expect(reader.bytes(1) == nil)
        #expect(ZipRecords.zip64Block([1]) == [1, 0, 8, 0, 1, 0, 0, 0, 0, 0, 0, 0])
    }
}
