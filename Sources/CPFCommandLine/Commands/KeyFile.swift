import CPFKit
import CPFSystem

/// A key file of `cpf pseudonymize`: 64 hexadecimal digits (a 256-bit AES
/// key), optionally followed by a newline, readable by its owner only.
enum KeyFile {
    /// Why a key file cannot be used; each is reported with exit status 2.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, Errno)
        /// A FIFO, a device, a socket or a directory: a key is a regular file.
        case notRegularFile(path: String)
        case wrongLength(path: String, count: Int)
        case notHexadecimal(path: String, position: Int)
        case exists(path: String)
        case uncreatable(path: String, Errno)
        case noRandomness

        var description: String {
            switch self {
            case .unreadable(let path, let error):
                "key file '\(path)': \(error)"
            case .notRegularFile(let path):
                "key file '\(path)': not a regular file (a key is read from a file, never from a pipe or a device)"
            case .wrongLength(let path, let count):
                """
                key file '\(path)': expected 64 hexadecimal digits (a 256-bit key), found \
                \(count < KeyFile.readLimit ? "" : "at least ")\(count) characters
                """
            case .notHexadecimal(let path, let position):
                "key file '\(path)': character \(position) is not a hexadecimal digit (0-9, a-f)"
            case .exists(let path):
                "'\(path)' already exists: a key file is never overwritten"
            case .uncreatable(let path, let error):
                "cannot create key file '\(path)': \(error)"
            case .noRandomness:
                "the system's random source failed"
            }
        }
    }

    /// The longest file read: a key and a newline, and room to say how long
    /// a wrong one is.
    static let readLimit = 4096

    /// Reads the key in `path`; `exposedMode` is the file's mode in octal
    /// (`644`) when its group or others may read it, for a warning.
    ///
    /// The file is opened without blocking (`O_NONBLOCK`, so a FIFO with no
    /// writer cannot hang the run) and refused at once unless it is a
    /// regular file.
    static func read(_ file: RawText) throws(Failure) -> (key: CPFPseudonymizer.Key, exposedMode: String?) {
        let path = Escaping.readable(file)
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.openForReadingWithoutBlocking(file)
        } catch {
            throw .unreadable(path: path, error)
        }
        defer { descriptor.close() }
        guard descriptor.fileIdentity?.isRegularFile == true else { throw .notRegularFile(path: path) }
        var exposedMode: String?
        if let mode = system_permissions(descriptor.rawValue), isExposed(mode: mode) {
            exposedMode = String(mode, radix: 8)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readLimit, alignment: 1)
        defer { buffer.deallocate() }
        var count = 0
        do throws(Errno) {
            while count < readLimit {
                let read = try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
                if read == 0 { break }
                count += read
            }
        } catch {
            throw .unreadable(path: path, error)
        }
        var digits = Array(buffer[..<count])[...]
        if digits.last == 0x0A { digits.removeLast() }
        if digits.last == 0x0D { digits.removeLast() }
        if let bad = digits.firstIndex(where: { !isHexDigit($0) }) {
            throw .notHexadecimal(path: path, position: bad + 1)
        }
        guard digits.count == 64, let key = CPFPseudonymizer.Key(hexadecimal: String(decoding: digits, as: UTF8.self))
        else {
            throw .wrongLength(path: path, count: digits.count)
        }
        return (key, exposedMode)
    }

    /// Whether a key file's group or others may read it (mode & 0o044).
    /// Execute and write bits alone do not expose the key: 0700 and 0711
    /// (what Spark's `addFile` gives) do not warn, 0640 and 0604 do.
    static func isExposed(mode: UInt32) -> Bool {
        mode & 0o044 != 0
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Writes a new random key to `path`, created with mode 0600; never
    /// overwrites an existing file. The key is on the disk (`fsync`) before
    /// this returns; when it cannot be written whole (a full disk), the new
    /// file is removed, so no empty or partial key is left behind.
    static func create(_ file: RawText) throws(Failure) {
        let path = Escaping.readable(file)
        var bytes = [UInt8](repeating: 0, count: 32)
        guard bytes.withUnsafeMutableBytes({ system_randomBytes($0) }), let key = CPFPseudonymizer.Key(bytes: bytes)
        else {
            throw .noRandomness
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.createNew(file, permissions: 0o600)
        } catch {
            throw error == .fileExists ? .exists(path: path) : .uncreatable(path: path, error)
        }
        var line = key.hexadecimal + "\n"
        var failure: Errno? = line.withUTF8 { bytes in
            do throws(Errno) {
                try descriptor.writeAll(UnsafeRawBufferPointer(bytes))
                guard system_sync(descriptor.rawValue) else { throw Errno.current }
                return nil
            } catch {
                return error
            }
        }
        let identity = descriptor.fileIdentity
        if system_close(descriptor.rawValue) != 0, failure == nil { failure = Errno.current }
        if let failure {
            removeIfStill(file, identity)
            throw .uncreatable(path: path, failure)
        }
    }

    /// Removes the file `cpf` created at `file`, unless the name now names
    /// another file.
    private static func removeIfStill(_ file: RawText, _ identity: FileIdentity?) {
        guard let identity, let status = try? FileStatus(file, followingLinks: false),
            status.device == identity.device, status.inode == identity.inode
        else { return }
        system_unlink(file)
    }
}
