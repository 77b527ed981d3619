/// FF1, the format-preserving encryption of NIST SP 800-38G Rev. 1
/// (Algorithms 7 and 8), with AES as its block cipher CIPH.
///
/// Written from the recommendation's text. It encrypts a numeral string (a
/// list of numbers below `radix`) into another of the same length, under a
/// key and a tweak (any bytes, the empty tweak included).
///
/// ```swift
/// let ff1 = FF1(key: key128, radix: 10)!
/// ff1.encrypt([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], tweak: [])   // 2433477484 (NIST sample 1)
/// ```
///
/// Each half of the numeral string is handled as one 64-bit number, so the
/// strings encrypted are those whose longer half, v = ⌈n/2⌉ numerals, is
/// below 2^64 (`radix`^v ≤ 2^64 − 1): 19 decimal digits, 24 base-36
/// numerals. That covers every sample NIST publishes and every CPF; no
/// big-number arithmetic is needed, and ``Prepared`` encrypts without
/// allocating.
struct FF1: Sendable {
    let cipher: AES
    /// The base of the numerals, 2 … 65,536.
    let radix: Int

    /// `nil` when the key is not 16, 24 or 32 bytes or the radix is not in
    /// 2 … 2^16.
    init?(key: some Collection<UInt8>, radix: Int) {
        guard let cipher = AES(key: key), radix >= 2, radix <= 1 << 16 else { return nil }
        self.cipher = cipher
        self.radix = radix
    }

    /// Encrypts a numeral string; `nil` when its length is not supported
    /// (see ``prepare(length:tweak:)``) or a numeral is not below the radix.
    func encrypt(_ numerals: [Int], tweak: [UInt8]) -> [Int]? {
        transform(numerals, tweak: tweak, decrypting: false)
    }

    /// Decrypts a numeral string; the inverse of ``encrypt(_:tweak:)``.
    func decrypt(_ numerals: [Int], tweak: [UInt8]) -> [Int]? {
        transform(numerals, tweak: tweak, decrypting: true)
    }

    private func transform(_ numerals: [Int], tweak: [UInt8], decrypting: Bool) -> [Int]? {
        guard let prepared = prepare(length: numerals.count, tweak: tweak),
            numerals.allSatisfy({ $0 >= 0 && $0 < radix })
        else { return nil }
        // NUM_radix, most significant numeral first.
        func number(_ slice: ArraySlice<Int>) -> UInt64 {
            slice.reduce(UInt64(0)) { $0 * UInt64(radix) + UInt64($1) }
        }
        // STR^m_radix.
        func string(_ value: UInt64, length: Int) -> [Int] {
            var value = value
            var result = [Int](repeating: 0, count: length)
            for index in stride(from: length - 1, through: 0, by: -1) {
                result[index] = Int(value % UInt64(radix))
                value /= UInt64(radix)
            }
            return result
        }
        let u = prepared.u
        let a = number(numerals[..<u])
        let b = number(numerals[u...])
        let (x, y) =
            decrypting
            ? prepared.decrypt(a, b, modulusU: prepared.modulusU, modulusV: prepared.modulusV)
            : prepared.encrypt(a, b, modulusU: prepared.modulusU, modulusV: prepared.modulusV)
        return string(x, length: u) + string(y, length: numerals.count - u)
    }

    /// Everything about one length and tweak that does not depend on the
    /// numerals, computed once: the halves' lengths and moduli, and the
    /// CBC-MAC of P and of every block of Q but the last.
    ///
    /// `nil` when the length is not supported: radix^n below 1,000,000
    /// (SP 800-38G Rev. 1's minimum domain), or radix^⌈n/2⌉ not below 2^64.
    func prepare(length n: Int, tweak: [UInt8]) -> Prepared? {
        Prepared(cipher: cipher, radix: radix, length: n, tweak: tweak)
    }

    /// FF1 for one length and tweak, on the two halves as numbers.
    struct Prepared: Sendable {
        let cipher: AES
        /// The lengths of A (u = ⌊n/2⌋) and B (v = n − u).
        let u: Int, v: Int
        /// radix^u and radix^v.
        let modulusU: UInt64, modulusV: UInt64
        /// b, the bytes of NUM_radix(B) in Q, and d, the bytes of S.
        let b: Int, d: Int
        /// The CBC-MAC chaining value before Q's last block, XORed with that
        /// block's constant bytes (the tweak's tail and the zero padding).
        private let chain: (UInt64, UInt64)

