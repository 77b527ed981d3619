// The one file that names the C library. Every other file reaches it
// through here:
//
// - The C library's module is imported with `@_exported`, so the other files
//   of `cpf` see its types and constants (`termios`, `O_RDONLY`, `EINTR`)
//   without an `import` of their own, on every platform alike.
// - The calls whose names clash with methods of `cpf`'s own types (`read`,
//   `write`, `open`, `close`) and the fields that differ between C libraries
//   (a `sigaction`'s handler) go through the `system_…` wrappers below, in
//   the manner of apple/swift-system, so no other file needs a
//   `#if canImport(…)` or a module-qualified name such as `Glibc.read`.

#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("unsupported platform")
#endif

/// `read(2)`.
@inline(__always)
func system_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `write(2)`.
@inline(__always)
func system_write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// `open(2)` without a mode (no file is created).
func system_open(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `open(2)` of a NUL-terminated path, any bytes, without a mode.
func system_open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `close(2)`.
func system_close(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// Sets the plain handler (`sa_handler`) of a `sigaction`.
func system_setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
    #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
    #elseif canImport(Musl)
    action.__sa_handler.sa_handler = handler
    #else
    action.__sigaction_handler.sa_handler = handler
    #endif
}

/// Whether a `sigaction`'s handler is `SIG_IGN`.
func system_handlerIsIgnore(_ action: sigaction) -> Bool {
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
func system_open(_ path: String, _ flags: Int32, mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

/// `open(2)` of a NUL-terminated path, any bytes, with the mode of a new file.
func system_open(_ path: UnsafePointer<CChar>, _ flags: Int32, mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

/// The permission bits of an open file (`fstat(2)`), or `nil` on failure.
func system_permissions(_ descriptor: Int32) -> mode_t? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
}

/// Fills `buffer` (at most 256 bytes) from the system's random source,
/// `getentropy(3)` (the `getrandom(2)` system call on Linux); `false` on
/// failure.
func system_randomBytes(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
    precondition(buffer.count <= 256, "at most 256 random bytes at a time")
    return getentropy(buffer.baseAddress, buffer.count) == 0
}

/// What a thread started by ``system_startThread(_:)`` runs.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// The entry point of every thread: runs and releases its ``ThreadBody``.
private func threadEntry(_ context: UnsafeMutableRawPointer?) {
    Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
}

/// A thread started with `pthread_create(3)`, to be joined once.
struct SystemThread {
    #if canImport(Glibc)
    fileprivate let handle: pthread_t
    #else
    fileprivate let handle: pthread_t?
    #endif

    /// Waits for the thread to end (`pthread_join(3)`).
    func join() {
        _ = pthread_join(handle, nil)
    }
}

/// Starts a thread that runs `body` (`pthread_create(3)`), or `nil` when the
/// system refuses one.
func system_startThread(_ body: @escaping () -> Void) -> SystemThread? {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Glibc)
    var handle = pthread_t()
    #else
    var handle: pthread_t? = nil
    #endif
    let result = pthread_create(&handle, nil, { context in threadEntry(context); return nil }, context)
    guard result == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return nil
    }
    return SystemThread(handle: handle)
}

/// The number of processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
func system_onlineProcessors() -> Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

/// The size of the regular file open at `descriptor`, or `nil` when it is
/// not a regular file (a pipe, a terminal, a device) or `fstat` fails.
func system_regularFileSize(_ descriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
}

/// The name of a directory entry from `readdir(3)`, as bytes.
func system_entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        Array(raw.prefix(while: { $0 != 0 }))
    }
}

/// Seconds since an arbitrary moment, from the monotonic clock.
func system_monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The modification time of a `stat`, in nanoseconds since the epoch.
func system_nanoseconds(modificationOf info: stat) -> Int64 {
    #if canImport(Darwin)
    Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
    Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
}

/// The status-change time of a `stat`, in nanoseconds since the epoch.
func system_nanoseconds(changeOf info: stat) -> Int64 {
    #if canImport(Darwin)
    Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
    #else
    Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    #endif
}

/// `openat(2)` of a NUL-terminated name, with the mode of a new file.
func system_openAt(_ directory: Int32, _ name: UnsafePointer<CChar>, _ flags: Int32, mode: mode_t = 0) -> Int32 {
    openat(directory, name, flags, mode)
}

/// The type of a directory entry from `readdir(3)`: `true` for a
/// directory, `false` for anything else, `nil` when the file system does
/// not say (`DT_UNKNOWN`).
func system_entryIsDirectory(_ entry: UnsafeMutablePointer<dirent>) -> Bool? {
    switch Int32(entry.pointee.d_type) {
    case Int32(DT_UNKNOWN): nil
    case Int32(DT_DIR): true
    default: false
    }
}
