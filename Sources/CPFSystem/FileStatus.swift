/// What `fstat(2)` or `fstatat(2)` says about a file, as much as the
/// directory walk and the in-place rewrite need.
struct FileStatus: Equatable {
    enum Kind: Equatable { case regular, directory, symbolicLink, other }

    let kind: Kind
    let size: Int
    let device: UInt64
    let inode: UInt64
    /// The permission bits, set-user-ID, set-group-ID and sticky bits included.
    let permissions: mode_t
    let owner: uid_t
    let group: gid_t
    /// How many names (hard links) the file has.
    let linkCount: Int
    /// The last change of the contents, and of the contents or the
    /// metadata, in nanoseconds: a writer that keeps the size changes one
    /// of them, and nobody can set the second back.
    let modified: Int64
    let changed: Int64

    /// The status of `path`; with `followingLinks` false, of a link itself.
    init(_ path: RawText, followingLinks: Bool) throws(Errno) {
        var info = stat()
        let result = path.withCString { followingLinks ? stat($0, &info) : lstat($0, &info) }
        guard result == 0 else { throw .current }
        self.init(info)
    }

    /// The status of the file open at `descriptor`.
    init(_ descriptor: FileDescriptor) throws(Errno) {
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0 else { throw .current }
        self.init(info)
    }

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        permissions = info.st_mode & 0o7777
        owner = info.st_uid
        group = info.st_gid
        linkCount = Int(info.st_nlink)
        modified = system_nanoseconds(modificationOf: info)
        changed = system_nanoseconds(changeOf: info)
    }

    /// Whether both describe the same file (device and inode).
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}
