/// A ``CPFPseudonymizer`` for many CPFs in a row: it remembers the values of
/// FF1's round function as it meets them, so that after the first few
/// hundred thousand CPFs most rounds cost a memory read instead of an AES
/// encryption. The pseudonyms are the same as ``CPFPseudonymizer``'s.
///
/// ```swift
/// let caching = CachingCPFPseudonymizer(CPFPseudonymizer(key: key, tweak: "crm"))
/// for cpf in cpfs {
///     print(caching.pseudonym(for: cpf))
/// }
/// ```
///
/// FF1's round *i* depends on the key, the tweak and one half of the
/// numeral string only: for nine digits, one of 100,000 or 10,000 values.
/// The memory holds them all once met, 2.2 MB (400 KB with `keepsRegion`),
/// allocated when it is made. Its reads, like the AES tables', depend on
/// the data: the same cache-timing caveat applies (see the "Pseudonymizing
/// CPFs" article).
///
/// A reference type with mutable state: use one per thread.
public final class CachingCPFPseudonymizer {
    /// The pseudonymizer whose results this gives.
    public let pseudonymizer: CPFPseudonymizer
    private let cache: RoundValueCache

    /// Makes an empty memory for `pseudonymizer`.
    public init(_ pseudonymizer: CPFPseudonymizer) {
        self.pseudonymizer = pseudonymizer
        cache = pseudonymizer.makeRoundValueCache()
    }

    /// The same as ``CPFPseudonymizer/pseudonym(for:)``.
    ///
    /// ```swift
    /// caching.pseudonym(for: cpf) == caching.pseudonymizer.pseudonym(for: cpf)   // true
    /// ```
    public func pseudonym(for cpf: CPF) -> CPF {
        CPF(base: pseudonymizer.transform(base: cpf.baseNumber, reversed: false, cache: cache))
    }

    /// The same as ``CPFPseudonymizer/original(for:)``.
    ///
    /// ```swift
    /// caching.original(for: caching.pseudonym(for: cpf)) == cpf   // true
    /// ```
    public func original(for pseudonym: CPF) -> CPF {
        CPF(base: pseudonymizer.transform(base: pseudonym.baseNumber, reversed: true, cache: cache))
    }
}
