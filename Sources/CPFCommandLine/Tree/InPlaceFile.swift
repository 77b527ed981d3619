import CPFSystem

/// Replaces a file's contents atomically, for `redact --in-place`: the new
/// contents go to a temporary file in the same folder
/// (`.cpf-redact-XXXXXX`), which is given the original's owner, group,
/// mode and extended attributes (POSIX ACLs among them), flushed to the
/// disk (`fsync`) and renamed over the original. A reader, or a crash at
/// any moment, sees the old file or the new one, never a mix. On any error
/// the temporary file is removed and the original left as it was.
///
/// Every step names the file inside its folder's open descriptor
/// (`openat`, `renameat`, `unlinkat`): a folder renamed or replaced by a
/// symbolic link meanwhile cannot send the temporary file or the rename
/// anywhere else.
///
/// The original is not replaced, and the reason is thrown, when the
/// result would lose something:
/// - it has other names (hard links), which would keep the old contents;
/// - its owner and group, or an extended attribute, cannot be given to the
///   new file (the access ACL's mask would otherwise become the group's
///   permission bits);
/// - it changed while it was rewritten (its size, modification or status
///   change time differ from the ones given, or its name now names another
///   file), or another process has it open for writing (a read lease is
///   refused, where the system has leases): whatever that process writes
///   next would go to the old file, which nobody would see again.
///
/// A signal that ends `cpf` (Ctrl-C, `kill`) removes the temporary file
/// first (see ``SignalCleanup``). Only a process killed outright (`kill -9`,
/// a power cut before the rename) can leave a `.cpf-redact-XXXXXX` file
/// behind; the original is intact then.
enum InPlaceFile {
    /// The prefix of the temporary files' names.
    static let temporaryPrefix = ".cpf-redact-"

    /// Why a file was not replaced.
    enum Failure: Error, Equatable {
        /// Writing, flushing or renaming failed.
        case system(Errno)
        /// It has other names (hard links).
        case otherNames
        /// The owner and group could not be kept.
        case owner(Errno)
        /// An extended attribute could not be kept.
        case attribute(ExtendedAttributes.CopyError)
        /// It changed while it was rewritten.
        case changed
        /// Another process has it open for writing.
        case openForWriting
        /// Read back, the new contents still hold this many matches of what
        /// was to be hidden (proof before replace).
        case readBackFound(Int)
        /// The new contents could not be read back whole; why.
        case readBackUnreadable(String)

        /// Whether trying again later may succeed.
        var isTransient: Bool { self == .changed || self == .openForWriting }
    }

    /// Reads `temporary` back from offset 0, whole, and throws
    /// ``Failure/readBackUnreadable(_:)`` unless it holds `held`, every
    /// byte and no more: the read-back of new contents that were proven
    /// in memory before they were written (a PDF, read back as `find`
    /// reads it by `redact`'s first pass).
    static func verify(_ temporary: FileDescriptor, holds held: [UInt8]) throws(Failure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        let differs = Failure.readBackUnreadable("the file written is not what was read back")
        var offset = 0
        while true {
            let count: Int
            do throws(Errno) { count = try temporary.read(into: buffer, at: offset) } catch { throw .system(error) }
            if count == 0 { break }
            guard offset + count <= held.count,
                held.withUnsafeBytes({
                    $0[offset..<offset + count].elementsEqual(UnsafeRawBufferPointer(buffer)[0..<count])
                })
            else { throw differs }
            offset += count
        }
        guard offset == held.count else { throw differs }
    }

