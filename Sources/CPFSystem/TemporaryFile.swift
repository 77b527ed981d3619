#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An anonymous temporary file (`tmpfile(3)`), buffered by the C library:
/// it has no name, and the system removes it when it is closed or the
/// process ends, however it ends.
///
/// ```swift
/// let file = try TemporaryFile()
/// try file.append(bytes)
/// try file.moveToStart()
/// let count = try file.read(into: buffer)
/// ```
package final class TemporaryFile {
    private let file: UnsafeMutablePointer<FILE>

    /// Makes the file; fails when the system cannot (no temporary folder, a full disk).
    package init() throws(Errno) {
        guard let made = tmpfile() else { throw Errno.current }
        file = made
    }

    deinit {
        fclose(file)
    }

    /// Writes `bytes` at the current position.
    package func append(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else { throw Errno.current }
    }

    /// Writes out what the C library buffers, then moves to the start, for
    /// reading or to write over what was there.
    package func moveToStart() throws(Errno) {
        guard fflush(file) == 0 else { throw Errno.current }
        rewind(file)
    }

    /// Reads up to `buffer.count` bytes from the current position; fewer
    /// only at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        let count = fread(buffer.baseAddress, 1, buffer.count, file)
        if count < buffer.count, ferror(file) != 0 { throw Errno.current }
        return count
    }
}
