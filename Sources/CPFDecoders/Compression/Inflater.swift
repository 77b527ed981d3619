/// A streaming DEFLATE decompressor (RFC 1951: stored, fixed and dynamic
/// Huffman blocks), written from the RFC.
///
/// Feed it the compressed input in pieces of any size with
/// `decompress(_:output:)`; it hands the output to your closure in pieces
/// as it goes, and keeps only the 32 KiB window RFC 1951 needs, a 256 KiB
/// output buffer and the bytes of a piece it could not decode yet (at most
/// a block header's few hundred). Call ``finish()`` when the input ends: a
/// stream cut short throws ``InflateError/truncatedInput``. The output is
/// checked against ``limits`` as it grows.
///
/// ```swift
/// let inflater = Inflater()
/// var text: [UInt8] = []
/// for piece in pieces {
///     try inflater.decompress(piece) { text.append(contentsOf: $0) }
/// }
/// try inflater.finish()
/// let rest = inflater.takeTrailingBytes()   // input after the final block
/// ```
///
/// The input after the end of the final block is kept, not decoded: a gzip
/// member's trailer, or the next member; take it with
/// ``takeTrailingBytes()`` (it is held until then). After an error the
/// inflater can only be ``reset()``. An `Inflater` is a reference type
/// because it owns its buffers; use one per stream and thread.
///
/// - Complexity: O(*n*) time in the sizes of input and output, O(1) memory.
public final class Inflater {
    /// The limits the output is checked against: the total of every stream
    /// since the inflater was made, across ``reset()``.
    public let limits: DecompressionLimits

    enum State: Equatable {
        case blockHeader
        case stored(remaining: Int)
        case huffman
        case done
    }

    static let windowSize = 32768
    /// The history kept plus the output made between two hand-overs.
    static let bufferCapacity = 256 * 1024
    /// A whole match (258 bytes) fits below this point, plus the 8 bytes a
    /// word-wide copy may write beyond its end.
    private static let bufferSlack = 8

    var state = State.blockHeader
    var isFinalBlock = false
    var tablesAreFixed = false

    var input: UnsafeMutablePointer<UInt8>
    var inputCapacity = 4096
    var inputCount = 0
    var inputPosition = 0
    var bitBuffer: UInt64 = 0
    var bitCount = 0

    let window: UnsafeMutablePointer<UInt8>
    var outputPosition = 0
    var handedOverUpTo = 0

    var totalInput = 0
    var totalHandedOver = 0

    let literalLengths = HuffmanTable(maximumSymbols: 288)
    let distances = HuffmanTable(maximumSymbols: 32)
    let codeLengths = HuffmanTable(maximumSymbols: 19)
    let lengths: UnsafeMutablePointer<UInt8> = .allocate(capacity: 320)

    /// Makes an inflater whose output is checked against `limits`.
    ///
    /// ```swift
    /// let inflater = Inflater(limits: .init(maximumOutputSize: 1 << 30, maximumRatio: 100, ratioAllowance: 1 << 20))
    /// ```
    public init(limits: DecompressionLimits = .default) {
        self.limits = limits
        input = .allocate(capacity: inputCapacity)
        window = .allocate(capacity: Self.bufferCapacity + Self.bufferSlack)
        window.initialize(repeating: 0, count: Self.bufferCapacity + Self.bufferSlack)
        lengths.initialize(repeating: 0, count: 320)
    }

    deinit {
        input.deallocate()
        window.deallocate()
        literalLengths.deallocate()
        distances.deallocate()
        codeLengths.deallocate()
        lengths.deallocate()
    }

    /// Whether the final block has ended: the stream is complete.
    public var isFinished: Bool { state == .done }

    /// The bytes of output handed over since the last ``reset()``.
    public internal(set) var outputCount = 0

    /// Starts a new stream (the next member of a gzip file), keeping the
    /// buffers and the totals ``limits`` apply to. Input after the end of
    /// the previous stream is dropped: take it first with
    /// ``takeTrailingBytes()``.
    ///
    /// - Complexity: O(1).
    public func reset() {
        state = .blockHeader
        isFinalBlock = false
        inputCount = 0
        inputPosition = 0
        bitBuffer = 0
        bitCount = 0
        outputPosition = 0
        handedOverUpTo = 0
        outputCount = 0
    }

    /// Decompresses the next piece of input, handing every byte of output it
    /// makes to `output` (in one or more calls) before it returns. After the
    /// end of the stream, input is only kept, for ``takeTrailingBytes()``.
    ///
    /// ```swift
    /// try inflater.decompress(piece) { decoded in sink.write(decoded) }
    /// ```
    ///
    /// Throws an ``InflateError`` for input that is not DEFLATE (after
    /// handing over the output decoded before the error), a
    /// ``DecompressionLimitError`` when a limit is broken, and what `output`
    /// throws.
    ///
    /// - Complexity: O(*n* + *m*) for *n* bytes of input and *m* of output.
    public func decompress(_ piece: UnsafeBufferPointer<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void)
        throws
    {
        appendInput(piece)
        if state == .done { return }
        totalInput += piece.count
        do {
            try run(output)
        } catch let error as InflateError {
            // What was decoded before the error is handed over all the same:
            // whatever the piece sizes, the caller sees the same output.
            try handOver(output)
            throw error
        }
        try handOver(output)
        unreadWholeBytes()
    }

    /// Decompresses the next piece of input; as the variant taking an
    /// `UnsafeBufferPointer` does.
    ///
    /// ```swift
    /// try inflater.decompress([0x03, 0x00]) { _ in }   // an empty final block
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

    /// Says that the input has ended: throws ``InflateError/truncatedInput``
    /// unless the final block ended.
    ///
    /// - Complexity: O(1).
    public func finish() throws(InflateError) {
        if state != .done { throw .truncatedInput }
    }

    /// The input given after the end of the final block, which is no part
    /// of the stream; it is removed from the inflater.
    ///
    /// - Complexity: O(*n*) in the number of those bytes.
    public func takeTrailingBytes() -> [UInt8] {
        guard state == .done else { return [] }
        let bytes = Array(UnsafeBufferPointer(start: input + inputPosition, count: inputCount - inputPosition))
        inputPosition = inputCount
        return bytes
    }

    /// Decompresses a whole DEFLATE stream held in memory; the bytes after
    /// its end are ignored.
    ///
    /// ```swift
    /// let text = try Inflater.inflate([0x4b, 0x4c, 0x4a, 0x06, 0x00])   // "abc"
    /// ```
    ///
    /// - Complexity: O(*n*) in the sizes of input and output.
    public static func inflate(_ stream: [UInt8], limits: DecompressionLimits = .default) throws -> [UInt8] {
        let inflater = Inflater(limits: limits)
        var result: [UInt8] = []
        try inflater.decompress(stream) { result.append(contentsOf: $0) }
        try inflater.finish()
        return result
    }
}
