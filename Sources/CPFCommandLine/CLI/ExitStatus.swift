/// How `cpf` ends; the process exits with the raw value.
///
/// ```swift
/// let status = run(arguments: words, environment: variables)
/// // status.rawValue: 0, 1 or 2
/// ```
public enum ExitStatus: Int32, Equatable, Sendable {
    /// 0: success, all inputs valid, a CPF found.
    case success = 0
    /// 1: at least one input invalid (or not rewritten), nothing found, cancelled.
    case failure = 1
    /// 2: a usage or I/O error.
    case error = 2

    /// `.success` when `condition` holds, else `.failure`.
    package init(succeeded condition: Bool) {
        self = condition ? .success : .failure
    }
}
