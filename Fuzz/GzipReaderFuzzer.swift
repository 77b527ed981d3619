// libFuzzer target: the GzipReader on arbitrary bytes, and GzipWriter →
// GzipReader round trips.
//
// `Scripts/fuzz.sh GzipReaderFuzzer` builds and runs it, linked with the CPFDecoders
// target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the first byte is a selector, the rest is the data.
//   bit 0 clear: the data, after a gzip magic (1f 8b 08), is a gzip file.
//     Read whole and in pieces (sizes from the selector), under each of the
//     three trailing-data policies in turn; the pieces must give the same
//     output (the part before an error included) and error as the whole, never more than the 1 MiB limit, and
//     errors must be the decoders' own.
//   bit 0 set: the data is written by a GzipWriter in two or more members
//     (cut at a point from the selector) and must read back exactly, with
//     the member count and a name kept.

@testable import CPFDecoders

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if selector & 1 == 0 {
        let file = [0x1F, 0x8B, 0x08] + bytes
        let policy = [GzipReader.TrailingDataPolicy.allowZeros, .reject, .ignore][Int(selector >> 1) % 3]
        let (whole, wholeError) = readPieces(file, pieceSize: file.count, policy: policy)
        let (pieces, piecesError) = readPieces(file, pieceSize: Int(selector >> 3) + 1, policy: policy)
        if whole.count > 1 << 20 { fatalError("output over the limit: \(whole.count)") }
        let limited = (wholeError ?? "").contains("limit") || (piecesError ?? "").contains("limit")
        if !limited && (wholeError != piecesError || whole != pieces) {
            fatalError(
                """
                whole: \(whole.count) bytes, \(wholeError ?? "ok"); pieces: \(pieces.count) bytes, \
                \(piecesError ?? "ok")
                """
            )
        }
    } else {
        let cut = bytes.isEmpty ? 0 : Int(selector >> 1) % (bytes.count + 1)
        var file: [UInt8] = []
        for part in [bytes[..<cut], bytes[cut...]] {
            let writer = GzipWriter(name: Array("parte".utf8))
            writer.compress(part) { file.append(contentsOf: $0) }
            writer.finish { file.append(contentsOf: $0) }
        }
        let reader = GzipReader(limits: .none)
        var output: [UInt8] = []
        do {
            try reader.decompress(file) { output.append(contentsOf: $0) }
            try reader.finish()
        } catch {
            fatalError("our own gzip file does not read: \(error)")
        }
        if output != bytes || reader.memberCount != 2 || reader.header?.name != Array("parte".utf8) {
            fatalError("round trip changed \(bytes.count) bytes into \(output.count), \(reader.memberCount) members")
        }
    }
    return 0
}

func readPieces(_ file: [UInt8], pieceSize: Int, policy: GzipReader.TrailingDataPolicy) -> ([UInt8], String?) {
    let reader = GzipReader(
        limits: DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 4000, ratioAllowance: 1 << 18),
        trailingData: policy)
    var output: [UInt8] = []
    do {
        var at = 0
        while at < file.count {
            let count = min(pieceSize, file.count - at)
            let piece = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
            defer { piece.deallocate() }
            _ = piece.initialize(from: file[at..<at + count])
            try reader.decompress(UnsafeBufferPointer(piece)) { output.append(contentsOf: $0) }
            at += count
        }
        try reader.finish()
        return (output, nil)
    } catch {
        guard error is GzipError || error is InflateError || error is DecompressionLimitError else {
            fatalError("unexpected error \(error)")
        }
        return (output, "\(error)")
    }
}
