/// What `stat(2)` or `lstat(2)` says about a path, as much as the directory
/// walk needs.
struct FileStatus: Equatable {
    enum Kind: Equatable { case regular, directory, symbolicLink, other }

    let kind: Kind
    let size: Int
    let device: UInt64
    let inode: UInt64

    /// The status of `path`; with `followingLinks` false, of a link itself.
    init(_ path: RawText, followingLinks: Bool) throws(Errno) {
        var info = stat()
        let result = path.withCString { followingLinks ? stat($0, &info) : lstat($0, &info) }
        guard result == 0 else { throw .current }
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// The names in a directory (`opendir(3)`, `readdir(3)`), as bytes, without
/// `.` and `..`, in the order the system gives them.
func directoryEntryNames(_ path: RawText) throws(Errno) -> [[UInt8]] {
    guard let stream = path.withCString({ opendir($0) }) else { throw .current }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while true {
        errno = 0
        guard let entry = readdir(stream) else {
            if errno != 0 { throw .current }
            return names
        }
        let name = system_entryName(entry)
        if name == [0x2E] || name == [0x2E, 0x2E] { continue }
        names.append(name)
    }
}
