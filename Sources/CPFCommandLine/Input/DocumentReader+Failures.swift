import CPFDecoders
import CPFSystem

/// What could not be searched in a document, and why, in words: each
/// member's reason, and the reason a whole document gives.
extension DocumentReader {
    /// A member, or the document itself, that could not be searched.
    struct Failure: Equatable {
        /// The member's path inside the document, `!` between nested
        /// archives; empty for the document itself.
        var path: [UInt8]
        var reason: String
    }

    /// A member's error as the reason it was not searched.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as DecompressionLimitError: "decompression limit: \(error)"
        case let error as InflateError: "corrupt deflate data: \(error)"
        case let error as OfficeXMLError: "Office XML: \(error)"
        case let error as TarError: "tar archive: \(error)"
        default: "\(error)"
        }
    }

    /// What a document's failures say as the reason it was not searched
    /// completely: the first three members named (escaped, CPFs and CNPJs
    /// hidden), each after `noun` (`attachment` for an e-mail's attachments).
    static func summary(
        of failures: [Failure], format: DocumentFormat, verb: String = "searched",
        noun: String = "member"
    ) -> String? {
        guard let first = failures.first else { return nil }
        func named(_ failure: Failure) -> String {
            guard !failure.path.isEmpty else { return failure.reason }
            let hidden = NameHiding.hidden(failure.path)
            return "\(noun) \(Escaping.readable(RawText(hidden))): \(failure.reason)"
        }
        if failures.count == 1 { return named(first) }
        let shown = failures.prefix(3).map(named).joined(separator: "; ")
        let more = failures.count > 3 ? "; and \(failures.count - 3) more" : ""
        return "\(failures.count) \(noun)s not \(verb): \(shown)\(more)"
    }
}
