// Support for the unit tests of the system layer and the command-line
// library: file descriptors holding given bytes, pipes fed by another
// thread, and bytes shown readably in failure messages.

import CPFSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An empty temporary file (already unlinked), open for reading and writing
/// at `fd`, for the duration of `body`.
package func withTemporaryFile<T>(_ body: (_ fd: Int32) throws -> T) rethrows -> T {
    var template = Array("/tmp/cpf-unit-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    precondition(fd >= 0, "mkstemp failed")
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    defer { close(fd) }
    return try body(fd)
}

/// A temporary file (already unlinked) holding `bytes`, open for reading at
/// its start, for the duration of `body`.
package func withFileDescriptor<T>(containing bytes: [UInt8], _ body: (FileDescriptor) throws -> T) rethrows -> T {
    try withTemporaryFile { fd in
        bytes.withUnsafeBytes { writeWhole(fd, $0) }
        lseek(fd, 0, SEEK_SET)
        return try body(FileDescriptor(rawValue: fd))
    }
}

/// The read end of a pipe fed with `bytes` by another thread, in writes of
/// the given sizes (cycled), so that reads come back short and cut anywhere.
package func withPipe<T>(
    feeding bytes: [UInt8], inWritesOf sizes: [Int], pauseMicroseconds: UInt32 = 0,
    _ body: (FileDescriptor) throws -> T
) rethrows -> T {
    let (readEnd, writeEnd) = makePipe()
    let done = DispatchSemaphore(value: 0)
    let data = bytes
    DispatchQueue.global().async {
        data.withUnsafeBytes { buffer in
            var offset = 0
            var turn = 0
            while offset < buffer.count {
                let size = min(max(1, sizes[turn % sizes.count]), buffer.count - offset)
                turn += 1
                var sent = 0
                while sent < size {
                    let written = write(writeEnd, buffer.baseAddress! + offset + sent, size - sent)
                    if written <= 0 { break }
                    sent += written
                }
                offset += size
                if pauseMicroseconds > 0 { usleep(pauseMicroseconds) }
            }
        }
        close(writeEnd)
        done.signal()
    }
    defer {
        close(readEnd)
        done.wait()
    }
    return try body(FileDescriptor(rawValue: readEnd))
}

/// Everything in the file open on `fd`, from its start (see ``readToEnd(_:)``).
package func readBack(_ fd: Int32) -> [UInt8] {
    lseek(fd, 0, SEEK_SET)
    return Array(readToEnd(fd))
}

/// Calls `body` with the bytes of `array` as a raw buffer.
package func withBytes<T>(_ array: [UInt8], _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    try array.withUnsafeBytes(body)
}

/// Readable bytes for failure messages.
package func show(_ bytes: [UInt8]) -> String {
    var text = "\""
    for byte in bytes {
        switch byte {
        case 0x0A: text += "\\n"
        case 0x0D: text += "\\r"
        case 0x22: text += "\\\""
        case 0x5C: text += "\\\\"
        case 0x20..<0x7F: text += String(UnicodeScalar(byte))
        default: text += String(format: "\\x%02x", byte)
        }
    }
    return text + "\""
}
