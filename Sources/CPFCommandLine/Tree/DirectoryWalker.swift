import CPFSystem

/// One input of `find` or `redact` from the walk: a file to read, or a note
/// (an entry skipped, an unreadable one) to print in its place.
struct TreeEntry: Equatable {
    enum Kind: Equatable {
        /// A file named on the command line, or standard input (`-`).
        case argument
        /// A regular file found below a directory argument: opened in its
        /// folder's descriptor, without following a link and without waiting.
        case found
        /// Not a regular file (a FIFO, a socket, a device): skipped, with a
        /// note; not an error.
        case skipped
        /// A directory replaced during the walk (by a symbolic link, a file
        /// or another directory) between being looked at and being opened:
        /// not entered, reported, exit status 2.
        case replaced
        /// Could not be listed or looked at: reported, exit status 2.
        case unreadable(Errno)
        /// A directory entered or a symbolic link met below an argument,
        /// given only for its name to be checked for CPFs (with
        /// ``DirectoryWalker/reportsNames``); nothing is read from it.
        case nameOnly
    }

    /// Where the file is opened from.
    enum Location {
        /// Standard input (`-`).
        case standardInput
        /// The path as given, links followed (an argument of `find`, or of
        /// `redact` to standard output).
        case path
        /// The name `name` inside an open directory: a file found by the
        /// walk, or an argument of `redact --in-place` (whose links were
        /// followed once, to the file they point to).
        case inDirectory(OpenDirectory, name: [UInt8])
    }

    /// Its name as given or found, for messages and reports.
    let path: RawText
    let kind: Kind
    /// Its size in bytes when known (for the progress display), else 0.
    let size: Int
    var location: Location = .path
    /// Where its own name starts in ``path``, for an entry the walk found
    /// below an argument (its name may hold a CPF); `nil` for an argument.
    var nameStart: Int?
    /// Where its path relative to its directory argument starts in
    /// ``path`` (for `--pre-glob`); `nil` for an argument.
    var relativeStart: Int?
    /// Whether it is or lies inside a version-control folder (`.git`, `.hg`,
    /// `.svn`, or a bare git repository), which `redact --in-place` never
    /// writes into.
    var isInVersionControl = false

    /// Its own name (the last part of its path), when the walk found it.
    var name: ArraySlice<UInt8>? { nameStart.map { path.bytes[$0...] } }

    static func == (left: TreeEntry, right: TreeEntry) -> Bool {
        left.path == right.path && left.kind == right.kind && left.size == right.size
            && left.isInVersionControl == right.isInVersionControl
    }

    /// The names of the version-control folders.
    static let versionControlNames: [[UInt8]] = [Array(".git".utf8), Array(".hg".utf8), Array(".svn".utf8)]

    /// Whether a part of `path` (between slashes) is a version-control folder's name.
    static func isInVersionControl(_ path: [UInt8]) -> Bool {
        path.split(separator: UInt8(ascii: "/")).contains { part in
            versionControlNames.contains { $0.elementsEqual(part) }
        }
    }

    /// The entries that make a folder a bare git repository (`git init
    /// --bare`, `git clone --bare`: `project.git/`), as git itself tells a
    /// repository folder: a `HEAD` file, an `objects` folder and a `refs` folder.
    static let bareRepositoryEntries: [(name: [UInt8], kind: FileStatus.Kind)] = [
        (Array("HEAD".utf8), .regular), (Array("objects".utf8), .directory), (Array("refs".utf8), .directory),
    ]

    /// Whether the folder of `names`, whose entries `status` looks at, is a bare git repository.
    static func isBareRepository(names: [[UInt8]], status: ([UInt8]) -> FileStatus.Kind?) -> Bool {
        bareRepositoryEntries.allSatisfy { entry in names.contains(entry.name) && status(entry.name) == entry.kind }
    }