    /// Checks that `temporary` holds the `size` bytes of the file `held`
    /// has open, as ``verify(_:holds:)-([UInt8])`` checks bytes held in memory.
    static func verify(_ temporary: FileDescriptor, holds held: FileDescriptor, size: Int) throws(Failure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 21, alignment: 16)
        defer { buffer.deallocate() }
        let half = 1 << 20
        let written = UnsafeMutableRawBufferPointer(rebasing: buffer[..<half])
        let expected = UnsafeMutableRawBufferPointer(rebasing: buffer[half...])
        let differs = Failure.readBackUnreadable("the file written is not what was read back")
        var offset = 0
        while true {
            let count: Int
            do throws(Errno) { count = try temporary.read(into: written, at: offset) } catch { throw .system(error) }
            if count == 0 { break }
            guard offset + count <= size else { throw differs }
            var filled = 0
            while filled < count {
                let got: Int
                do throws(Errno) {
                    got = try held.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: expected[filled..<count]), at: offset + filled)
                } catch { throw .system(error) }
                guard got > 0 else { throw differs }
                filled += got
            }
            guard UnsafeRawBufferPointer(written)[..<count].elementsEqual(UnsafeRawBufferPointer(expected)[..<count])
            else { throw differs }
            offset += count
        }
        guard offset == size else { throw differs }
    }

    /// Copies the `size` bytes of the file `held` has open to `output`.
    static func copy(_ held: FileDescriptor, size: Int, to output: OutputBuffer) throws(Errno) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < size {
            let count = try held.read(
                into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, size - offset)]), at: offset)
            guard count > 0 else { throw .inputOutput }
            output.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            offset += count
        }
    }

    /// Writes the new contents of the file `name` in `directory` (open at
    /// `original`, whose status was `status` when it was opened) with
    /// `body`, into an output buffer, then puts them in its place.
    ///
    /// `verify`, when given, reads the new contents back from the temporary
    /// file (open for reading and writing, at offset 0) once they are all
    /// written, before anything replaces the original: what it throws
    /// leaves the original as it was.
    static func replace(
        _ name: [UInt8], in directory: OpenDirectory, original: FileDescriptor, status: FileStatus,
        cleanup: SignalCleanup.Slot? = nil, verify: ((FileDescriptor) throws(Failure) -> Void)? = nil,
        _ body: (OutputBuffer) throws(Errno) -> Void
    ) throws(Failure) {
        guard status.linkCount <= 1 else { throw .otherNames }
        let (temporary, temporaryName) = try createTemporaryFile(in: directory, cleanup: cleanup)
        var isOpen = true
        do throws(Failure) {
            let out = OutputBuffer(sink: { bytes throws(Errno) in try temporary.writeAll(bytes) })
            do throws(Errno) { try body(out) } catch { throw .system(error) }
            out.flush()
            if let error = out.error { throw .system(error) }
            if let verify {
                do throws(Errno) { try temporary.seek(to: 0) } catch { throw .system(error) }
                try verify(temporary)
            }
            try giveMetadata(of: original, status: status, to: temporary)
            guard system_sync(temporary.rawValue) else { throw .system(.current) }
            isOpen = false
            guard system_close(temporary.rawValue) == 0 else { throw .system(.current) }
            // Without a lease (not Linux, or a file of another user), the
            // times are the only sign of a writer.
            var leased = true
            do throws(Errno) { try original.takeReadLease() } catch {
                if error == .tryAgain { throw .openForWriting }
                leased = false
            }
            defer { if leased { original.releaseLease() } }
            try checkUnchanged(name, in: directory, original: original, status: status)
            do throws(Errno) { try directory.rename(temporaryName, to: name) } catch { throw .system(error) }
            cleanup?.release()
        } catch {
            if isOpen { temporary.close() }
            directory.remove(temporaryName)
            cleanup?.release()
            throw error
        }
        // The rename itself made durable too, as far as the folder allows.
        directory.synchronize()
    }

    /// A new file `.cpf-redact-XXXXXX` in `directory`, its six last
    /// characters random, which nothing else had, held by `cleanup` from
    /// before it exists: a signal while it is made, even just after, removes
    /// it. (A signal between the hold and a name found taken would remove
    /// the file of that name: one in 62⁶ names, at that instant.)
    private static func createTemporaryFile(in directory: OpenDirectory, cleanup: SignalCleanup.Slot?) throws(Failure)
        -> (FileDescriptor, [UInt8])
    {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var random = [UInt8](repeating: 0, count: 6)
        for _ in 0..<100 {
            guard random.withUnsafeMutableBytes(system_randomBytes) else { throw .system(.current) }
            let name = Array(temporaryPrefix.utf8) + random.map { letters[Int($0) % letters.count] }
            cleanup?.hold(name, in: directory)
            do {
                return (try directory.createFile(name), name)
            } catch  where error == .fileExists {
                cleanup?.release()
                continue
            } catch {
                cleanup?.release()
                throw .system(error)
            }
        }
        throw .system(.fileExists)
    }

    /// Gives `temporary` the owner, group, mode and extended attributes of
    /// the original: the owner first (changing it clears the set-user-ID
    /// bits that the mode then restores), the attributes last (the access
    /// ACL sets the group bits to its mask, as they were).
    private static func giveMetadata(of original: FileDescriptor, status: FileStatus, to temporary: FileDescriptor)
        throws(Failure)
    {
        if !system_changeOwner(temporary.rawValue, owner: status.owner, group: status.group) {
            let error = Errno.current
            // Not permitted, but already right (a file of one's own): nothing lost.
            let now = try? FileStatus(temporary)
            if now?.owner != status.owner || now?.group != status.group { throw .owner(error) }
        }
        guard system_changePermissions(temporary.rawValue, status.permissions) else { throw .system(.current) }
        do throws(ExtendedAttributes.CopyError) {
            try ExtendedAttributes.copy(from: original, to: temporary)
        } catch {
            throw .attribute(error)
        }
    }

    /// Throws ``Failure/changed`` unless the original is as it was when
    /// opened and its name in `directory` still names it.
    private static func checkUnchanged(
        _ name: [UInt8], in directory: OpenDirectory, original: FileDescriptor, status: FileStatus
    ) throws(Failure) {
        guard let now = try? FileStatus(original), let named = try? directory.status(of: name),
            named.isSameFile(as: status), now.size == status.size, now.modified == status.modified,
            now.changed == status.changed
        else { throw .changed }
    }
}
