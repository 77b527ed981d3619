/// A streaming gzip decompressor (RFC 1952) over ``Inflater``: every member
/// of a multi-member file, each member's CRC-32 and size checked.
///
/// Feed it the file in pieces with `decompress(_:output:)` and call
/// ``finish()`` at its end. Every header field of RFC 1952 is read
/// (FTEXT, FEXTRA, FNAME, FCOMMENT, FHCRC, whose CRC is checked too); a
/// member whose CRC-32 or ISIZE does not match its data is an error, as is a
/// file that ends inside a member.
///
/// After the last member, what follows is chosen by ``TrailingDataPolicy``:
/// by default NUL bytes are allowed (tape and block devices pad files
/// with them, and GNU gzip skips them) and anything else is an error, since
/// bytes that are not gzip were not decompressed, so not searched.
///
/// ```swift
/// let reader = GzipReader()
/// var text: [UInt8] = []
/// for piece in pieces {
///     try reader.decompress(piece) { text.append(contentsOf: $0) }
/// }
/// try reader.finish()
/// print(reader.memberCount, reader.header?.name ?? [])
/// ```
///
/// - Complexity: O(*n*) time in the sizes of input and output, O(1) memory
///   (header fields are capped at 64 KiB each).
public final class GzipReader {
    /// What may follow the last member.
    public enum TrailingDataPolicy: Hashable, Sendable {
        /// Only NUL bytes (padding); anything else throws ``GzipError/trailingData(offset:)``.
        case allowZeros
        /// Nothing at all.
        case reject
        /// Anything: ignored, not decompressed.
        case ignore
    }

    /// The header of a gzip member (RFC 1952, 2.3.1).
    public struct Header: Hashable, Sendable {
        /// MTIME: seconds since 1970, or 0 when unknown.
        public var modificationTime: UInt32 = 0
        /// XFL: 2 for maximum compression, 4 for the fastest.
        public var extraFlags: UInt8 = 0
        /// OS: the file system the member was made on (3 for Unix, 255 unknown).
        public var operatingSystem: UInt8 = 255
        /// FTEXT: the compressor thought the data was text.
        public var isText = false
        /// FEXTRA's bytes, when present.
        public var extra: [UInt8]?
        /// FNAME: the original file name (ISO 8859-1, no terminating NUL), when present.
        public var name: [UInt8]?
        /// FCOMMENT (ISO 8859-1, no terminating NUL), when present.
        public var comment: [UInt8]?
        /// FHCRC: the header carried a CRC-16 (which was checked).
        public var hasHeaderCRC = false

        /// An empty header: no name, MTIME 0, OS unknown.
        public init() {}
    }

    /// The limits on the output of the whole file, every member together.
    public var limits: DecompressionLimits { inflater.limits }
    /// What may follow the last member.
    public let trailingDataPolicy: TrailingDataPolicy
    /// The members decompressed and checked so far.
    public private(set) var memberCount = 0
    /// The header of the member being read, or of the last one.
    public private(set) var header: Header?
    /// The FNAME and FCOMMENT fields of the members' headers read since the
    /// last ``removeHeaderTexts()``, in order: text a reader of the file
    /// does not see, which a search for personal data must look at too.
    public private(set) var headerTexts: [(field: HeaderField, text: [UInt8])] = []

    /// A header field that holds text.
    public enum HeaderField: String, Sendable {
        /// FNAME, the original file name.
        case name
        /// FCOMMENT.
        case comment
    }

    /// Forgets the ``headerTexts`` read so far (so that a file of many
    /// members holds at most one slice's worth).
    public func removeHeaderTexts() {
        headerTexts.removeAll()
    }

    /// The longest FEXTRA, FNAME or FCOMMENT field accepted.
    public static let maximumHeaderFieldLength = 65536

    private enum State {
        case header
        case body
        case trailer
        case betweenMembers
        case padding
        case ignoring
    }

    private enum HeaderStep {
        case fixed, extraLength
        case extra(end: Int)
        case name, comment, headerCRC, done
    }

    private let inflater: Inflater
    private var state = State.header
    private var headerStep = HeaderStep.fixed
    private var headerBytes: [UInt8] = []
    private var fieldStart = 0
    private var trailerBytes: [UInt8] = []
    private var crc = CRC32()
    private var size: UInt32 = 0
    private var offset = 0

    /// Makes a reader whose output is checked against `limits` and which
    /// treats what follows the last member as `trailingData` says.
    ///
    /// ```swift
    /// let reader = GzipReader(limits: .default, trailingData: .ignore)
    /// ```
    public init(limits: DecompressionLimits = .default, trailingData: TrailingDataPolicy = .allowZeros) {
        inflater = Inflater(limits: limits)
        trailingDataPolicy = trailingData
    }