    /// Whether `path` (a real path, links resolved) is or lies inside a bare
    /// git repository: whether it or one of the folders above it is one.
    static func isInBareRepository(_ path: [UInt8]) -> Bool {
        var folder = path
        while !folder.isEmpty {
            let prefix = folder + [UInt8(ascii: "/")]
            let isBare = bareRepositoryEntries.allSatisfy { entry in
                (try? FileStatus(RawText(prefix + entry.name), followingLinks: false).kind) == entry.kind
            }
            if isBare { return true }
            guard let slash = folder.lastIndex(of: UInt8(ascii: "/")) else { return false }
            folder.removeSubrange(slash...)
        }
        return false
    }
}

/// Lists the inputs that FILE arguments stand for. Without `recursive`,
/// each argument as it is. With it, each directory argument is replaced by
/// the regular files below it, in sorted path order (byte by byte).
///
/// The walk streams: it lists one directory at a time, as the files are
/// asked for, so memory grows with the depth of the tree and the size of
/// its largest directory, not with the number of files, and the first
/// files are searched before the walk has seen the last.
///
/// Below the arguments, nothing is looked up by path: each directory is
/// opened inside its parent's descriptor (`openat` with `O_NOFOLLOW` and
/// `O_DIRECTORY`) and each file inside its directory's, so a directory
/// renamed or replaced by a symbolic link during the run cannot lead the
/// walk, or a rewrite, outside the arguments: a directory replaced between
/// being looked at and being opened is reported (``TreeEntry/Kind/replaced``)
/// and not entered. Symbolic links are never followed below the arguments
/// (a link named as an argument is), so a walk cannot loop (a directory met
/// again through a bind mount is not entered twice either). FIFOs, sockets
/// and devices are skipped with a note, never opened, so nothing can block;
/// an entry that cannot be listed or looked at (no permission, gone
/// meanwhile) is reported and skipped.
struct DirectoryWalker {
    var recursive = false
    /// Whether arguments are opened in their directory's descriptor, their
    /// links followed once (`realpath(3)`), for `redact --in-place`: the
    /// rewrite then replaces the file a link points to, never the link.
    var opensArgumentsInTheirDirectory = false
    /// The globs of `-g/--glob`: which files below the arguments are taken
    /// and which directories entered (see ``GlobSet``).
    var globs = GlobSet([])
    /// Whether directories entered and symbolic links met below the
    /// arguments are given too, as ``TreeEntry/Kind/nameOnly`` entries, for
    /// their names to be checked.
    var reportsNames = false
    /// Called with each path below an argument before it is looked at, and
    /// with each directory between being looked at and being opened (a
    /// test removes or replaces a file there to see a walk race with it).
    var willLookAt: ((RawText) -> Void)?
    var willOpenDirectory: ((RawText) -> Void)?

    /// The inputs, one at a time.
    func entries(for arguments: [RawText]) -> TreeWalk {
        TreeWalk(walker: self, arguments: arguments)
    }
}

/// The inputs of a ``DirectoryWalker``, listed as they are asked for.
final class TreeWalk: Sequence, IteratorProtocol {
    private let walker: DirectoryWalker
    private var arguments: IndexingIterator<[RawText]>
    /// The arguments, for ``count(upTo:within:clock:)``.
    private let given: [RawText]
    /// Whether an argument is standard input, which only one thread may read.
    let readsStandardInput: Bool

    /// A directory being walked: its entries in order, and the next one.
    private struct Frame {
        let directory: OpenDirectory
        /// Its path and a slash, which the names of its entries follow.
        let prefix: [UInt8]
        /// The same relative to the argument (empty at the argument itself), for the globs.
        let relative: [UInt8]
        /// Whether it is or lies inside a version-control folder.
        let inVersionControl: Bool
        let identity: (device: UInt64, inode: UInt64)
        let names: [[UInt8]]
        var next = 0
    }
    private var frames: [Frame] = []

    fileprivate init(walker: DirectoryWalker, arguments: [RawText]) {
        self.walker = walker
        self.arguments = arguments.makeIterator()
        given = arguments
        readsStandardInput = arguments.contains("-")
    }

