#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child's whole output read within a time limit: an OCR engine run on
/// one image, killed when it takes longer.
extension ChildProcess {
    /// What a child printed and how it ended, or that it ran out of time.
    package enum Outcome: Equatable {
        /// It ended: its whole standard output (at most the limit read), and how.
        case ended(output: [UInt8], Ending)
        /// It was still running after the time limit, or still writing past
        /// the size limit: killed (`SIGKILL`) and waited for.
        case killed(timedOut: Bool)
    }

    /// Reads the child's standard output to its end, closes it and waits for
    /// the child, within `seconds` (of `clock`, the system's monotonic one)
    /// and `limit` bytes: past either, the child is killed and waited for.
    ///
    /// ```swift
    /// let child = try ChildProcess(program: "/usr/bin/tesseract", arguments: ..., input: image)
    /// switch try child.readAll(timeLimit: 60) {
    /// case .ended(let tsv, .exited(0)): // parse tsv
    /// case .ended(_, let ending):        // failed
    /// case .killed:                      // took longer than 60 s
    /// }
    /// ```
    package func readAll(
        timeLimit seconds: Double, limit: Int = 1 << 26, clock: () -> Double = system_monotonicSeconds
    ) throws(Errno) -> Outcome {
        defer { output.close() }
        let deadline = clock() + seconds
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let left = deadline - clock()
            var request = pollfd(fd: output.rawValue, events: Int16(POLLIN), revents: 0)
            let ready = left <= 0 ? 0 : poll(&request, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            if ready < 0 { throw Errno.current }
            if ready == 0 {
                guard clock() >= deadline else { continue }
                return try killAndWait(timedOut: true)
            }
            let read = block.withUnsafeMutableBytes { buffer in
                Result { () throws(Errno) in try output.read(into: buffer) }
            }
            let count = try read.get()
            if count == 0 { break }
            bytes += block[..<count]
            if bytes.count > limit { return try killAndWait(timedOut: false) }
        }
        return .ended(output: bytes, try wait())
    }

    /// Ends the child with `SIGKILL` and waits for it.
    private func killAndWait(timedOut: Bool) throws(Errno) -> Outcome {
        _ = kill(processID, SIGKILL)
        _ = try wait()
        return .killed(timedOut: timedOut)
    }
}
