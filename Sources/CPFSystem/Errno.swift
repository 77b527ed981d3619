/// An error number from the C library, with its readable text.
struct Errno: Error, Equatable, CustomStringConvertible {
    let rawValue: Int32

    /// The current `errno`.
    static var current: Errno { Errno(rawValue: errno) }

    static let interrupted = Errno(rawValue: EINTR)
    static let brokenPipe = Errno(rawValue: EPIPE)
    static let isDirectory = Errno(rawValue: EISDIR)

    /// `strerror`'s text, such as "No such file or directory".
    var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }

    /// The text in Portuguese for the errors a user meets most (a missing
    /// file, a directory, a permission); `strerror`'s text for the others.
    var portugueseDescription: String {
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
func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) throws(Errno) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let error = Errno.current
        if error != .interrupted { throw error }
    }
}
