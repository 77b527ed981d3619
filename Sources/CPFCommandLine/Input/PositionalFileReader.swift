import CPFSystem

/// Reads a regular file at offsets counted from `start`, for
/// ``ZipArchive``: each call fills the buffer but at the file's end, and a
/// read error is kept, to be thrown again as the `Errno` it was.
final class PositionalFileReader {
    let descriptor: FileDescriptor
    let start: Int
    /// The read error that stopped a read, if one did.
    private(set) var error: Errno?

    init(_ descriptor: FileDescriptor, start: Int) {
        self.descriptor = descriptor
        self.start = start
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        var done = 0
        while done < buffer.count {
            let count: Int
            do throws(Errno) {
                count = try descriptor.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: start + Int(offset) + done)
            } catch {
                self.error = error
                throw error
            }
            if count == 0 { break }
            done += count
        }
        return done
    }
}
