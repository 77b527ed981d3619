/// Replaces a file's contents atomically, for `redact --in-place`: the new
/// contents go to a temporary file in the same folder
/// (`.cpf-redact-XXXXXX`, made by `mkstemp`), which is given the original's
/// owner (where permitted) and mode, flushed to the disk (`fsync`) and
/// renamed over the original. A reader, or a crash at any moment, sees the
/// old file or the new one, never a mix. On any error the temporary file is
/// removed and the original left as it was.
///
/// A signal that ends `cpf` (Ctrl-C, `kill`) removes the temporary file
/// first (see ``SignalCleanup``). Only a process killed outright (`kill -9`,
/// a power cut before the rename) can leave a `.cpf-redact-XXXXXX` file
/// behind; the original is intact then.
enum InPlaceFile {
    /// The prefix of the temporary files' names.
    static let temporaryPrefix = ".cpf-redact-"

    /// Writes the new contents of the file at `path` (open at `original`)
    /// with `body`, into an output buffer, then puts them in its place.
    static func replace(
        _ path: RawText, original: FileDescriptor, cleanup: SignalCleanup.Slot? = nil,
        _ body: (OutputBuffer) throws(Errno) -> Void
    ) throws(Errno) {
        var info = stat()
        guard fstat(original.rawValue, &info) == 0 else { throw .current }
        let slash = path.bytes.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { Array(path.bytes[...$0]) } ?? []
        var template = (folder + Array((temporaryPrefix + "XXXXXX").utf8) + [0]).map { CChar(bitPattern: $0) }
        let made = mkstemp(&template)
        guard made >= 0 else { throw .current }
        let temporary = FileDescriptor(rawValue: made)
        cleanup?.hold(template)
        defer { cleanup?.release() }
        var isOpen = true
        do throws(Errno) {
            let out = OutputBuffer(sink: { bytes throws(Errno) in try temporary.writeAll(bytes) })
            try body(out)
            out.flush()
            if let error = out.error { throw error }
            // The owner first: changing it may clear the set-user-ID bits that the mode then restores.
            _ = fchown(made, info.st_uid, info.st_gid)
            guard fchmod(made, info.st_mode & 0o7777) == 0 else { throw .current }
            guard fsync(made) == 0 else { throw .current }
            isOpen = false
            guard system_close(made) == 0 else { throw .current }
            guard path.withCString({ rename(template, $0) }) == 0 else { throw .current }
            cleanup?.release()
        } catch {
            if isOpen { temporary.close() }
            unlink(template)
            cleanup?.release()
            throw error
        }
        // The rename itself made durable too, as far as the folder allows.
        let folderPath = folder.isEmpty ? RawText(".") : RawText(folder)
        if let directory = try? FileDescriptor.openForReading(folderPath) {
            _ = fsync(directory.rawValue)
            directory.close()
        }
    }
}
