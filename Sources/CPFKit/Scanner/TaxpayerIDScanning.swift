// What CPFScanner, CNPJScanner and TaxpayerScanner have in common: bytes fed
// in pieces, matches reported as they are decided. Code generic over it (the
// command's engines) runs each scanner's own code, with no match wrapped.

/// A scanner of CPFs, CNPJs or both in an input given in pieces of any
/// size: ``CPFScanner``, ``CNPJScanner`` and ``TaxpayerScanner``.
///
/// ```swift
/// func count<Scanner: TaxpayerIDScanning>(_ text: String, with scanner: Scanner) -> Int {
///     var scanner = scanner
///     var found = 0
///     Array(text.utf8).withUnsafeBytes { scanner.feed($0) { _ in found += 1 } }
///     scanner.finish { _ in found += 1 }
///     return found
/// }
/// count("CPF 390.533.447-05, CNPJ 11.222.333/0001-81", with: CPFScanner())                  // 1
/// count("CPF 390.533.447-05, CNPJ 11.222.333/0001-81", with: TaxpayerScanner(accepting: .any))   // 2
/// ```
public protocol TaxpayerIDScanning {
    /// What the scanner reports.
    associatedtype Match: TaxpayerIDMatch

    /// Bytes fed since the start of the input.
    var offset: Int { get }

    /// The offset before which no match reported later starts.
    var settledOffset: Int { get }

    /// Reads the next piece of the input and calls `onMatch` with each match now decided.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, onMatch: (Match) -> Void)

    /// Ends the input: every match still open is decided; the scanner is then at the start of a new one.
    mutating func finish(onMatch: (Match) -> Void)
}

/// A CPF or a CNPJ (or a mistyped one) that a ``TaxpayerIDScanning`` scanner found.
///
/// ```swift
/// let match: any TaxpayerIDMatch = CPFScanner.matches(in: "CPF 390.533.447-05".utf8)[0]
/// match.range        // 4..<18
/// match.confidence   // .high
/// ```
public protocol TaxpayerIDMatch: Sendable {
    /// Where it is written, in bytes from the start of the input.
    var range: Range<Int> { get }
    /// How sure the scanner is.
    var confidence: CPFScanner.Confidence { get }
    /// Whether its check digits are right.
    var isValid: Bool { get }
    /// Whether it is written across a line break.
    var spansLineBreak: Bool { get }
}

extension CPFScanner: TaxpayerIDScanning {}
extension CNPJScanner: TaxpayerIDScanning {}
extension TaxpayerScanner: TaxpayerIDScanning {}
extension CPFScanner.Match: TaxpayerIDMatch {}
extension CNPJScanner.Match: TaxpayerIDMatch {}
extension TaxpayerScanner.Match: TaxpayerIDMatch {}
