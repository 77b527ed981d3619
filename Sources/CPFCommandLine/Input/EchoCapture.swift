import CPFSystem

/// The first bytes of one input, kept to echo it in a report; inputs longer
/// than ``limit`` are echoed cut, followed by `…`.
final class EchoCapture {
    static let limit = Escaping.echoLimit
    private let storage = LargeBuffer.allocate(byteCount: EchoCapture.limit, alignment: 16)
    private(set) var count = 0
    private(set) var isTruncated = false

    deinit { LargeBuffer.deallocate(storage) }

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
