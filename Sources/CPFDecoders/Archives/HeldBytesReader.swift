/// A positional reader over bytes held in memory, as ``ZipArchive`` and
/// ``TarArchive`` read a file: each call copies what is left from `offset`,
/// at most the buffer's size, and 0 past the end.
///
/// ```swift
/// let read = heldBytesReader(of: Array("nada".utf8))
/// ```
func heldBytesReader(of bytes: [UInt8]) -> (UnsafeMutableRawBufferPointer, UInt64) throws -> Int {
    { buffer, offset in
        guard offset < UInt64(bytes.count) else { return 0 }
        let start = Int(offset)
        let count = min(buffer.count, bytes.count - start)
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<start + count])) }
        return count
    }
}