        init?(cipher: AES, radix: Int, length n: Int, tweak: [UInt8]) {
            guard n >= 2, n < 1 << 32, tweak.count < 1 << 32 else { return nil }
            u = n / 2
            v = n - u
            func power(_ exponent: Int) -> UInt64? {
                var result: UInt64 = 1
                for _ in 0..<exponent {
                    let (product, overflow) = result.multipliedReportingOverflow(by: UInt64(radix))
                    if overflow { return nil }
                    result = product
                }
                return result
            }
            guard let modulusV = power(v), let modulusU = power(u) else { return nil }
            // radix^n ≥ 1,000,000, as radix^u · radix^v (only computed when small).
            guard
                modulusU >= 1_000_000 || modulusU.multipliedFullWidth(by: modulusV).high > 0
                    || modulusU * modulusV >= 1_000_000
            else { return nil }
            self.modulusU = modulusU
            self.modulusV = modulusV
            self.cipher = cipher
            // b = ⌈⌈v·log2(radix)⌉ / 8⌉: ⌈log2(radix^v)⌉ is the bit length of radix^v − 1.
            let bits = UInt64.bitWidth - (modulusV - 1).leadingZeroBitCount
            b = (bits + 7) / 8
            d = 4 * ((b + 3) / 4) + 4
            // P = [1]^1 || [2]^1 || [1]^1 || [radix]^3 || [10]^1 || [u mod 256]^1 || [n]^4 || [t]^4.
            let t = tweak.count
            var state = cipher.encrypt(
                0x0102_0100 | UInt32(radix >> 16), UInt32(radix & 0xFFFF) << 16 | 10 << 8 | UInt32(u & 0xFF),
                UInt32(n), UInt32(t))
            // Q = T || [0]^((−t−b−1) mod 16) || [i]^1 || [NUM_radix(B)]^b, with
            // i and NUM(B) left zero here; its length is a multiple of 16.
            let padding = ((-t - b - 1) % 16 + 16) % 16
            let q = tweak + [UInt8](repeating: 0, count: padding + 1 + b)
            func word(_ offset: Int) -> UInt32 {
                UInt32(q[offset]) << 24 | UInt32(q[offset + 1]) << 16 | UInt32(q[offset + 2]) << 8
                    | UInt32(q[offset + 3])
            }
            var offset = 0
            while offset + 16 < q.count {
                state = cipher.encrypt(
                    state.0 ^ word(offset), state.1 ^ word(offset + 4),
                    state.2 ^ word(offset + 8), state.3 ^ word(offset + 12))
                offset += 16
            }
            chain = (
                UInt64(state.0 ^ word(offset)) << 32 | UInt64(state.1 ^ word(offset + 4)),
                UInt64(state.2 ^ word(offset + 8)) << 32 | UInt64(state.3 ^ word(offset + 12))
            )
        }

        /// y = NUM(S) mod `modulus`, S the first d bytes of R = PRF(P || Q)
        /// for round `round` and the half `half` (NUM_radix of B, or of A
        /// when decrypting).
        @inline(__always)
        private func reducedRoundValue(round: UInt64, half: UInt64, modulus: UInt64, aes: AES.Schedule) -> UInt64 {
            // The last block of Q: … || [i]^1 || [half]^b. With d ≤ 12, S
            // lies within R, the first block of the PRF's output.
            var high = chain.0
            var low = chain.1 ^ half
            if b < 8 { low ^= round << UInt64(8 * b) } else { high ^= round }
            let r = aes.encrypt(
                UInt32(truncatingIfNeeded: high >> 32), UInt32(truncatingIfNeeded: high),
                UInt32(truncatingIfNeeded: low >> 32), UInt32(truncatingIfNeeded: low))
            if d == 8 {
                return (UInt64(r.0) << 32 | UInt64(r.1)) % modulus
            }
            // d = 12: y = r.0 · 2^64 + (r.1, r.2), reduced in two steps.
            return modulus.dividingFullWidth((UInt64(r.0) % modulus, UInt64(r.1) << 32 | UInt64(r.2))).remainder
        }

