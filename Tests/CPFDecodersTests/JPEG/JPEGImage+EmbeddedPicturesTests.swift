import CPFDecoders
import CPFTestSupport
import Testing

@Suite("JPEGImage embedded pictures")
struct JPEGImageEmbeddedPicturesTests {
    /// `bytes` with an APP1 Exif segment after SOI holding `thumbnail` in
    /// its IFD1 (JPEGInterchangeFormat, JPEGInterchangeFormatLength).
    static func withExifThumbnail(_ bytes: [UInt8], thumbnail: [UInt8]) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16) }
        // Little-endian TIFF: header (8), IFD0 empty (2 + 4) at 8, IFD1 at 14.
        var tiff: [UInt8] = Array("II".utf8) + u16(42) + u32(8)
        tiff += u16(0) + u32(14)
        tiff += u16(2)
        tiff += u16(0x0201) + u16(4) + u32(1) + u32(14 + 2 + 24 + 4)
        tiff += u16(0x0202) + u16(4) + u32(1) + u32(thumbnail.count)
        tiff += u32(0)
        tiff += thumbnail
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + bytes.dropFirst(2)
    }

    @Test("an Exif thumbnail is found, and removed on request; the rest reads back")
    func exifThumbnail() throws {
        let bytes = try JPEGSamples.fixture("testorig.jpg")
        let thumbnail = try JPEGSamples.fixture("testimgint.jpg")
        let withThumbnail = Self.withExifThumbnail(bytes, thumbnail: thumbnail)
        var image = try JPEGImage(withThumbnail)
        #expect(image.hasEmbeddedPicture)
        #expect(try JPEGImage(bytes).hasEmbeddedPicture == false)
        #expect(try image.encoded() == withThumbnail)
        image.removeEmbeddedPictures()
        #expect(!image.hasEmbeddedPicture)
        #expect(try image.encoded() == bytes)
    }

    @Test(
        "djpeg reads the file with its thumbnail and without",
        .enabled(if: InstalledTool.areInstalled("djpeg"), "djpeg missing"))
    func readBack() throws {
        let bytes = try JPEGSamples.fixture("testorig.jpg")
        let withThumbnail = Self.withExifThumbnail(bytes, thumbnail: try JPEGSamples.fixture("testimgint.jpg"))
        #expect(try JPEGSamples.djpeg(withThumbnail) == JPEGSamples.djpeg(bytes))
    }
}