    /// Whether `prefix` starts like a gzip file: ID1 0x1f, ID2 0x8b and CM 8
    /// (deflate), whatever the file's name.
    ///
    /// ```swift
    /// GzipReader.isGzip([0x1f, 0x8b, 0x08, 0x00])   // true
    /// GzipReader.isGzip(Array("plain".utf8))        // false
    /// ```
    ///
    /// - Complexity: O(1).
    public static func isGzip(_ prefix: some Collection<UInt8>) -> Bool {
        prefix.starts(with: [0x1F, 0x8B, 0x08])
    }

    /// Decompresses a whole gzip file held in memory.
    ///
    /// ```swift
    /// let text = try GzipReader.decompress(compressedBytes)
    /// ```
    ///
    /// - Complexity: O(*n*) in the sizes of input and output.
    public static func decompress(
        _ file: [UInt8], limits: DecompressionLimits = .default,
        trailingData: TrailingDataPolicy = .allowZeros
    ) throws -> [UInt8] {
        let reader = GzipReader(limits: limits, trailingData: trailingData)
        var result: [UInt8] = []
        try reader.decompress(file) { result.append(contentsOf: $0) }
        try reader.finish()
        return result
    }

    /// Decompresses the next piece of the file, handing every byte of output
    /// it makes to `output` before it returns.
    ///
    /// ```swift
    /// try reader.decompress(piece) { decoded in scanner.scan(decoded) }
    /// ```
    ///
    /// Throws a ``GzipError``, an ``InflateError`` for a member whose data is
    /// not DEFLATE, a ``DecompressionLimitError``, and what `output` throws.
    ///
    /// - Complexity: O(*n* + *m*) for *n* bytes of input and *m* of output.
    public func decompress(_ piece: UnsafeBufferPointer<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void)
        throws
    {
        var leftover = try consume(piece, output: output)
        while let bytes = leftover {
            leftover = try bytes.withUnsafeBufferPointer { try consume($0, output: output) }
        }
    }

