// libFuzzer target: the text encoding detection and the transcoders to and
// from UTF-8.
//
// `Scripts/fuzz.sh TranscodingFuzzer` builds and runs it, linked with the CPFDecoders
// target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the first byte is a selector, the rest is the data.
//   bits 0-2: the encoding (six of them; 6 and 7: the one detected);
//   bits 3-7: the piece size, 1 to 32.
//
// Properties checked (a failure is a crash):
//   (a) decoding the data gives valid UTF-8, the same in pieces as whole,
//       with an offset map that covers every output byte, in order, with
//       input ranges inside the data;
//   (b) that UTF-8 encoded back to the encoding and decoded again is the
//       same UTF-8 (Windows-1252: when nothing was replaced by `?`), but for
//       a U+FEFF at the start, which is then read as a byte order mark.

@testable import CPFDecoders

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let choice = Int(selector & 7)
    let encoding =
        choice < 6 ? CharacterEncoding.allCases[choice] : CharacterEncoding.detect(bytes, isComplete: true).encoding
    let pieceSize = Int(selector >> 3) + 1

    let whole = TextToUTF8Transcoder.transcode(bytes, from: encoding)
    guard String(validating: whole, as: UTF8.self) != nil else { fatalError("\(encoding): not valid UTF-8") }

    let transcoder = TextToUTF8Transcoder(encoding: encoding)
    var pieces: [UInt8] = []
    var runs: [TranscodingOffsetMap.Run] = []
    var at = 0
    while at < bytes.count {
        transcoder.decode(bytes[at..<min(at + pieceSize, bytes.count)]) { utf8, map in
            pieces.append(contentsOf: utf8)
            runs += map.runs
        }
        at += pieceSize
    }
    transcoder.finish { utf8, map in
        pieces.append(contentsOf: utf8)
        runs += map.runs
    }
    if pieces != whole { fatalError("\(encoding): pieces of \(pieceSize) decode differently") }
    var outputEnd = 0
    var inputEnd = 0
    for run in runs {
        if run.outputStart != outputEnd || run.inputStart < inputEnd || run.inputEnd > bytes.count || run.count <= 0 {
            fatalError("\(encoding): offset map run \(run) after output \(outputEnd), input \(inputEnd)")
        }
        outputEnd = run.outputEnd
        inputEnd = run.inputEnd
    }
    if outputEnd != whole.count { fatalError("\(encoding): the map covers \(outputEnd) of \(whole.count) bytes") }

    let writer = UTF8ToTextTranscoder(encoding: encoding)
    var encoded: [UInt8] = []
    writer.encode(whole) { encoded.append(contentsOf: $0) }
    writer.finish { encoded.append(contentsOf: $0) }
    if writer.replacementCount == 0 {
        let again = TextToUTF8Transcoder.transcode(encoded, from: encoding)
        // A U+FEFF at the very start is read as a byte order mark the second time.
        let startsWithMark = whole.starts(with: [0xEF, 0xBB, 0xBF]) && encoding != .windows1252
        if again != (startsWithMark ? Array(whole.dropFirst(3)) : whole) {
            fatalError("\(encoding): encoding back and decoding again changed the text")
        }
    }
    return 0
}
