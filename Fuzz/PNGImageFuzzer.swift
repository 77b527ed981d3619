// libFuzzer target: PNGImage on arbitrary bytes, and what it writes.
//
// `Scripts/fuzz.sh PNGImageFuzzer` builds and runs it, linked with the CPFDecoders
// target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the bytes are a PNG file, the signature put in front when
// the first byte is not 0x89 (so the fuzzer reaches the chunks at once),
// and every chunk's CRC made right (so a mutation reaches past the check).
// The file must decode or throw a PNGError (typed throws: nothing else can
// come), under 4 MiB of raw image; when it decodes, a rectangle from the
// first bytes is painted, the image written and decoded again: the pixels
// must be those painted, and a second writing must give the same file.

@testable import CPFDecoders

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.first != 0x89 { bytes = PNGTextChunks.signature + bytes }
    if let (chunks, _) = try? PNGTextChunks.readChunks(bytes) {
        for chunk in chunks {
            let crc = CRC32.checksum(of: bytes[(chunk.start + 4)..<chunk.data.upperBound])
            for index in 0..<4 {
                bytes[chunk.data.upperBound + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index))
            }
        }
    }
    let limits = DecompressionLimits(maximumOutputSize: 4 << 20, maximumRatio: 1100, ratioAllowance: 1 << 16)
    guard var image = try? PNGImage(bytes, limits: limits) else { return 0 }
    let seed = bytes.count > 12 ? Int(bytes[9]) ^ Int(bytes[11]) << 3 : 0
    let rectangle = PixelRectangle(x: seed % 7 - 2, y: seed % 5 - 1, width: seed % 13, height: seed % 11)
    image.paint([rectangle])
    let written = image.encoded()
    let decoded: PNGImage
    do {
        decoded = try PNGImage(written, limits: .none)
    } catch {
        fatalError("our own file does not decode: \(error)")
    }
    if decoded.pixels != image.pixels || decoded.palette != image.palette { fatalError("pixels changed") }
    if decoded.encoded() != written { fatalError("writing again changed the file") }
    return 0
}
