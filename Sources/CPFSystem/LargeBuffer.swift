#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The large buffers of `cpf` (read blocks, output blocks, chunks, the
/// echo of an input): taken with `posix_memalign(3)`, so that a process
/// under a memory limit (`ulimit -v`) that cannot have one reports it and
/// ends with exit status 2, instead of the Swift runtime's fatal error and
/// backtrace.
///
/// ```swift
/// let block = LargeBuffer.allocate(byteCount: 1 << 20, alignment: 64)
/// defer { LargeBuffer.deallocate(block) }
/// ```
package enum LargeBuffer {
    /// `byteCount` bytes aligned to `alignment` (a power of two); when the
    /// system has no memory for them, `cpf: not enough memory` on standard
    /// error and the end of the process with exit status 2, from whichever
    /// thread asked.
    package static func allocate(byteCount: Int, alignment: Int) -> UnsafeMutableRawBufferPointer {
        guard
            let pointer = system_allocate(
                byteCount: max(byteCount, 1), alignment: max(alignment, MemoryLayout<Int>.size))
        else { outOfMemory() }
        return UnsafeMutableRawBufferPointer(start: pointer, count: byteCount)
    }

    /// Gives back a buffer from ``allocate(byteCount:alignment:)``.
    package static func deallocate(_ buffer: UnsafeMutableRawBufferPointer) {
        free(buffer.baseAddress)
    }

    /// Reports the lack of memory and ends the process (exit status 2)
    /// without running anything that could need more: the temporary files
    /// of `redact --in-place` are removed (the originals stay as they
    /// were); the output still buffered is lost, as it would be with any
    /// fatal error.
    package static func outOfMemory() -> Never {
        SignalCleanup.removeLiveFiles()
        let message: StaticString = "cpf: not enough memory\n"
        _ = system_write(2, message.utf8Start, message.utf8CodeUnitCount)
        _exit(2)  // the exit status of an I/O error
    }
}
