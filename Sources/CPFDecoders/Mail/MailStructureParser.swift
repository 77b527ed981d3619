/// The structure of an e-mail message or mbox file, read line by line:
/// what the reader and the rewriter share. It splits the input into header
/// blocks, leaf bodies (content and line breaks, held until the next line
/// says whether they end the body) and the bytes between (boundaries,
/// preambles, epilogues, mbox `From ` lines), each with its input offset.
/// Every input byte is handed over exactly once, in order.
final class MailStructureParser {
    enum Event {
        /// Bytes that belong to no header and no body.
        case structure([UInt8], offset: Int)
        /// A whole header block, its ending blank line included.
        case header([UInt8], offset: Int)
        /// A leaf body starts; `lineBreak` is the line break its header used.
        case partStart(MailPart, lineBreak: [UInt8])
        /// Body bytes of one line (without its line break); `lineContinues`
        /// when the line is longer and more of it follows.
        case content([UInt8], offset: Int, lineContinues: Bool)
        /// The line break after body content, once the next line is known
        /// to be body too (or the input ended).
        case lineBreak([UInt8], offset: Int)
        /// The leaf body ended.
        case partEnd
    }

    /// The longest header block, in bytes.
    let maximumHeaderSize: Int
    /// The deepest nesting of multipart entities.
    static let maximumDepth = 64
    /// A line longer than this is handed over in pieces (it cannot be a boundary).
    static let maximumLineChunk = 4096

    private enum State {
        case headers(defaultMediaType: String)
        case leaf
        case structure
    }

    private let isMbox: Bool
    private var state: State = .headers(defaultMediaType: "text/plain")
    private var headerBuffer: [UInt8] = []
    private var headerOffset = 0
    /// The boundaries of the open multipart entities, outermost first, with
    /// the default media type of their parts.
    private var boundaries: [(boundary: [UInt8], partType: String)] = []
    private var heldLineBreak: ([UInt8], Int)?
    private var inLongLine = false
    private var carry: [UInt8] = []
    private var carryOffset = 0
    private var partCount = 0
    private var failure: MailError?

    init(isMbox: Bool, maximumHeaderSize: Int) {
        self.isMbox = isMbox
        self.maximumHeaderSize = maximumHeaderSize
    }

    func feed(_ piece: some Collection<UInt8>, _ handler: (Event) throws -> Void) throws {
        if let failure { throw failure }
        carry.append(contentsOf: piece)
        var start = 0
        while let newline = carry[start...].firstIndex(of: 0x0A) {
            let contentEnd = newline > start && carry[newline - 1] == 0x0D ? newline - 1 : newline
            try line(
                Array(carry[start..<contentEnd]), Array(carry[contentEnd...newline]), offset: carryOffset + start,
                handler)
            start = newline + 1
        }
        carry.removeFirst(start)
        carryOffset += start
        if carry.count > Self.maximumLineChunk {
            // A long line: hand over all but a last CR, which may start a CRLF.
            let cut = carry.last == 0x0D ? carry.count - 1 : carry.count
            try longLinePiece(Array(carry[..<cut]), offset: carryOffset, handler)
            carry.removeFirst(cut)
            carryOffset += cut
        }
    }

    func finish(_ handler: (Event) throws -> Void) throws {
        if let failure { throw failure }
        if !carry.isEmpty {
            try line(carry, [], offset: carryOffset, handler)
            carryOffset += carry.count
            carry.removeAll()
        }
        switch state {
        case .headers:
            if !headerBuffer.isEmpty { try handler(.header(headerBuffer, offset: headerOffset)) }
            headerBuffer.removeAll()
        case .leaf:
            if let (bytes, offset) = heldLineBreak { try handler(.lineBreak(bytes, offset: offset)) }
            heldLineBreak = nil
            try handler(.partEnd)
        case .structure:
            break
        }
        state = .structure
    }

    private func fail(_ error: MailError) -> MailError {
        failure = error
        return error
    }

