#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `fstat(2)` or `fstatat(2)` says about a file, as much as the
/// directory walk and the in-place rewrite need.
package struct FileStatus: Equatable {
    package enum Kind: Equatable { case regular, directory, symbolicLink, other }

    package let kind: Kind
    package let size: Int
    package let device: UInt64
    package let inode: UInt64
    /// The permission bits, set-user-ID, set-group-ID and sticky bits included.
    package let permissions: UInt32
    package let owner: UInt32
    package let group: UInt32
    /// How many names (hard links) the file has.
    package let linkCount: Int
    /// The last change of the contents, and of the contents or the
    /// metadata, in nanoseconds: a writer that keeps the size changes one
    /// of them, and nobody can set the second back.
    package let modified: Int64
    package let changed: Int64

    /// The status of `path`; with `followingLinks` false, of a link itself.
    package init(_ path: RawText, followingLinks: Bool) throws(Errno) {
        var info = stat()
        let result = path.withCString { followingLinks ? stat($0, &info) : lstat($0, &info) }
        guard result == 0 else { throw .current }
        self.init(info)
    }

    /// The status of the file open at `descriptor`.
    package init(_ descriptor: FileDescriptor) throws(Errno) {
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0 else { throw .current }
        self.init(info)
    }

    package init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        permissions = UInt32(info.st_mode & 0o7777)
        owner = UInt32(info.st_uid)
        group = UInt32(info.st_gid)
        linkCount = Int(info.st_nlink)
        modified = system_nanoseconds(modificationOf: info)
        changed = system_nanoseconds(changeOf: info)
    }

    /// Whether both describe the same file (device and inode).
    package func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}
