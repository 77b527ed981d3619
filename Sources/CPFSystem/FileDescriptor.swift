#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor with the few calls `cpf` needs, each retried on
/// `EINTR` and turning `errno` into an ``Errno``.
package struct FileDescriptor: Equatable {
    package let rawValue: Int32

    /// The descriptor `rawValue`, already open (or -1 for none).
    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    package static let standardInput = FileDescriptor(rawValue: 0)
    package static let standardOutput = FileDescriptor(rawValue: 1)
    package static let standardError = FileDescriptor(rawValue: 2)

    /// Opens a file for reading.
    package static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
        try open(path, O_RDONLY | O_CLOEXEC)
    }

    /// Opens a file named by any bytes for reading.
    package static func openForReading(_ path: RawText) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingOnInterrupt { path.withCString { system_open($0, O_RDONLY | O_CLOEXEC) } })
    }

    /// Opens a file with `flags` (never creating it).
    package static func open(_ path: String, _ flags: Int32) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingOnInterrupt { system_open(path, flags) })
    }

    /// Opens a file named by any bytes for reading without blocking
    /// (`O_NONBLOCK`: a FIFO with no writer cannot hang the open) and
    /// without becoming the process's terminal (`O_NOCTTY`).
    package static func openForReadingWithoutBlocking(_ path: RawText) throws(Errno) -> FileDescriptor {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        return FileDescriptor(rawValue: try retryingOnInterrupt { path.withCString { system_open($0, flags) } })
    }

    /// Writes up to `bytes.count` bytes at the file offset `offset`
    /// (`pwrite(2)`), leaving the descriptor's own offset as it is; returns
    /// how many were written.
    package func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(Errno) -> Int {
        try retryingOnInterrupt { pwrite(rawValue, bytes.baseAddress, bytes.count, off_t(offset)) }
    }

    /// Cuts the file to nothing (`ftruncate(2)`), giving its blocks back;
    /// errors are ignored.
    package func truncate() {
        _ = ftruncate(rawValue, 0)
    }

    /// Creates the file `path` for writing, failing with `EEXIST` when it
    /// exists (`O_CREAT | O_EXCL`), with exactly `permissions`, whatever
    /// the umask (`fchmod(2)` after `open(2)`).
    package static func createNew(_ path: RawText, permissions: UInt32) throws(Errno) -> FileDescriptor {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
        let raw = try retryingOnInterrupt { path.withCString { system_open($0, flags, mode: mode_t(permissions)) } }
        _ = fchmod(raw, mode_t(permissions))
        return FileDescriptor(rawValue: raw)
    }

    /// Reads up to `buffer.count` bytes; 0 means the end of the input. A
    /// short read only means that no more was ready yet. A descriptor in
    /// non-blocking mode (a standard input shared with a program that set
    /// `O_NONBLOCK`) with nothing ready is waited for with `poll`, as a
    /// blocking one would be, instead of failing with `EAGAIN`.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            do {
                return try retryingOnInterrupt { system_read(rawValue, buffer.baseAddress, buffer.count) }
            } catch  where error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK {
                var request = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
                _ = poll(&request, 1, -1)  // then read again, which reports any error
            }
        }
    }

    /// Reads up to `buffer.count` bytes from the input offset `offset`
    /// (`pread(2)`), leaving the descriptor's own offset as it is; 0 means
    /// the end of the input.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Errno) -> Int {
        try retryingOnInterrupt { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// The descriptor's offset, where the next ``read(into:)`` starts.
    package func currentOffset() throws(Errno) -> Int {
        Int(try retryingOnInterrupt { Int(lseek(rawValue, 0, SEEK_CUR)) })
    }

    /// Moves the descriptor's offset to `offset`.
    package func seek(to offset: Int) throws(Errno) {
        _ = try retryingOnInterrupt { Int(lseek(rawValue, off_t(offset), SEEK_SET)) }
    }

    /// Writes all of `bytes`, looping over short writes. A descriptor in
    /// non-blocking mode (a standard output shared with a program that set
    /// `O_NONBLOCK`) that is full is waited for with `poll`, as a blocking
    /// one would be, instead of failing with `EAGAIN`.
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var written = 0
        while written < bytes.count {
            let remaining = UnsafeRawBufferPointer(rebasing: bytes[written...])
            do {
                written += try retryingOnInterrupt { system_write(rawValue, remaining.baseAddress, remaining.count) }
            } catch  where error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK {
                var request = pollfd(fd: rawValue, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)  // then write again, which reports any error
            }
        }
    }

    /// Whether a read would return at once (input, its end, or an error is
    /// ready), asked of `poll(2)` without waiting.
    package var hasInputReady: Bool {
        var request = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    /// Whether `path` names an existing regular file.
    package static func isExistingFile(_ path: RawText) -> Bool {
        var info = stat()
        return path.withCString { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The device and inode of the file open here, or `nil` when `fstat` fails.
    package var fileIdentity: FileIdentity? {
        var info = stat()
        guard fstat(rawValue, &info) == 0 else { return nil }
        return FileIdentity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            isRegularFile: info.st_mode & S_IFMT == S_IFREG)
    }

    /// Whether this descriptor is a terminal.
    package var isTerminal: Bool { isatty(rawValue) == 1 }

    package func close() {
        _ = system_close(rawValue)
    }
}

/// Which file a descriptor has open: two descriptors with the same device
/// and inode have the same file open.
package struct FileIdentity: Equatable {
    package let device: UInt64
    package let inode: UInt64
    package let isRegularFile: Bool
}
