// Reads of a zip archive through the caller's closure, bounds and short
// reads checked.

extension ZipArchive {
    /// Reads through the caller's closure, checking bounds and short reads.
    struct Reading {
        let size: UInt64
        let read: (UnsafeMutableRawBufferPointer, UInt64) throws -> Int

        func fill(_ buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws {
            guard offset <= size, UInt64(buffer.count) <= size - offset else { throw ZipError.truncated }
            var done = 0
            while done < buffer.count {
                let count = try read(UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), offset + UInt64(done))
                guard count > 0 else { throw ZipError.truncated }
                done += min(count, buffer.count - done)
            }
        }

        func bytes(_ count: Int, at offset: UInt64) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            try bytes.withUnsafeMutableBytes { try fill($0, at: offset) }
            return bytes
        }
    }
}
