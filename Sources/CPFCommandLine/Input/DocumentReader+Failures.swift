import CPFDecoders

/// What could not be searched in a document, and why, in words.
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
}