    private func longLinePiece(_ bytes: [UInt8], offset: Int, _ handler: (Event) throws -> Void) throws {
        switch state {
        case .headers:
            headerBuffer += bytes
            if headerBuffer.count > maximumHeaderSize { throw fail(.headerTooLong(limit: maximumHeaderSize)) }
        case .leaf:
            if !inLongLine, let (held, heldOffset) = heldLineBreak {
                try handler(.lineBreak(held, offset: heldOffset))
                heldLineBreak = nil
            }
            try handler(.content(bytes, offset: offset, lineContinues: true))
        case .structure:
            try handler(.structure(bytes, offset: offset))
        }
        inLongLine = true
    }

    /// Which open boundary a line is, if any: its depth and whether it closes.
    private func boundary(of content: [UInt8]) -> (depth: Int, closes: Bool)? {
        guard content.count >= 3, content[0] == 0x2D, content[1] == 0x2D else { return nil }
        for depth in boundaries.indices.reversed() {
            let boundary = boundaries[depth].boundary
            guard content.count >= 2 + boundary.count, content[2..<2 + boundary.count].elementsEqual(boundary) else {
                continue
            }
            var rest = content[(2 + boundary.count)...]
            var closes = false
            if rest.starts(with: [0x2D, 0x2D]) {
                closes = true
                rest = rest.dropFirst(2)
            }
            if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return (depth, closes) }
        }
        return nil
    }

    /// Ends the entity being read before a boundary or a `From ` line.
    private func endEntity(_ handler: (Event) throws -> Void) throws {
        switch state {
        case .headers:
            if !headerBuffer.isEmpty { try handler(.header(headerBuffer, offset: headerOffset)) }
            headerBuffer.removeAll()
        case .leaf:
            // The part ends first: its decoders may still hold bytes that come before the line break.
            try handler(.partEnd)
            if let (bytes, offset) = heldLineBreak { try handler(.structure(bytes, offset: offset)) }
            heldLineBreak = nil
        case .structure:
            break
        }
    }

    private func line(_ content: [UInt8], _ lineBreak: [UInt8], offset: Int, _ handler: (Event) throws -> Void) throws {
        let continued = inLongLine
        inLongLine = false
        if !continued {
            if isMbox && content.starts(with: [0x46, 0x72, 0x6F, 0x6D, 0x20]) {  // "From "
                try endEntity(handler)
                boundaries.removeAll()
                try handler(.structure(content + lineBreak, offset: offset))
                state = .headers(defaultMediaType: "text/plain")
                headerOffset = offset + content.count + lineBreak.count
                return
            }
            if let (depth, closes) = boundary(of: content) {
                try endEntity(handler)
                let partType = boundaries[depth].partType
                boundaries.removeLast(boundaries.count - depth - (closes ? 0 : 1))
                try handler(.structure(content + lineBreak, offset: offset))
                state = closes ? .structure : .headers(defaultMediaType: partType)
                headerOffset = offset + content.count + lineBreak.count
                return
            }
        }
        switch state {
        case .headers(let defaultMediaType):
            headerBuffer += content
            headerBuffer += lineBreak
            if headerBuffer.count > maximumHeaderSize { throw fail(.headerTooLong(limit: maximumHeaderSize)) }
            guard content.isEmpty && !continued else { return }
            try handler(.header(headerBuffer, offset: headerOffset))
            let part = MailPart(header: headerBuffer, index: partCount, defaultMediaType: defaultMediaType)
            headerBuffer.removeAll()
            headerOffset = offset + lineBreak.count
            if part.isMultipart, let boundary = part.boundary {
                guard boundaries.count < Self.maximumDepth else {
                    throw fail(.nestingTooDeep(limit: Self.maximumDepth))
                }
                boundaries.append((boundary, part.mediaType == "multipart/digest" ? "message/rfc822" : "text/plain"))
                state = .structure
            } else if part.isMessage {
                state = .headers(defaultMediaType: "text/plain")
            } else {
                partCount += 1
                try handler(.partStart(part, lineBreak: lineBreak.isEmpty ? [0x0D, 0x0A] : lineBreak))
                state = .leaf
            }
        case .leaf:
            if !continued, let (held, heldOffset) = heldLineBreak {
                try handler(.lineBreak(held, offset: heldOffset))
            }
            heldLineBreak = nil
            if !content.isEmpty { try handler(.content(content, offset: offset, lineContinues: false)) }
            if !lineBreak.isEmpty { heldLineBreak = (lineBreak, offset + content.count) }
        case .structure:
            try handler(.structure(content + lineBreak, offset: offset))
        }
    }
}