    /// Decompresses the next piece of the file, as the variant taking an
    /// `UnsafeBufferPointer` does.
    ///
    /// ```swift
    /// try reader.decompress(bytes[0..<4096]) { print($0.count) }
    /// ```
    ///
    /// - Complexity: O(*n* + *m*) for *n* bytes of input and *m* of output.
    public func decompress(_ piece: some Collection<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws
    {
        let done: Void? = try piece.withContiguousStorageIfAvailable { try decompress($0, output: output) }
        if done == nil {
            try Array(piece).withUnsafeBufferPointer { try decompress($0, output: output) }
        }
    }

    /// Says that the file has ended: throws ``GzipError/truncated`` unless
    /// at least one member was read and the last one is complete.
    ///
    /// - Complexity: O(1).
    public func finish() throws(GzipError) {
        switch state {
        case .betweenMembers, .padding, .ignoring:
            return
        case .header, .body, .trailer:
            throw .truncated
        }
    }

    // MARK: States

    /// Consumes `bytes`; returns the input after the end of a member's DEFLATE
    /// data, which is still to be consumed, or nil when all was consumed.
    private func consume(_ bytes: UnsafeBufferPointer<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void)
        throws -> [UInt8]?
    {
        var index = 0
        while index < bytes.count {
            switch state {
            case .betweenMembers:
                if bytes[index] == 0x1F {
                    state = .header
                    continue
                }
                try startTrailingData(at: offset)
            case .header:
                headerBytes.append(bytes[index])
                index += 1
                offset += 1
                try advanceHeader()
            case .body:
                let rest = UnsafeBufferPointer(rebasing: bytes[index...])
                try inflater.decompress(rest) { decoded in
                    crc.update(decoded)
                    size &+= UInt32(truncatingIfNeeded: decoded.count)
                    try output(decoded)
                }
                guard inflater.isFinished else {
                    offset += rest.count
                    return nil
                }
                // What the inflater read past the stream's end (some of it
                // perhaps from earlier pieces, already counted) is read again.
                let trailing = inflater.takeTrailingBytes()
                offset += rest.count - trailing.count
                state = .trailer
                return trailing
            case .trailer:
                trailerBytes.append(bytes[index])
                index += 1
                offset += 1
                if trailerBytes.count == 8 { try endMember() }
            case .padding:
                if bytes[index] != 0 { throw GzipError.trailingData(offset: offset) }
                index += 1
                offset += 1
            case .ignoring:
                offset += bytes.count - index
                return nil
            }
        }
        return nil
    }

    private func startTrailingData(at offset: Int) throws(GzipError) {
        switch trailingDataPolicy {
        case .allowZeros: state = .padding
        case .reject: throw .trailingData(offset: offset)
        case .ignore: state = .ignoring
        }
    }

    private func endMember() throws(GzipError) {
        let t = trailerBytes
        let expectedCRC = UInt32(t[0]) | UInt32(t[1]) << 8 | UInt32(t[2]) << 16 | UInt32(t[3]) << 24
        let expectedSize = UInt32(t[4]) | UInt32(t[5]) << 8 | UInt32(t[6]) << 16 | UInt32(t[7]) << 24
        if expectedCRC != crc.value { throw .crcMismatch(stored: expectedCRC, computed: crc.value) }
        if expectedSize != size { throw .sizeMismatch(stored: expectedSize, computed: size) }
        memberCount += 1
        trailerBytes.removeAll(keepingCapacity: true)
        state = .betweenMembers
    }

    /// Reads the header byte just appended to `headerBytes`.
    private func advanceHeader() throws {
        let count = headerBytes.count
        switch headerStep {
        case .fixed:
            if count == 2 && headerBytes != [0x1F, 0x8B] {
                if memberCount > 0 {
                    // What follows the last member only began like one.
                    let start = offset - 2
                    headerBytes.removeAll()
                    try startTrailingData(at: start)
                    if state == .padding { throw GzipError.trailingData(offset: start) }
                    return
                }
                throw GzipError.notGzip
            }
            guard count == 10 else { return }
            if headerBytes[2] != 8 { throw GzipError.unsupportedMethod(headerBytes[2]) }
            let flags = headerBytes[3]
            if flags & 0xE0 != 0 { throw GzipError.reservedFlags(flags) }
            var fresh = Header()
            fresh.isText = flags & 1 != 0
            fresh.hasHeaderCRC = flags & 2 != 0
            fresh.modificationTime =
                UInt32(headerBytes[4]) | UInt32(headerBytes[5]) << 8
                | UInt32(headerBytes[6]) << 16 | UInt32(headerBytes[7]) << 24
            fresh.extraFlags = headerBytes[8]
            fresh.operatingSystem = headerBytes[9]
            header = fresh
            nextHeaderStep(after: .fixed)
        case .extraLength:
            guard count == fieldStart + 2 else { return }
            let length = Int(headerBytes[fieldStart]) | Int(headerBytes[fieldStart + 1]) << 8
            fieldStart = count
            if length == 0 {
                header?.extra = []
                nextHeaderStep(after: .extra(end: count))
            } else {
                headerStep = .extra(end: count + length)
            }
        case .extra(let end):
            guard count == end else { return }
            header?.extra = Array(headerBytes[fieldStart..<end])
            nextHeaderStep(after: headerStep)
        case .name, .comment:
            if headerBytes[count - 1] != 0 {
                if count - fieldStart > Self.maximumHeaderFieldLength { throw GzipError.headerFieldTooLong }
                return
            }
            let field = Array(headerBytes[fieldStart..<count - 1])
            let kind: HeaderField
            if case .name = headerStep { kind = .name } else { kind = .comment }
            if kind == .name { header?.name = field } else { header?.comment = field }
            if !field.isEmpty { headerTexts.append((kind, field)) }
            nextHeaderStep(after: headerStep)
        case .headerCRC:
            guard count == fieldStart + 2 else { return }
            let stored = UInt16(headerBytes[fieldStart]) | UInt16(headerBytes[fieldStart + 1]) << 8
            let computed = UInt16(truncatingIfNeeded: CRC32.checksum(of: headerBytes[..<fieldStart]))
            if stored != computed { throw GzipError.headerCRCMismatch(stored: stored, computed: computed) }
            nextHeaderStep(after: .headerCRC)
        case .done:
            break
        }
    }

    /// Moves to the next field the flags announce, or to the member's data.
    private func nextHeaderStep(after step: HeaderStep) {
        let flags = headerBytes[3]
        fieldStart = headerBytes.count
        var order = 0
        switch step {
        case .fixed: order = 0
        case .extraLength, .extra: order = 1
        case .name: order = 2
        case .comment: order = 3
        case .headerCRC, .done: order = 4
        }
        if order < 1 && flags & 4 != 0 {
            headerStep = .extraLength
        } else if order < 2 && flags & 8 != 0 {
            headerStep = .name
        } else if order < 3 && flags & 16 != 0 {
            headerStep = .comment
        } else if order < 4 && flags & 2 != 0 {
            headerStep = .headerCRC
        } else {
            headerStep = .fixed
            headerBytes.removeAll(keepingCapacity: true)
            crc = CRC32()
            size = 0
            inflater.reset()
            state = .body
        }
    }
}
