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
