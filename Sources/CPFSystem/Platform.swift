// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The `system_…` names mark the wrappers of C calls, as apple/swift-system does.

// The one file that names the C library. The other files of this target
// import it too (as they must, a module's import being per file), but no
// other Swift target does: CPFCommandLine and the executable reach the
// system only through this target's `package` declarations, which name no
// type of the C library they do not wrap, so the compiler refuses a
// `memchr` or a `getenv` anywhere above the system layer.
//
// - The calls whose names clash with methods of the project's own types
//   (`read`, `write`, `open`, `close`) and the fields that differ between
//   C libraries (a `sigaction`'s handler) go through the `system_…`
//   wrappers below, in the manner of apple/swift-system, so no other file
//   needs a `#if canImport(…)` or a module-qualified name such as
//   `Glibc.read`.
// - A wrapper called once per block or per line is `@inlinable`, so that
//   crossing the module boundary costs nothing in the hot loops.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("unsupported platform")
#endif

/// `read(2)`.
@inline(__always)
package func system_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `write(2)`.
@inline(__always)
package func system_write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// `open(2)` without a mode (no file is created).
package func system_open(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `open(2)` of a NUL-terminated path, any bytes, without a mode.
package func system_open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `close(2)`.
package func system_close(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// Sets the plain handler (`sa_handler`) of a `sigaction`.
package func system_setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
    #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
    #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
    #else
        action.__sigaction_handler.sa_handler = handler
    #endif
}

/// Whether a `sigaction`'s handler is `SIG_IGN`.
package func system_handlerIsIgnore(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
        let handler = action.__sigaction_u.__sa_handler
    #elseif canImport(Musl)
        let handler = action.__sa_handler.sa_handler
    #else
        let handler = action.__sigaction_handler.sa_handler
    #endif
    guard let handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}

/// `open(2)` with `O_CREAT`: creates the file with `mode` (less the umask).
package func system_open(_ path: String, _ flags: Int32, mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

/// `open(2)` of a NUL-terminated path, any bytes, with the mode of a new file.
package func system_open(_ path: UnsafePointer<CChar>, _ flags: Int32, mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

/// Opens a new unnamed file in `directory` for reading and writing
/// (`O_TMPFILE`, Linux 3.11 and later): it has no name, so nothing is left
/// behind whatever ends the process. -1 with `errno` set on failure;
/// `EOPNOTSUPP` where the system or its file system cannot.
package func system_openUnnamedFile(in directory: UnsafePointer<CChar>) -> Int32 {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
        // O_TMPFILE is __O_TMPFILE | O_DIRECTORY, a macro Swift does not import.
        return open(directory, 0o20000000 | O_DIRECTORY | O_RDWR | O_CLOEXEC, mode_t(0o600))
    #else
        errno = EOPNOTSUPP
        return -1
    #endif
}

/// The permission bits of an open file (`fstat(2)`), or `nil` on failure.
package func system_permissions(_ descriptor: Int32) -> UInt32? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return UInt32(status.st_mode & 0o7777)
}

/// Fills `buffer` (at most 256 bytes) from the system's random source,
/// `getentropy(3)` (the `getrandom(2)` system call on Linux); `false` on
/// failure.
package func system_randomBytes(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
    precondition(buffer.count <= 256, "at most 256 random bytes at a time")
    return getentropy(buffer.baseAddress, buffer.count) == 0
}

/// What a thread started by ``system_startThread(_:)`` runs.
private final class ThreadBody {
    package let run: () -> Void
    package init(_ run: @escaping () -> Void) { self.run = run }
}

/// The entry point of every thread: runs and releases its ``ThreadBody``.
private func threadEntry(_ context: UnsafeMutableRawPointer?) {
    Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
}

/// A thread started with `pthread_create(3)`, to be joined once.
package struct SystemThread {
    #if canImport(Glibc)
        fileprivate let handle: pthread_t
    #else
        fileprivate let handle: pthread_t?
    #endif

    /// Waits for the thread to end (`pthread_join(3)`).
    package func join() {
        _ = pthread_join(handle, nil)
    }
}

/// The stack of each thread ``system_startThread(_:)`` starts.
package let workerStackSize = 2 << 20

/// Starts a thread that runs `body` (`pthread_create(3)`), or `nil` when the
/// system refuses one. ``WorkerGroup`` is what starts the threads of `cpf`;
/// nothing else calls this but tests.
package func system_startThread(_ body: @escaping () -> Void) -> SystemThread? {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Glibc)
        var handle = pthread_t()
    #else
        var handle: pthread_t? = nil
    #endif
    // 2 MiB of stack, not the 8 MiB main thread's size: the workers' loops
    // are shallow, and the stacks count against a memory limit.
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    _ = pthread_attr_setstacksize(&attributes, workerStackSize)
    let result = pthread_create(
        &handle, &attributes,
        { context in
            threadEntry(context)
            return nil
        }, context)
    guard result == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return nil
    }
    return SystemThread(handle: handle)
}

