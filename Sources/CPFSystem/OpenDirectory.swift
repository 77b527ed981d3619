#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory held open by its descriptor, and the calls that name files
/// relative to it (`openat`, `fstatat`, `renameat`, `unlinkat`), in the
/// manner of apple/swift-system.
///
/// Nothing here resolves a path twice: once a directory is open, the files
/// it names are found in *that* directory, whatever is renamed or replaced
/// by a symbolic link above it or beside it meanwhile. Names are single
/// path components; links are never followed (`O_NOFOLLOW`,
/// `AT_SYMLINK_NOFOLLOW`).
///
/// A reference type: a walk's entries share their folder's descriptor,
/// which is closed when the last of them is done.
///
/// ```swift
/// let folder = try OpenDirectory(RawText("logs"))
/// let file = try folder.openFile(Array("app.log".utf8))
/// ```
package final class OpenDirectory: @unchecked Sendable {
    package let descriptor: FileDescriptor

    /// Opens the directory at `path`, following links as a command-line
    /// argument is followed.
    package init(_ path: RawText) throws(Errno) {
        descriptor = FileDescriptor(
            rawValue: try retryingOnInterrupt {
                path.withCString { system_open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            })
    }

    private init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    deinit { descriptor.close() }

    /// Opens the directory `name` inside this one, never through a link
    /// (`ELOOP` or `ENOTDIR` when `name` is one, or is no longer a directory).
    package func openDirectory(_ name: [UInt8]) throws(Errno) -> OpenDirectory {
        OpenDirectory(descriptor: try open(name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC))
    }

    /// Opens the file `name` inside this one for reading, never through a
    /// link and without waiting (a FIFO opens at once; the caller checks
    /// that it is a regular file).
    package func openFile(_ name: [UInt8]) throws(Errno) -> FileDescriptor {
        try open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    }

    /// Creates the file `name` inside this one for writing, readable and
    /// writable by its owner only; `EEXIST` if anything has that name.
    package func createFile(_ name: [UInt8]) throws(Errno) -> FileDescriptor {
        try open(name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o600)
    }

    private func open(_ name: [UInt8], _ flags: Int32, mode: mode_t = 0) throws(Errno) -> FileDescriptor {
        FileDescriptor(
            rawValue: try retryingOnInterrupt {
                RawText(name).withCString { system_openAt(descriptor.rawValue, $0, flags, mode: mode) }
            })
    }

    /// What `name` inside this directory is, a link itself and not what it points to.
    package func status(of name: [UInt8]) throws(Errno) -> FileStatus {
        var info = stat()
        guard RawText(name).withCString({ fstatat(descriptor.rawValue, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw .current
        }
        return FileStatus(info)
    }

    /// Renames `name` to `newName`, both inside this directory, replacing
    /// whatever `newName` was.
    package func rename(_ name: [UInt8], to newName: [UInt8]) throws(Errno) {
        let result = RawText(name).withCString { from in
            RawText(newName).withCString { to in renameat(descriptor.rawValue, from, descriptor.rawValue, to) }
        }
        guard result == 0 else { throw .current }
    }

    /// Removes the file `name` inside this directory.
    package func remove(_ name: [UInt8]) {
        _ = RawText(name).withCString { unlinkat(descriptor.rawValue, $0, 0) }
    }

    /// Makes the directory's changes (a rename) durable, as far as the file system allows.
    package func synchronize() {
        _ = fsync(descriptor.rawValue)
    }

    /// The names in this directory (`readdir(3)` on a copy of the
    /// descriptor), as bytes, without `.` and `..`, in the order the system
    /// gives them; with each, whether it is a directory when the system
    /// says (`nil` when it does not).
    package func entries() throws(Errno) -> [(name: [UInt8], isDirectory: Bool?)] {
        let copy = try retryingOnInterrupt { fcntl(descriptor.rawValue, F_DUPFD_CLOEXEC, 0) }
        guard let stream = fdopendir(copy) else {
            let error = Errno.current
            _ = system_close(copy)
            throw error
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var result: [(name: [UInt8], isDirectory: Bool?)] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .current }
                return result
            }
            let name = system_entryName(entry)
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            result.append((name, system_entryIsDirectory(entry)))
        }
    }
}