        /// ``reducedRoundValue(round:half:modulus:aes:)``, remembered in
        /// `cache` when there is one.
        @inline(__always)
        private func cachedRoundValue(
            round: UInt64, half: UInt64, modulus: UInt64, aes: AES.Schedule, cache: RoundValueCache?
        ) -> UInt64 {
            guard let cache else { return reducedRoundValue(round: round, half: half, modulus: modulus, aes: aes) }
            let slot = cache.slot(round: Int(round), half: Int(half))
            let stored = slot.pointee
            if stored != RoundValueCache.empty { return UInt64(stored) }
            let value = reducedRoundValue(round: round, half: half, modulus: modulus, aes: aes)
            slot.pointee = UInt32(truncatingIfNeeded: value)
            return value
        }

        /// Algorithm 7 on NUM_radix(A) and NUM_radix(B); returns the two
        /// halves of the ciphertext as numbers.
        ///
        /// The moduli are passed in (they must be ``modulusU`` and
        /// ``modulusV``) so that a caller that knows them as constants gets
        /// divisions by constants once this is inlined.
        ///
        /// - Complexity: ten AES encryptions, no allocation.
        @inline(__always)
        func encrypt(
            _ a: UInt64, _ b: UInt64, modulusU: UInt64, modulusV: UInt64, cache: RoundValueCache? = nil
        ) -> (UInt64, UInt64) {
            cipher.withSchedule { aes in
                var a = a
                var b = b
                for round in 0..<UInt64(10) {
                    let modulus = round & 1 == 0 ? modulusU : modulusV
                    let y = cachedRoundValue(round: round, half: b, modulus: modulus, aes: aes, cache: cache)
                    // c = (NUM(A) + y) mod radix^m, without overflowing 64 bits.
                    let room = modulus - y
                    let c = a >= room ? a - room : a + y
                    (a, b) = (b, c)
                }
                return (a, b)
            }
        }

        /// Algorithm 8: the inverse of ``encrypt(_:_:modulusU:modulusV:)``.
        @inline(__always)
        func decrypt(
            _ a: UInt64, _ b: UInt64, modulusU: UInt64, modulusV: UInt64, cache: RoundValueCache? = nil
        ) -> (UInt64, UInt64) {
            cipher.withSchedule { aes in
                var a = a
                var b = b
                for round in stride(from: UInt64(9), through: 0, by: -1) {
                    let modulus = round & 1 == 0 ? modulusU : modulusV
                    let y = cachedRoundValue(round: round, half: a, modulus: modulus, aes: aes, cache: cache)
                    // c = (NUM(B) − y) mod radix^m.
                    let c = b >= y ? b - y : b + (modulus - y)
                    (a, b) = (c, a)
                }
                return (a, b)
            }
        }
    }
}

/// The values y mod radix^m of FF1's round function, remembered for one
/// ``FF1/Prepared`` as they are met: round *i* (of encryption, and of
/// decryption alike) is a function of one half only, NUM(B) when encrypting
/// and NUM(A) when decrypting, which has radix^v values in even rounds and
/// radix^u in odd ones. For nine decimal digits that is 550,000 values
/// (2.2 MB), each computed once with one AES block and then read back.
///
/// For moduli below 2^32 − 1 only. Not for sharing between threads.
final class RoundValueCache {
    /// A slot not filled yet.
    static let empty = UInt32.max

    private let storage: UnsafeMutablePointer<UInt32>
    private let count: Int
    /// radix^v and radix^u: the sizes of the even and odd rounds' tables.
    private let evenSize: Int, oddSize: Int

    init(for prepared: FF1.Prepared) {
        precondition(prepared.modulusV < UInt64(RoundValueCache.empty), "round values must fit in 32 bits")
        evenSize = Int(prepared.modulusV)
        oddSize = Int(prepared.modulusU)
        count = 5 * (evenSize + oddSize)
        storage = .allocate(capacity: count)
        storage.initialize(repeating: Self.empty, count: count)
    }

    deinit {
        storage.deallocate()
    }

    /// Where round `round`'s value for the half `half` is kept.
    @inline(__always)
    func slot(round: Int, half: Int) -> UnsafeMutablePointer<UInt32> {
        storage + (round >> 1) * (evenSize + oddSize) + (round & 1) * evenSize + half
    }
}
