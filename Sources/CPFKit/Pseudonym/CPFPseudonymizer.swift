/// Consistent, reversible pseudonyms for CPFs: each CPF is replaced by a
/// valid, non-repeated CPF, the same on every run and machine for the same
/// key and tweak; two CPFs never share a pseudonym, and the key holder turns
/// a pseudonym back into its CPF.
///
/// ```swift
/// let key = CPFPseudonymizer.Key(hexadecimal: keyFileContents)!
/// let pseudonymizer = CPFPseudonymizer(key: key, tweak: "clientes-2025")
/// let cpf = try CPF(validating: "390.533.447-05")
/// let pseudonym = pseudonymizer.pseudonym(for: cpf)     // a valid CPF
/// pseudonymizer.original(for: pseudonym) == cpf          // true
/// ```
///
/// The construction is fixed, so any FF1 implementation reproduces it:
/// FF1 (NIST SP 800-38G Rev. 1) with AES-256, radix 10 and the tweak's UTF-8
/// bytes encrypts the first nine digits, most significant first (with
/// `keepsRegion`, the first eight, and the ninth, the fiscal region, stays);
/// while the nine-digit base so obtained is one repeated digit it is
/// encrypted again (cycle walking); the check digits are computed for the
/// new base. See the "Pseudonymizing CPFs" article.
///
/// FF1 is a permutation, so a pseudonym is almost always, not always,
/// another CPF: for each key and tweak about one CPF is a *fixed point*, its
/// own pseudonym (about ten with `keepsRegion`, one per region, sharing
/// their first eight digits, since the same permutation of eight digits
/// serves every region). Only the key tells them apart from other pseudonyms.
///
/// A pseudonym is still personal data under the LGPD: whoever has the key
/// can go back. Keep the key apart from the data.
///
/// - Complexity: ``pseudonym(for:)`` and ``original(for:)`` take ten AES-256
///   encryptions (rarely twenty or more, when cycle walking), without
///   allocating.
public struct CPFPseudonymizer: Sendable {
    /// Whether the ninth digit, the fiscal region, is kept.
    public let keepsRegion: Bool
    /// FF1 prepared for nine digits (or eight with `keepsRegion`) and the tweak.
    internal let ff1: FF1.Prepared

    /// Makes a pseudonymizer.
    ///
    /// ```swift
    /// let regional = CPFPseudonymizer(key: key, tweak: "2025", keepsRegion: true)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The 256-bit AES key.
    ///   - tweak: Text whose UTF-8 bytes are FF1's tweak (empty by default):
    ///     the same key with another tweak gives unrelated pseudonyms, so one
    ///     key can serve several data sets that must not be joined.
    ///   - keepsRegion: Keep the ninth digit (the fiscal region) and
    ///     encrypt only the first eight.
    public init(key: Key, tweak: String = "", keepsRegion: Bool = false) {
        self.init(key: key, tweakBytes: Array(tweak.utf8), keepsRegion: keepsRegion)
    }

    /// Makes a pseudonymizer whose FF1 tweak is any bytes.
    ///
    /// ```swift
    /// let pseudonymizer = CPFPseudonymizer(key: key, tweakBytes: [0x39, 0x38])
    /// ```
    public init(key: Key, tweakBytes: [UInt8], keepsRegion: Bool = false) {
        self.keepsRegion = keepsRegion
        ff1 = FF1(key: key.bytes, radix: 10)!.prepare(length: keepsRegion ? 8 : 9, tweak: tweakBytes)!
    }

    /// The pseudonym of a CPF: a valid CPF that is not one repeated digit
    /// (with `keepsRegion`, of the same fiscal region); another CPF except
    /// for the rare fixed points of the permutation (about one per key and
    /// tweak, ten with `keepsRegion`).
    ///
    /// ```swift
    /// let pseudonym = pseudonymizer.pseudonym(for: try CPF(validating: "39053344705"))
    /// pseudonym.digits   // 11 digits, the same for this key and tweak on every run
    /// ```
    ///
    /// A CPF made of one repeated digit (only made with
    /// `allowsRepeatedDigits`) is never issued and is its own pseudonym.
    public func pseudonym(for cpf: CPF) -> CPF {
        CPF(base: pseudonym(forBase: cpf.baseNumber))
    }

