// swift-format-ignore-file: AlwaysUseLowerCamelCase

import CSystemShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// What `cpf` needs to know of a memory limit (`ulimit -v`): how much it
// leaves, and how to keep the C library from spending it on arenas.

/// The address space the process may still take under a limit
/// (`ulimit -v`, `RLIMIT_AS`), in bytes: the limit less what is mapped now
/// (`/proc/self/statm`); `nil` when there is no limit, or the size in use
/// cannot be known (not Linux).
package func system_addressSpaceLeft() -> Int? {
    var limit = rlimit()
    #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
    #else
        let resource = RLIMIT_AS
    #endif
    // RLIM_INFINITY is the largest value.
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int.max) else { return nil }
    let statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard statm >= 0 else { return nil }
    defer { close(statm) }
    var text = [UInt8](repeating: 0, count: 64)
    let count = text.withUnsafeMutableBytes { read(statm, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let pages = text.prefix(count).prefix { $0 >= 0x30 && $0 <= 0x39 }.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    let used = pages * sysconf(Int32(_SC_PAGESIZE))
    let allowed = Int(clamping: limit.rlim_cur)
    return max(0, allowed - used)
}

/// Keeps the C library's `malloc` to one arena: glibc reserves 64 MiB of
/// address space for each thread's own arena, which a limit of a few
/// hundred MiB cannot afford. Nothing elsewhere.
package func system_useOneMemoryArena() {
    _ = cpf_use_one_memory_arena()
}
