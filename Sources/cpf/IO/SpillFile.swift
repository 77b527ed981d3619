#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file (made on first use, removed by the system when `cpf`
/// exits) that holds the first pieces of a line too long to keep in memory
/// while it is not yet known whether the line is to be copied out.
final class SpillFile {
    private var file: UnsafeMutablePointer<FILE>?
    private(set) var count = 0

    deinit {
        if let file { fclose(file) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        if file == nil {
            guard let made = tmpfile() else { throw Errno.current }
            file = made
        }
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else { throw Errno.current }
        count += bytes.count
    }

    /// Copies what was appended to `out`, then forgets it.
    func replay(to out: OutputBuffer) throws(Errno) {
        guard let file, count > 0 else { return }
        guard fflush(file) == 0 else { throw Errno.current }
        rewind(file)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        var left = count
        while left > 0 {
            let got = fread(chunk.baseAddress, 1, min(left, chunk.count), file)
            guard got > 0 else { throw Errno.current }
            out.write(UnsafeRawBufferPointer(rebasing: chunk[..<got]))
            left -= got
        }
        discard()
    }

    /// Forgets what was appended.
    func discard() {
        if let file { rewind(file) }
        count = 0
    }
}

/// Copies a long line, piece by piece, to the output once it is known
/// whether it is wanted; until then its pieces wait in a ``SpillFile``.
struct DeferredCopy {
    private var decision: Bool?
    private let spill = SpillFile()

    /// Starts a new line.
    mutating func reset() {
        decision = nil
        spill.discard()
    }

    /// Adds the next piece; `decided` is whether the line is wanted, or `nil`
    /// while that is not known yet.
    mutating func add(_ bytes: UnsafeRawBufferPointer, decided: Bool?, to out: OutputBuffer) throws(Errno) {
        if decision == nil, let decided {
            decision = decided
            if decided { try spill.replay(to: out) } else { spill.discard() }
        }
        switch decision {
        case nil: try spill.append(bytes)
        case true?: out.write(bytes)
        case false?: break
        }
    }
}

/// The first bytes of one input, kept to echo it in a report; inputs longer
/// than ``limit`` are echoed cut, followed by `…`.
final class EchoCapture {
    static let limit = 1 << 16
    private let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: EchoCapture.limit, alignment: 16)
    private(set) var count = 0
    private(set) var isTruncated = false

    deinit { storage.deallocate() }

    func reset() {
        count = 0
        isTruncated = false
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count < storage.count {
            storage[count] = byte
            count += 1
        } else {
            isTruncated = true
        }
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        let room = min(bytes.count, storage.count - count)
        if room > 0 {
            (storage.baseAddress! + count).copyMemory(from: bytes.baseAddress!, byteCount: room)
            count += room
        }
        if room < bytes.count { isTruncated = true }
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[..<count]) }

    /// A whole input cut to the echo limit: its first ``limit`` bytes, and
    /// whether anything was left out.
    static func cut(_ input: UnsafeRawBufferPointer) -> (bytes: UnsafeRawBufferPointer, isTruncated: Bool) {
        input.count > limit ? (UnsafeRawBufferPointer(rebasing: input[..<limit]), true) : (input, false)
    }
}
