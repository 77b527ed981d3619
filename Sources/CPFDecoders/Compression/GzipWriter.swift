/// A streaming gzip compressor (RFC 1952): one member, compressed by
/// ``Deflater``, with the CRC-32 and size that `gzip -t` checks.
///
/// ```swift
/// let writer = GzipWriter(name: Array("relatorio.txt".utf8), modificationTime: 1_700_000_000)
/// var file: [UInt8] = []
/// for piece in pieces {
///     writer.compress(piece) { file.append(contentsOf: $0) }
/// }
/// writer.finish { file.append(contentsOf: $0) }
/// ```
///
/// The header says OS 3 (Unix) and, when given, the original name (FNAME);
/// MTIME is 0 (unknown) unless given, so the same data gives the same file.
///
/// - Complexity: O(*n*) time, O(1) memory, as ``Deflater``.
public final class GzipWriter {
    private let deflater: Deflater
    private var header: [UInt8]?
    private var crc = CRC32()
    private var size: UInt32 = 0

    /// Makes a writer of one member with the given header fields. A name
    /// holding a NUL is cut at it (RFC 1952 ends the field there).
    ///
    /// ```swift
    /// let writer = GzipWriter()   // no name, MTIME 0
    /// ```
    public init(
        name: [UInt8]? = nil, modificationTime: UInt32 = 0, maximumChainLength: Int = Deflater.defaultMaximumChainLength
    ) {
        deflater = Deflater(maximumChainLength: maximumChainLength)
        var bytes: [UInt8] = [0x1F, 0x8B, 8, name == nil ? 0 : 8]
        withUnsafeBytes(of: modificationTime.littleEndian) { bytes += $0 }
        bytes += [0, 3]
        if let name {
            bytes += name.prefix { $0 != 0 }
            bytes.append(0)
        }
        header = bytes
    }

    /// Compresses the next piece of data, handing the bytes of the file it
    /// completes to `output`.
    ///
    /// ```swift
    /// writer.compress(Array("CPF 390.533.447-05\n".utf8)) { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    public func compress(_ piece: UnsafeBufferPointer<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void)
        rethrows
    {
        try writeHeader(output)
        crc.update(piece)
        size &+= UInt32(truncatingIfNeeded: piece.count)
        try deflater.compress(piece, output: output)
    }

    /// Compresses the next piece of data, as the variant taking an
    /// `UnsafeBufferPointer` does.
    ///
    /// ```swift
    /// writer.compress(line) { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    public func compress(_ piece: some Collection<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows
    {
        let done: Void? = try piece.withContiguousStorageIfAvailable { try compress($0, output: output) }
        if done == nil {
            try Array(piece).withUnsafeBufferPointer { try compress($0, output: output) }
        }
    }

    /// Ends the member: the last block, then CRC-32 and ISIZE.
    ///
    /// ```swift
    /// writer.finish { out.write($0) }
    /// ```
    ///
    /// - Precondition: not called before.
    /// - Complexity: O(1) beyond the data still held.
    public func finish(output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try writeHeader(output)
        try deflater.finish(output: output)
        var trailer: [UInt8] = []
        withUnsafeBytes(of: crc.value.littleEndian) { trailer += $0 }
        withUnsafeBytes(of: size.littleEndian) { trailer += $0 }
        try trailer.withUnsafeBufferPointer { try output($0) }
    }

    /// Compresses `data` into a whole gzip file.
    ///
    /// ```swift
    /// let file = GzipWriter.compress(Array("texto".utf8))   // gzip -d reads it
    /// ```
    ///
    /// - Complexity: O(*n*) in the size of the data.
    public static func compress(_ data: [UInt8], name: [UInt8]? = nil) -> [UInt8] {
        let writer = GzipWriter(name: name)
        var file: [UInt8] = []
        writer.compress(data) { file.append(contentsOf: $0) }
        writer.finish { file.append(contentsOf: $0) }
        return file
    }

    private func writeHeader(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard let bytes = header else { return }
        header = nil
        try bytes.withUnsafeBufferPointer { try output($0) }
    }
}
