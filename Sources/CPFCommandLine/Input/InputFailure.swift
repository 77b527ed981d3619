import CPFSystem

/// Why a `find` or `redact` input failed.
enum InputFailure: Error, Equatable {
    /// Reading it failed.
    case read(Errno)
    /// It could not be searched completely (a format cpf does not read, a
    /// decoder error, a decompression limit); the reason, in English.
    case notSearched(String)
    /// It was searched, but `redact` cannot write it back with its CPFs
    /// hidden (a PDF, or a member of an archive it does not rewrite); why, in English.
    case notRewritten(String)
}
