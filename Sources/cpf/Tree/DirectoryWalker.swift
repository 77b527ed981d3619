/// One input of `find` or `redact` after the walk: a file to read, or a
/// note (an entry skipped, an unreadable one) to print in its place.
struct TreeEntry: Equatable {
    enum Kind: Equatable {
        /// A file named on the command line, opened as given (a link
        /// followed, a pipe read), or standard input (`-`).
        case argument
        /// A regular file found below a directory argument: opened without
        /// following a link and without waiting.
        case found
        /// Not a regular file (a FIFO, a socket, a device): skipped, with a
        /// note; not an error.
        case skipped
        /// Could not be listed or looked at: reported, exit status 2.
        case unreadable(Errno)
    }

    let path: RawText
    let kind: Kind
    /// Its size in bytes when known (for the progress display), else 0.
    let size: Int
}

/// Lists the inputs that FILE arguments stand for. Without `recursive`,
/// each argument as it is. With it, each directory argument is replaced by
/// the regular files below it, in sorted path order (byte by byte).
///
/// Below the arguments, symbolic links are never followed (a link named as
/// an argument is), so a walk cannot loop (a directory met again through a
/// bind mount is not entered twice either). FIFOs, sockets and devices are
/// skipped with a note, never opened, so nothing can block; an entry that
/// cannot be listed or looked at (no permission, gone meanwhile) is reported
/// and skipped.
struct DirectoryWalker {
    var recursive = false
    /// Called with each path below an argument before it is looked at (a
    /// test removes a file there to see a walk race with a deletion).
    var willLookAt: ((RawText) -> Void)?

    func entries(for arguments: [RawText]) -> [TreeEntry] {
        var result: [TreeEntry] = []
        for argument in arguments {
            let status = argument == "-" ? nil : try? FileStatus(argument, followingLinks: true)
            if recursive, let status, status.kind == .directory {
                var below: [TreeEntry] = []
                var ancestors: [FileKey] = []
                walk(argument, into: &below, ancestors: &ancestors)
                below.sort { $0.path.bytes.lexicographicallyPrecedes($1.path.bytes) }
                result += below
            } else {
                let size = status?.kind == .regular ? status!.size : 0
                result.append(TreeEntry(path: argument, kind: .argument, size: size))
            }
        }
        return result
    }

    /// Which file a status describes.
    private struct FileKey: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    private func walk(_ directory: RawText, into result: inout [TreeEntry], ancestors: inout [FileKey]) {
        let names: [[UInt8]]
        let key: FileKey
        do throws(Errno) {
            let status = try FileStatus(directory, followingLinks: true)
            key = FileKey(device: status.device, inode: status.inode)
            if ancestors.contains(key) { return }
            names = try directoryEntryNames(directory)
        } catch {
            result.append(TreeEntry(path: directory, kind: .unreadable(error), size: 0))
            return
        }
        ancestors.append(key)
        defer { ancestors.removeLast() }

        let prefix = directory.bytes.last == UInt8(ascii: "/") ? directory.bytes : directory.bytes + [UInt8(ascii: "/")]
        for name in names {
            let path = RawText(prefix + name)
            willLookAt?(path)
            let status: FileStatus
            do {
                status = try FileStatus(path, followingLinks: false)
            } catch {
                result.append(TreeEntry(path: path, kind: .unreadable(error), size: 0))
                continue
            }
            switch status.kind {
            case .directory:
                walk(path, into: &result, ancestors: &ancestors)
            case .regular:
                result.append(TreeEntry(path: path, kind: .found, size: status.size))
            case .symbolicLink:
                continue  // never followed below the arguments
            case .other:
                result.append(TreeEntry(path: path, kind: .skipped, size: 0))
            }
        }
    }
}