    /// The CPF whose pseudonym this is: the inverse of ``pseudonym(for:)``.
    ///
    /// ```swift
    /// pseudonymizer.original(for: pseudonymizer.pseudonym(for: cpf)) == cpf   // true
    /// ```
    public func original(for pseudonym: CPF) -> CPF {
        CPF(base: original(forBase: pseudonym.baseNumber))
    }

    /// The pseudonym of a nine-digit base given as a number from 0 to
    /// 999,999,999: the base of ``pseudonym(for:)``'s result.
    ///
    /// ```swift
    /// let base = pseudonymizer.pseudonym(forBase: 390_533_447)
    /// CPF(base: base)   // the pseudonym of 390.533.447-05
    /// ```
    public func pseudonym(forBase base: Int) -> Int {
        transform(base: base, reversed: false, cache: nil)
    }

    /// The base whose pseudonym is `base`: the inverse of ``pseudonym(forBase:)``.
    ///
    /// ```swift
    /// pseudonymizer.original(forBase: pseudonymizer.pseudonym(forBase: 390_533_447))   // 390533447
    /// ```
    public func original(forBase base: Int) -> Int {
        transform(base: base, reversed: true, cache: nil)
    }

    /// The pseudonym of a base, or with `reversed` its original, the round
    /// values remembered in `cache` when there is one (made for ``ff1``).
    @inline(__always)
    internal func transform(base: Int, reversed: Bool, cache: RoundValueCache?) -> Int {
        precondition(base >= 0 && base < 1_000_000_000, "a base has nine digits")
        if Self.isRepeated(base) { return base }
        if keepsRegion {
            let region = base % 10
            var value = UInt64(base / 10)
            repeat {
                let (a, b) =
                    reversed
                    ? ff1.decrypt(value / 10_000, value % 10_000, modulusU: 10_000, modulusV: 10_000, cache: cache)
                    : ff1.encrypt(value / 10_000, value % 10_000, modulusU: 10_000, modulusV: 10_000, cache: cache)
                value = a * 10_000 + b
            } while Self.isRepeated(Int(value) * 10 + region)
            return Int(value) * 10 + region
        }
        var value = UInt64(base)
        repeat {
            let (a, b) =
                reversed
                ? ff1.decrypt(value / 100_000, value % 100_000, modulusU: 10_000, modulusV: 100_000, cache: cache)
                : ff1.encrypt(value / 100_000, value % 100_000, modulusU: 10_000, modulusV: 100_000, cache: cache)
            value = a * 100_000 + b
        } while Self.isRepeated(Int(value))
        return Int(value)
    }

    /// A new, empty memory of this pseudonymizer's round values.
    internal func makeRoundValueCache() -> RoundValueCache {
        RoundValueCache(for: ff1)
    }

    /// The pseudonym (or, `reversed`, the original) of 11 packed digits
    /// (four bits each, as ``CPF`` holds them), check digits recomputed: for
    /// callers inside CPFKit that hold a CPF found in text as packed digits.
    internal func pseudonym(packed: UInt64, reversed: Bool = false) -> UInt64 {
        let cpf = CPF(packed: packed)
        return (reversed ? original(for: cpf) : pseudonym(for: cpf)).packed
    }

    @inline(__always)
    internal static func isRepeated(_ base: Int) -> Bool {
        base % 111_111_111 == 0
    }
}

extension CPF {
    /// The first nine digits as a number, `390_533_447` for `390.533.447-05`.
    @inlinable
    internal var baseNumber: Int {
        var value = packed >> 8
        var result = 0
        var scale = 1
        for _ in 0..<9 {
            result += Int(value & 0xF) * scale
            value >>= 4
            scale *= 10
        }
        return result
    }
}
