import CPFKit
import CPFSystem

/// A key file of `cpf pseudonymize`: 64 hexadecimal digits (a 256-bit AES
/// key), optionally followed by a newline, readable by its owner only.
enum KeyFile {
    /// Why a key file cannot be used; each is reported with exit status 2.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, Errno)
        case wrongLength(path: String, count: Int)
        case notHexadecimal(path: String, position: Int)
        case exists(path: String)
        case uncreatable(path: String, Errno)
        case noRandomness

        var description: String {
            switch self {
            case let .unreadable(path, error):
                "key file '\(path)': \(error)"
            case let .wrongLength(path, count):
                "key file '\(path)': expected 64 hexadecimal digits (a 256-bit key), found \(count < KeyFile.readLimit ? "" : "at least ")\(count) characters"
            case let .notHexadecimal(path, position):
                "key file '\(path)': character \(position) is not a hexadecimal digit (0-9, a-f)"
            case .exists(let path):
                "'\(path)' already exists: a key file is never overwritten"
            case let .uncreatable(path, error):
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
    /// (`644`) when others may read it, for a warning.
    static func read(_ file: RawText) throws(Failure) -> (key: CPFPseudonymizer.Key, exposedMode: String?) {
        let path = Escaping.readable(file)
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.openForReading(file)
        } catch {
            throw .unreadable(path: path, error)
        }
        defer { descriptor.close() }
        var exposedMode: String?
        if let mode = system_permissions(descriptor.rawValue), mode & 0o077 != 0 {
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
        guard digits.count == 64, let key = CPFPseudonymizer.Key(hexadecimal: String(decoding: digits, as: UTF8.self)) else {
            throw .wrongLength(path: path, count: digits.count)
        }
        return (key, exposedMode)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Writes a new random key to `path`, created with mode 0600; never
    /// overwrites an existing file.
    static func create(_ file: RawText) throws(Failure) {
        let path = Escaping.readable(file)
        var bytes = [UInt8](repeating: 0, count: 32)
        guard bytes.withUnsafeMutableBytes({ system_randomBytes($0) }), let key = CPFPseudonymizer.Key(bytes: bytes) else {
            throw .noRandomness
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.createNew(file, permissions: 0o600)
        } catch {
            throw error == .fileExists ? .exists(path: path) : .uncreatable(path: path, error)
        }
        defer { descriptor.close() }
        var line = key.hexadecimal + "\n"
        let written: Errno? = line.withUTF8 { bytes in
            do throws(Errno) {
                try descriptor.writeAll(UnsafeRawBufferPointer(bytes))
                return nil
            } catch {
                return error
            }
        }
        if let error = written {
            throw .uncreatable(path: path, error)
        }
    }
}
