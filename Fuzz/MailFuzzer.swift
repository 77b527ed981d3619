// libFuzzer target: the e-mail reader and rewriter (MailReader, MailRewriter,
// MailDetection).
//
// `Scripts/fuzz.sh MailFuzzer` builds and runs it, linked with the CPFDecoders
// target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the first byte is a selector, the rest is the input.
//   bit 0: a single message (clear) or an mbox file (set);
//   bits 1-7: the piece size, 1 to 128.
//
// Properties checked (a failure is a crash):
//   (a) reading in pieces gives the same segments and text as reading whole,
//       or the same error; the text is at most 3 bytes per input byte, and
//       every map lookup inside a piece lands inside the input;
//   (b) rewriting with no part chosen and headers kept gives the input back,
//       byte for byte;
//   (c) rewriting every part with its digits masked, then reading the
//       result, finds as many parts and no digit in any of them;
//   (d) reading with an attachment handler (at most 64 bytes held) gives the
//       same text, attachments and unread attachments in pieces as whole,
//       and no attachment longer than 64 bytes.

@testable import CPFDecoders

private struct Reading: Equatable {
    var segments: [String] = []
    var text: [UInt8] = []
    var bodyText: [UInt8] = []
    var error: MailError?
}

private func read(_ input: [UInt8], kind: MailDetection, pieceSize: Int, check: Bool) -> Reading {
    let reader = MailReader(kind: kind, maximumHeaderSize: 4096)
    var reading = Reading()
    let handler: MailReader.Handler = { segment, utf8, map in
        let name =
            switch segment {
            case .header: "header"
            case .structure: "structure"
            case .body(let part): "body \(part.index)"
            }
        if reading.segments.last != name { reading.segments.append(name) }
        reading.text += utf8
        if case .body = segment { reading.bodyText += utf8 }
        if check {
            for offset in [0, utf8.count / 2, utf8.count - 1] where offset >= 0 {
                guard let range = map.inputRange(ofOutputOffset: offset), range.lowerBound >= 0,
                    range.upperBound <= input.count, !range.isEmpty
                else {
                    fatalError("offset \(offset) of a piece maps outside the input")
                }
            }
        }
    }
    do {
        for start in stride(from: 0, to: input.count, by: pieceSize) {
            try reader.feed(input[start..<min(start + pieceSize, input.count)], handler: handler)
        }
        try reader.finish(handler: handler)
    } catch let error as MailError {
        reading.error = error
    } catch {
        fatalError("an error that is not a MailError: \(error)")
    }
    return reading
}

/// What a reader with an attachment handler hands over.
private struct AttachmentReading: Equatable {
    var text: [UInt8] = []
    var attachments: [[UInt8]] = []
    var unread: [MailReader.Attachment] = []
    var failed = false
}

private func readAttachments(_ input: [UInt8], kind: MailDetection, pieceSize: Int) -> AttachmentReading {
    var reading = AttachmentReading()
    let reader = MailReader(kind: kind, maximumHeaderSize: 4096, maximumAttachmentSize: 64) {
        reading.attachments.append($1)
    }
    let handler: MailReader.Handler = { _, utf8, _ in reading.text += utf8 }
    do {
        for start in stride(from: 0, to: input.count, by: pieceSize) {
            try reader.feed(input[start..<min(start + pieceSize, input.count)], handler: handler)
        }
        try reader.finish(handler: handler)
    } catch {
        reading.failed = true
    }
    reading.unread = reader.unreadAttachments
    return reading
}

private func rewrite(_ input: [UInt8], kind: MailDetection, pieceSize: Int, all: Bool) -> [UInt8]? {
    let rewriter = MailRewriter(
        kind: kind, maximumHeaderSize: 4096, rewrites: { _ in all },
        body: { _, text, _ in
            all ? text.map { (0x30...0x39).contains($0) ? UInt8(ascii: "*") : $0 } : text
        })
    var output: [UInt8] = []
    do {
        for start in stride(from: 0, to: input.count, by: pieceSize) {
            try rewriter.feed(input[start..<min(start + pieceSize, input.count)]) { output += $0 }
        }
        try rewriter.finish { output += $0 }
    } catch {
        return nil
    }
    return output
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let kind: MailDetection = selector & 1 == 0 ? .message : .mbox
    let pieceSize = Int(selector >> 1) + 1
    _ = MailDetection.detect(input)

    let whole = read(input, kind: kind, pieceSize: max(1, input.count), check: true)
    let pieces = read(input, kind: kind, pieceSize: pieceSize, check: false)
    if whole != pieces { fatalError("pieces of \(pieceSize) read differently") }
    if whole.text.count > 3 * input.count + 16 { fatalError("\(whole.text.count) bytes of text from \(input.count)") }

    if let same = rewrite(input, kind: kind, pieceSize: pieceSize, all: false), same != input {
        fatalError("rewriting nothing changed the input")
    }
    if let masked = rewrite(input, kind: kind, pieceSize: pieceSize, all: true) {
        let before = whole.segments.filter { $0.hasPrefix("body") }.count
        let reading = read(masked, kind: kind, pieceSize: 4096, check: false)
        let after = reading.segments.filter { $0.hasPrefix("body") }.count
        if reading.error == nil && after != before { fatalError("masking changed the parts: \(before) → \(after)") }
        if reading.error == nil && reading.bodyText.contains(where: { (0x30...0x39).contains($0) }) {
            fatalError("a digit is left in a masked part")
        }
    }
    let held = readAttachments(input, kind: kind, pieceSize: max(1, input.count))
    if held != readAttachments(input, kind: kind, pieceSize: pieceSize) {
        fatalError("pieces of \(pieceSize) handed attachments over differently")
    }
    if held.attachments.contains(where: { $0.count > 64 }) { fatalError("an attachment past the maximum") }
    return 0
}
