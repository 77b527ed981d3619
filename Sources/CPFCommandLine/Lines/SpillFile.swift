import CPFSystem

/// A temporary file (made on first use, removed by the system when `cpf`
/// exits) that holds the first pieces of a line too long to keep in memory
/// while it is not yet known whether the line is to be copied out.
final class SpillFile {
    private var file: TemporaryFile?
    private(set) var count = 0

    func append(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        if file == nil { file = try TemporaryFile() }
        try file!.append(bytes)
        count += bytes.count
    }

    /// Copies what was appended to `out`, then forgets it.
    func replay(to out: OutputBuffer) throws(Errno) {
        guard let file, count > 0 else { return }
        try file.moveToStart()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        var left = count
        while left > 0 {
            let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(left, chunk.count)]))
            guard got > 0 else { throw Errno.current }
            out.write(UnsafeRawBufferPointer(rebasing: chunk[..<got]))
            left -= got
        }
        discard()
    }

    /// Forgets what was appended.
    func discard() {
        try? file?.moveToStart()
        count = 0
    }
}