    /// How many entries the walk gives, counted by a walk of its own over
    /// the same arguments (this one is left where it is), or `nil` when
    /// there are more than `limit` or counting takes longer than `seconds`
    /// of `clock`: the total of the progress line (see ``Progress``), which
    /// a large tree does without rather than wait for it.
    func count(
        upTo limit: Int = 100_000, within seconds: Double = 0.5,
        clock: () -> Double = system_monotonicSeconds
    ) -> Int? {
        var walker = walker
        walker.willLookAt = nil
        walker.willOpenDirectory = nil
        let counting = TreeWalk(walker: walker, arguments: given)
        let deadline = clock() + seconds
        var count = 0
        while counting.next() != nil {
            count += 1
            if count > limit || clock() > deadline { return nil }
        }
        return count
    }

    func next() -> TreeEntry? {
        while true {
            if frames.isEmpty {
                guard let argument = arguments.next() else { return nil }
                if let entry = start(argument) { return entry }
                continue
            }
            let top = frames.count - 1
            guard frames[top].next < frames[top].names.count else {
                frames.removeLast()
                continue
            }
            let name = frames[top].names[frames[top].next]
            frames[top].next += 1
            if let entry = lookAt(name, in: frames[top]) { return entry }
        }
    }

    /// The entry an argument stands for, or `nil` when it is a directory
    /// whose walk has begun.
    private func start(_ argument: RawText) -> TreeEntry? {
        if argument == "-" { return TreeEntry(path: argument, kind: .argument, size: 0, location: .standardInput) }
        let status = try? FileStatus(argument, followingLinks: true)
        if walker.recursive, let status, status.kind == .directory {
            do {
                let directory = try OpenDirectory(argument)
                let prefix =
                    argument.bytes.last == UInt8(ascii: "/") ? argument.bytes : argument.bytes + [UInt8(ascii: "/")]
                // A folder to rewrite in is judged by where it really is.
                let real =
                    walker.opensArgumentsInTheirDirectory
                    ? (try? system_resolvedPath(argument)) ?? argument.bytes : argument.bytes
                // Inside a bare repository only if a folder above it is one:
                // the argument itself is looked at when entered.
                let above = Array(real[..<(real.lastIndex(of: UInt8(ascii: "/")) ?? 0)])
                try enter(
                    directory, prefix: prefix, relative: [],
                    inVersionControl: TreeEntry.isInVersionControl(real)
                        || walker.opensArgumentsInTheirDirectory && TreeEntry.isInBareRepository(above))
                return nil
            } catch {
                return TreeEntry(path: argument, kind: .unreadable(error), size: 0)
            }
        }
        let size = status?.kind == .regular ? status!.size : 0
        guard walker.opensArgumentsInTheirDirectory else {
            return TreeEntry(path: argument, kind: .argument, size: size)
        }
        do {
            let (directory, name, real) = try Self.resolve(argument)
            return TreeEntry(
                path: argument, kind: .argument, size: size, location: .inDirectory(directory, name: name),
                isInVersionControl: TreeEntry.isInVersionControl(real) || TreeEntry.isInBareRepository(real))
        } catch {
            return TreeEntry(path: argument, kind: .unreadable(error), size: 0)
        }
    }