/// `byteCount` bytes aligned to `alignment` (`posix_memalign(3)`), or `nil`
/// when the system has no memory for them; given back with `free(3)`.
package func system_allocate(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer? {
    var pointer: UnsafeMutableRawPointer?
    guard posix_memalign(&pointer, alignment, byteCount) == 0 else { return nil }
    return pointer
}

/// The number of processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
package func system_onlineProcessors() -> Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

/// The size of the regular file open at `descriptor`, or `nil` when it is
/// not a regular file (a pipe, a terminal, a device) or `fstat` fails.
package func system_regularFileSize(_ descriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
}

/// The name of a directory entry from `readdir(3)`, as bytes.
package func system_entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        Array(raw.prefix(while: { $0 != 0 }))
    }
}

/// Seconds since an arbitrary moment, from the monotonic clock.
package func system_monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The modification time of a `stat`, in nanoseconds since the epoch.
package func system_nanoseconds(modificationOf info: stat) -> Int64 {
    #if canImport(Darwin)
        Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
}

/// The status-change time of a `stat`, in nanoseconds since the epoch.
package func system_nanoseconds(changeOf info: stat) -> Int64 {
    #if canImport(Darwin)
        Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
    #else
        Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    #endif
}

/// `openat(2)` of a NUL-terminated name, with the mode of a new file.
package func system_openAt(_ directory: Int32, _ name: UnsafePointer<CChar>, _ flags: Int32, mode: mode_t = 0) -> Int32
{
    openat(directory, name, flags, mode)
}

/// The type of a directory entry from `readdir(3)`: `true` for a
/// directory, `false` for anything else, `nil` when the file system does
/// not say (`DT_UNKNOWN`).
package func system_entryIsDirectory(_ entry: UnsafeMutablePointer<dirent>) -> Bool? {
    switch Int32(entry.pointee.d_type) {
    case Int32(DT_UNKNOWN): nil
    case Int32(DT_DIR): true
    default: false
    }
}

/// `memchr(3)`: the first `byte` among the `count` bytes at `start`, or `nil`.
@inlinable @inline(__always)
package func system_findByte(
    _ byte: UInt8, in start: UnsafeRawPointer, count: Int
) -> UnsafeRawPointer? {
    UnsafeRawPointer(memchr(start, Int32(byte), count))
}

/// `memmove(3)`: copies `count` bytes from `source` to `destination`; the
/// two may overlap.
@inlinable @inline(__always)
package func system_moveBytes(
    to destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, count: Int
) {
    memmove(destination, source, count)
}

/// `fsync(2)`: writes the file open at `descriptor` to its device.
package func system_sync(_ descriptor: Int32) -> Bool {
    fsync(descriptor) == 0
}

/// `fchown(2)`: gives the file open at `descriptor` an owner and a group.
package func system_changeOwner(_ descriptor: Int32, owner: UInt32, group: UInt32) -> Bool {
    fchown(descriptor, uid_t(owner), gid_t(group)) == 0
}

/// `fchmod(2)`: sets the permission bits of the file open at `descriptor`.
package func system_changePermissions(_ descriptor: Int32, _ permissions: UInt32) -> Bool {
    fchmod(descriptor, mode_t(permissions)) == 0
}

/// `realpath(3)`: the absolute path of `path` with every link and `.` or
/// `..` resolved, as bytes.
package func system_resolvedPath(_ path: RawText) throws(Errno) -> [UInt8] {
    guard let resolved = path.withCString({ realpath($0, nil) }) else { throw Errno.current }
    defer { free(resolved) }
    return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
}

/// The process's environment variables (`environ`), read once, by name; a
/// name given twice keeps its first value, as `getenv(3)` does.
package func system_environment() -> [String: String] {
    #if canImport(Darwin)
        let variables: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
    #else
        let variables: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    #endif
    var result: [String: String] = [:]
    guard var cursor = variables else { return result }
    while let entry = cursor.pointee {
        let bytes = UnsafeRawBufferPointer(start: entry, count: strlen(entry))
        if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
            let name = String(decoding: bytes[..<equals], as: UTF8.self)
            if result[name] == nil {
                result[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
        }
        cursor += 1
    }
    return result
}

/// `unlink(2)`: removes the name `path`; errors are ignored (the caller
/// removes what it made, and a name already gone is fine).
package func system_unlink(_ path: RawText) {
    _ = path.withCString { unlink($0) }
}
