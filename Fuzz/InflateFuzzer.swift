// libFuzzer target: the Inflater on arbitrary bytes, and Deflater → Inflater
// round trips.
//
// `Scripts/fuzz.sh InflateFuzzer` builds and runs it, linked with the CPFDecoders
// target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the first byte is a selector, the rest is the data.
//   bit 0 clear: the data is a DEFLATE stream. Inflated whole, then again
//     in pieces whose sizes come from the selector's other bits; both runs
//     must give the same output and the same error (or none; the output
//     decoded before an error is handed over too), never more
//     output than the 1 MiB limit, and any error must be an InflateError or
//     a DecompressionLimitError.
//   bit 0 set: the data is plain bytes. Deflated with a chain length from
//     bits 1-3 (in pieces from bits 4-7), the stream must inflate back to
//     the data exactly, with nothing after its end.
//
// Every piece handed to the library is its own allocation of exactly its
// size, so AddressSanitizer sees any read past the end of a piece.

@testable import CPFDecoders

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if selector & 1 == 0 {
        checkInflate(bytes, pieceSize: Int(selector >> 1) + 1)
    } else {
        checkRoundTrip(
            bytes, chain: [1, 2, 4, 8, 16, 32, 64, 128][Int(selector >> 1) & 7], pieceSize: Int(selector >> 4) * 97 + 1)
    }
    return 0
}

let fuzzLimits = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 4000, ratioAllowance: 1 << 18)

/// Inflates `bytes` in pieces of `pieceSize`; the output and the error's description.
func inflatePieces(_ bytes: [UInt8], pieceSize: Int) -> ([UInt8], String?) {
    let inflater = Inflater(limits: fuzzLimits)
    var output: [UInt8] = []
    do {
        var at = 0
        while at < bytes.count {
            let count = min(pieceSize, bytes.count - at)
            let piece = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
            defer { piece.deallocate() }
            _ = piece.initialize(from: bytes[at..<at + count])
            try inflater.decompress(UnsafeBufferPointer(piece)) { output.append(contentsOf: $0) }
            at += count
        }
        try inflater.finish()
        return (output, nil)
    } catch {
        guard error is InflateError || error is DecompressionLimitError else { fatalError("unexpected error \(error)") }
        return (output, "\(error)")
    }
}

func checkInflate(_ bytes: [UInt8], pieceSize: Int) {
    let (whole, wholeError) = inflatePieces(bytes, pieceSize: max(1, bytes.count))
    let (pieces, piecesError) = inflatePieces(bytes, pieceSize: pieceSize)
    if whole.count > fuzzLimits.maximumOutputSize { fatalError("output over the limit: \(whole.count)") }
    if wholeError == nil || piecesError == nil {
        // A limit error may come at another point with other piece sizes; a
        // stream that decodes must decode the same in any pieces.
        if wholeError != piecesError || whole != pieces {
            fatalError(
                """
                whole: \(whole.count) bytes, \(wholeError ?? "ok"); pieces of \(pieceSize): \(pieces.count) \
                bytes, \(piecesError ?? "ok")
                """
            )
        }
    } else if !(wholeError!.contains("limit") || piecesError!.contains("limit"))
        && (wholeError != piecesError || whole != pieces)
    {
        fatalError("whole: \(wholeError!); pieces of \(pieceSize): \(piecesError!)")
    }
}

func checkRoundTrip(_ bytes: [UInt8], chain: Int, pieceSize: Int) {
    let deflater = Deflater(maximumChainLength: chain)
    var stream: [UInt8] = []
    var at = 0
    while at < bytes.count {
        let count = min(pieceSize, bytes.count - at)
        deflater.compress(bytes[at..<at + count]) { stream.append(contentsOf: $0) }
        at += count
    }
    deflater.finish { stream.append(contentsOf: $0) }
    let inflater = Inflater(limits: .none)
    var output: [UInt8] = []
    do {
        try inflater.decompress(stream) { output.append(contentsOf: $0) }
        try inflater.finish()
    } catch {
        fatalError("our own stream does not inflate: \(error)")
    }
    if output != bytes { fatalError("round trip changed \(bytes.count) bytes into \(output.count)") }
    if !inflater.takeTrailingBytes().isEmpty { fatalError("bytes after the end of our own stream") }
}
