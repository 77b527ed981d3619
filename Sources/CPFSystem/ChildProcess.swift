import CSystemShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program started by `cpf` (`find --pre`), with no shell between: its
/// standard input a descriptor `cpf` opened, its standard output a pipe
/// `cpf` reads, its standard error `cpf`'s own, its environment `cpf`'s.
///
/// Started with `posix_spawn(3)`: the signals `cpf` changed (SIGPIPE,
/// SIGXFSZ) have their default action in it and none is blocked; it
/// inherits no other descriptor of `cpf`'s (every one is opened
/// close-on-exec, the pipe too, so a program started by another thread at
/// the same time cannot hold this one's pipe open).
///
/// ```swift
/// let child = try ChildProcess(program: "/bin/cat", arguments: ["cat", "notes.txt"], input: file)
/// // read child.output to its end, then:
/// child.output.close()
/// let ending = try child.wait()   // .exited(0)
/// ```
package struct ChildProcess {
    /// How a child ended.
    package enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
    }

    package let processID: pid_t
    /// The read end of the pipe its standard output writes to.
    package let output: FileDescriptor

    /// Starts `program` (a path, looked up nowhere) with `arguments` (the
    /// first is its own name), `input` as its standard input.
    ///
    /// - Parameters:
    ///   - setting: Variables (`NAME=VALUE`) set in its environment, over
    ///     `cpf`'s own of the same name (`OMP_THREAD_LIMIT=1` for an OCR
    ///     engine run on every core).
    ///   - discardsErrors: Whether its standard error goes to `/dev/null`
    ///     rather than to `cpf`'s (an OCR engine's chatter).
    package init(
        program: RawText, arguments: [RawText], input: FileDescriptor, setting: [RawText] = [],
        discardsErrors: Bool = false
    ) throws(Errno) {
        var ends: [Int32] = [-1, -1]
        guard cpf_pipe_close_on_exec(&ends) == 0 else { throw Errno.current }
        defer { _ = system_close(ends[1]) }

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.rawValue, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        if discardsErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGXFSZ)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let strings: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { Self.cString($0) }
        defer { for string in strings { string?.deallocate() } }
        #if canImport(Darwin)
            let variables = _NSGetEnviron().pointee
        #else
            let variables = environ
        #endif
        let added = setting.map { Self.cString($0) }
        defer { for string in added { string.deallocate() } }
        var environment: [UnsafeMutablePointer<CChar>?] = []
        if !setting.isEmpty {
            // cpf's variables but those `setting` names, then `setting`.
            let names = setting.map { Array($0.bytes.prefix { $0 != UInt8(ascii: "=") }) + [UInt8(ascii: "=")] }
            var cursor: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = variables
            while let variable = cursor?.pointee {
                let replaced = names.contains { name in
                    name.indices.allSatisfy { variable[$0] != 0 && UInt8(bitPattern: variable[$0]) == name[$0] }
                }
                if !replaced { environment.append(variable) }
                cursor = cursor! + 1
            }
            environment += added
            environment.append(nil)
        }
        var identifier: pid_t = 0
        let result = environment.withUnsafeBufferPointer { environment in
            posix_spawn(
                &identifier, strings[0]!, &actions, &attributes, Array(strings[1...]) + [nil],
                setting.isEmpty ? UnsafePointer(variables) : environment.baseAddress)
        }
        guard result == 0 else {
            _ = system_close(ends[0])
            throw Errno(rawValue: result)
        }
        processID = identifier
        output = FileDescriptor(rawValue: ends[0])
    }

    /// `text` as a C string, allocated: deallocated by the caller.
    private static func cString(_ text: RawText) -> UnsafeMutablePointer<CChar> {
        let string = UnsafeMutablePointer<CChar>.allocate(capacity: text.bytes.count + 1)
        for (index, byte) in text.bytes.enumerated() { string[index] = CChar(bitPattern: byte) }
        string[text.bytes.count] = 0
        return string
    }

    /// Waits for it to end (EINTR retried).
    package func wait() throws(Errno) -> Ending {
        var status: Int32 = 0
        _ = try retryingOnInterrupt { waitpid(processID, &status, 0) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// The path of the program `name` names: `name` itself when it holds a
    /// `/`, else the first executable regular file `DIRECTORY/name` for the
    /// directories of `searchPath` (`PATH`, an empty part meaning the current
    /// directory), as `execvp(3)` finds it; `nil` when there is none.
    package static func find(_ name: RawText, searchPath: String?) -> RawText? {
        if name.bytes.isEmpty { return nil }
        if name.bytes.contains(UInt8(ascii: "/")) { return name }
        let directories = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(
            separator: ":", omittingEmptySubsequences: false)
        for directory in directories {
            let folder = directory.isEmpty ? "." : String(directory)
            let candidate = RawText(Array(folder.utf8) + [UInt8(ascii: "/")] + name.bytes)
            let usable = candidate.withCString { path -> Bool in
                var info = stat()
                return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
            }
            if usable { return candidate }
        }
        return nil
    }
}
