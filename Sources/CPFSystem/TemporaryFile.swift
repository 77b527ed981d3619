#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary files that leave nothing behind, whatever ends the process.
///
/// ```swift
/// let file = try TemporaryFile.makeUnnamed(in: "/tmp")
/// ```
package enum TemporaryFile {
    /// A new temporary file with no name in `directory`, open for reading
    /// and writing: unnamed from the start (`O_TMPFILE`) or, where the
    /// system cannot, made with `mkstemp` and unlinked at once.
    package static func makeUnnamed(in directory: String) throws(Errno) -> FileDescriptor {
        let unnamed = directory.withCString { system_openUnnamedFile(in: $0) }
        if unnamed >= 0 { return FileDescriptor(rawValue: unnamed) }
        let error = Errno.current
        // Only a system or file system without O_TMPFILE gets the named way;
        // a missing or read-only directory is an error either way.
        guard [EOPNOTSUPP, EISDIR, EINVAL, ENOSYS].contains(error.rawValue) else { throw error }
        var template =
            Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
            + Array("cpf-XXXXXX".utf8CString)
        let named = mkstemp(&template)
        guard named >= 0 else { throw Errno.current }
        _ = unlink(template)
        _ = fcntl(named, F_SETFD, FD_CLOEXEC)
        return FileDescriptor(rawValue: named)
    }
}