    /// The directory and the name of the file that `path` stands for, its
    /// links followed (`realpath(3)`).
    private static func resolve(_ path: RawText) throws(Errno) -> (OpenDirectory, [UInt8], [UInt8]) {
        let bytes = try system_resolvedPath(path)
        let slash = bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0
        let folder = slash == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<slash])
        return (try OpenDirectory(RawText(folder)), Array(bytes[(slash + 1)...]), bytes)
    }

    /// Lists `directory` and makes it the one walked, unless it is one of
    /// the directories being walked already (met again through a bind mount).
    private func enter(_ directory: OpenDirectory, prefix: [UInt8], relative: [UInt8], inVersionControl: Bool)
        throws(Errno)
    {
        let status = try FileStatus(directory.descriptor)
        if frames.contains(where: { $0.identity == (status.device, status.inode) }) { return }
        // Sorted so that the paths come out in byte order: a directory's
        // files follow its name and a slash.
        let names = try directory.entries()
            .map { entry in
                (
                    name: entry.name,
                    key: entry.isDirectory ?? isDirectory(entry.name, in: directory)
                        ? entry.name + [UInt8(ascii: "/")] : entry.name
                )
            }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .map(\.name)
        // A bare repository (`project.git/`) is version control as `.git` is.
        let isBareRepository =
            !inVersionControl
            && TreeEntry.isBareRepository(names: names) { name in try? directory.status(of: name).kind }
        frames.append(
            Frame(
                directory: directory, prefix: prefix, relative: relative,
                inVersionControl: inVersionControl || isBareRepository,
                identity: (status.device, status.inode), names: names))
    }

    private func isDirectory(_ name: [UInt8], in directory: OpenDirectory) -> Bool {
        (try? directory.status(of: name).kind) == .directory
    }

    /// The entry for `name` in the directory of `frame`, or `nil` when there
    /// is none to give (a link, or a directory whose walk has begun).
    private func lookAt(_ name: [UInt8], in frame: Frame) -> TreeEntry? {
        let path = RawText(frame.prefix + name)
        let start = frame.prefix.count
        let relativeStart = start - frame.relative.count
        walker.willLookAt?(path)
        let relative = frame.relative + name
        // Left out by -g whatever it is: not even looked at.
        if !walker.globs.isEmpty, !walker.globs.includes(path: RawText(relative), isDirectory: false),
            !walker.globs.includes(path: RawText(relative), isDirectory: true)
        {
            return nil
        }
        let status: FileStatus
        do {
            status = try frame.directory.status(of: name)
        } catch {
            return TreeEntry(path: path, kind: .unreadable(error), size: 0, nameStart: start)
        }
        if !walker.globs.isEmpty,
            !walker.globs.includes(path: RawText(relative), isDirectory: status.kind == .directory)
        {
            return nil  // left out by -g
        }
        let inVersionControl =
            frame.inVersionControl
            || TreeEntry.versionControlNames.contains { $0 == name }
        switch status.kind {
        case .directory:
            walker.willOpenDirectory?(path)
            do {
                let directory = try frame.directory.openDirectory(name)
                guard try FileStatus(directory.descriptor).isSameFile(as: status) else {
                    return TreeEntry(path: path, kind: .replaced, size: 0, nameStart: start)
                }
                try enter(
                    directory, prefix: path.bytes + [UInt8(ascii: "/")], relative: relative + [UInt8(ascii: "/")],
                    inVersionControl: inVersionControl)
                return walker.reportsNames
                    ? TreeEntry(
                        path: path, kind: .nameOnly, size: 0, nameStart: start, isInVersionControl: inVersionControl)
                    : nil
            } catch  where error == .tooManyLinks || error == .notDirectory {
                return TreeEntry(path: path, kind: .replaced, size: 0, nameStart: start)
            } catch {
                return TreeEntry(path: path, kind: .unreadable(error), size: 0, nameStart: start)
            }
        case .regular:
            return TreeEntry(
                path: path, kind: .found, size: status.size, location: .inDirectory(frame.directory, name: name),
                nameStart: start, relativeStart: relativeStart, isInVersionControl: inVersionControl)
        case .symbolicLink:
            // Never followed below the arguments; only its name is looked at.
            return walker.reportsNames
                ? TreeEntry(
                    path: path, kind: .nameOnly, size: 0, nameStart: start, isInVersionControl: inVersionControl)
                : nil
        case .other:
            return TreeEntry(
                path: path, kind: .skipped, size: 0, nameStart: start, isInVersionControl: inVersionControl)
        }
    }
}
