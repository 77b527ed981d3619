#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An error number from the C library, with its readable text.
package struct Errno: Error, Equatable, CustomStringConvertible {
    package let rawValue: Int32

    /// The error number `rawValue`, such as `ENOENT`.
    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The current `errno`.
    package static var current: Errno { Errno(rawValue: errno) }

    package static let interrupted = Errno(rawValue: EINTR)
    package static let brokenPipe = Errno(rawValue: EPIPE)
    package static let isDirectory = Errno(rawValue: EISDIR)
    package static let fileExists = Errno(rawValue: EEXIST)
    package static let noSpace = Errno(rawValue: ENOSPC)
    package static let inputOutput = Errno(rawValue: EIO)
    package static let tooManyLinks = Errno(rawValue: ELOOP)
    package static let notDirectory = Errno(rawValue: ENOTDIR)
    /// `EAGAIN`: not now (a lease refused while a writer has the file open).
    package static let tryAgain = Errno(rawValue: EAGAIN)

    /// `strerror`'s text, such as "No such file or directory".
    package var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }

    /// The text in Portuguese for the errors a user meets most (a missing
    /// file, a directory, a permission); `strerror`'s text for the others.
    package var portugueseDescription: String {
        switch rawValue {
        case ENOENT: "arquivo ou diretório inexistente"
        case EACCES: "permissão negada"
        case EISDIR: "é um diretório"
        case ENOTDIR: "não é um diretório"
        case EEXIST: "o arquivo já existe"
        case ENOSPC: "não há espaço no dispositivo"
        case EIO: "erro de entrada/saída"
        case EROFS: "sistema de arquivos somente leitura"
        default: description
        }
    }
}

/// Calls `body` until it does not fail with `EINTR`; a -1 result becomes an ``Errno``.
@inline(__always)
package func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) throws(Errno) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let error = Errno.current
        if error != .interrupted { throw error }
    }
}
