#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An error number from the C library, with its readable text.
struct Errno: Error, Equatable, CustomStringConvertible {
    let rawValue: Int32

    /// The current `errno`.
    static var current: Errno { Errno(rawValue: errno) }

    static let interrupted = Errno(rawValue: EINTR)
    static let brokenPipe = Errno(rawValue: EPIPE)
    static let isDirectory = Errno(rawValue: EISDIR)

    /// `strerror`'s text, such as "No such file or directory".
    var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }
}

/// An open file descriptor with the few calls `cpf` needs, each retried on
/// `EINTR` and turning `errno` into an ``Errno``.
struct FileDescriptor: Equatable {
    let rawValue: Int32

    static let standardInput = FileDescriptor(rawValue: 0)
    static let standardOutput = FileDescriptor(rawValue: 1)
    static let standardError = FileDescriptor(rawValue: 2)

    /// Opens a file for reading.
    static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
        let descriptor = try retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
        return FileDescriptor(rawValue: descriptor)
    }

    /// Reads up to `buffer.count` bytes; 0 means the end of the input. A
    /// short read only means that no more was ready yet.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingOnInterrupt {
            #if canImport(Darwin)
            Darwin.read(rawValue, buffer.baseAddress, buffer.count)
            #else
            Glibc.read(rawValue, buffer.baseAddress, buffer.count)
            #endif
        }
    }

    /// Writes all of `bytes`, looping over short writes.
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var written = 0
        while written < bytes.count {
            let remaining = UnsafeRawBufferPointer(rebasing: bytes[written...])
            written += try retryingOnInterrupt {
                #if canImport(Darwin)
                Darwin.write(rawValue, remaining.baseAddress, remaining.count)
                #else
                Glibc.write(rawValue, remaining.baseAddress, remaining.count)
                #endif
            }
        }
    }

    /// Whether this descriptor is a terminal.
    var isTerminal: Bool { isatty(rawValue) == 1 }

    func close() {
        _ = closeDescriptor(rawValue)
    }
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(descriptor)
    #else
    Glibc.close(descriptor)
    #endif
}

/// Calls `body` until it does not fail with `EINTR`; a -1 result becomes an ``Errno``.
@inline(__always)
func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) throws(Errno) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let error = Errno.current
        if error != .interrupted { throw error }
    }
}

/// Process-wide signal set-up: a closed pipe downstream ends `cpf` at once,
/// quietly, as it does any Unix filter (the default action of SIGPIPE), even
/// when the parent process ignored the signal.
func restoreDefaultSignalHandling() {
    signal(SIGPIPE, SIG_DFL)
}

/// Ends the process with `status`, without running anything more.
func terminate(_ status: Int32) -> Never {
    exit(status)
}
