/// The AES block cipher of FIPS 197, encryption only (all FF1 needs), with
/// 128-, 192- and 256-bit keys.
///
/// Written from the standard's text: the S-box is computed from its
/// definition (the multiplicative inverse in GF(2^8) followed by the affine
/// transformation of FIPS 197 §5.1.1), the key schedule follows §5.2, and the
/// rounds are done with the usual "T-table" rearrangement of §5.1 (SubBytes,
/// ShiftRows and MixColumns of one column folded into four table look-ups).
///
/// ```swift
/// let aes = AES(key: [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
///                     0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f])!
/// aes.encrypt(block: [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
///                     0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff])
/// // 69 c4 e0 d8 6a 7b 04 30 d8 cd b7 80 70 b4 c5 5a (FIPS 197, C.1)
/// ```
///
/// Table look-ups indexed by secret bytes make the time of an encryption
/// depend on the cache, so this is not constant-time: see the "Pseudonymizing
/// CPFs" article for what that does and does not expose.
struct AES: Sendable {
    /// Nr: 10, 12 or 14.
    let rounds: Int
    /// The expanded key w[0 ..< 4·(Nr+1)], one big-endian word per column.
    private let roundKeys: [UInt32]

    /// Expands a 16-, 24- or 32-byte key; `nil` for any other length.
    init?<Bytes: Collection<UInt8>>(key: Bytes) {
        let words = key.count / 4
        guard key.count == 16 || key.count == 24 || key.count == 32 else { return nil }
        rounds = words + 6
        let sbox = AESTables.shared.sbox
        var w = [UInt32](repeating: 0, count: 4 * (rounds + 1))
        let bytes = Array(key)
        for index in 0..<words {
            w[index] =
                UInt32(bytes[4 * index]) << 24 | UInt32(bytes[4 * index + 1]) << 16
                | UInt32(bytes[4 * index + 2]) << 8 | UInt32(bytes[4 * index + 3])
        }
        @inline(__always) func subWord(_ word: UInt32) -> UInt32 {
            UInt32(sbox[Int(word >> 24)]) << 24 | UInt32(sbox[Int(word >> 16 & 0xFF)]) << 16
                | UInt32(sbox[Int(word >> 8 & 0xFF)]) << 8 | UInt32(sbox[Int(word & 0xFF)])
        }
        var roundConstant: UInt32 = 0x01
        for index in words..<w.count {
            var temp = w[index - 1]
            if index % words == 0 {
                // RotWord, SubWord, then Rcon[i/Nk] = (x^(i/Nk − 1), 0, 0, 0).
                temp = subWord(temp << 8 | temp >> 24) ^ roundConstant << 24
                roundConstant = UInt32(AESTables.double(UInt8(roundConstant)))
            } else if words > 6 && index % words == 4 {
                temp = subWord(temp)
            }
            w[index] = w[index - words] ^ temp
        }
        roundKeys = w
    }

    /// Encrypts one 16-byte block.
    func encrypt(block: [UInt8]) -> [UInt8] {
        precondition(block.count == 16, "an AES block is 16 bytes")
        func word(_ column: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(block[4 * column + $1]) }
        }
        let words = encrypt(word(0), word(1), word(2), word(3))
        return [words.0, words.1, words.2, words.3].flatMap { word in
            (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
        }
    }

    /// Encrypts one block given as its four columns, big-endian words (the
    /// first byte of the block in the high byte of `s0`).
    ///
    /// - Complexity: O(1), no allocation.
    @inline(__always)
    func encrypt(_ s0: UInt32, _ s1: UInt32, _ s2: UInt32, _ s3: UInt32) -> (UInt32, UInt32, UInt32, UInt32) {
        withSchedule { $0.encrypt(s0, s1, s2, s3) }
    }

    /// The expanded key and the tables, reached through pointers for the
    /// duration of `body`: for encrypting many blocks in a row without
    /// reaching them again for each.
    @inline(__always)
    func withSchedule<Result>(_ body: (Schedule) -> Result) -> Result {
        roundKeys.withUnsafeBufferPointer { keys in
            AESTables.shared.words.withUnsafeBufferPointer { tables in
                body(Schedule(keys: keys.baseAddress!, tables: tables.baseAddress!, rounds: rounds))
            }
        }
    }

    /// An AES key schedule and tables in place; valid only inside ``withSchedule(_:)``.
    struct Schedule {
        let keys: UnsafePointer<UInt32>
        let tables: UnsafePointer<UInt32>
        let rounds: Int

        /// Encrypts one block given as its four columns, big-endian words.
        @inline(__always)
        func encrypt(_ s0: UInt32, _ s1: UInt32, _ s2: UInt32, _ s3: UInt32) -> (UInt32, UInt32, UInt32, UInt32) {
            AES.encrypt(s0, s1, s2, s3, keys: keys, rounds: rounds, tables: tables)
        }
    }

    @inline(__always)
    private static func encrypt(
        _ s0: UInt32, _ s1: UInt32, _ s2: UInt32, _ s3: UInt32,
        keys: UnsafePointer<UInt32>, rounds: Int, tables: UnsafePointer<UInt32>
    ) -> (UInt32, UInt32, UInt32, UInt32) {
        // T0 … T3 and the S-box (as words) at offsets 0, 256, 512, 768, 1024.
        let t1 = tables + 256
        let t2 = tables + 512
        let t3 = tables + 768
        let sbox = tables + 1024
        @inline(__always) func byte(_ word: UInt32, _ row: UInt32) -> Int {
            Int(truncatingIfNeeded: word >> (24 - 8 * row) & 0xFF)
        }
        // AddRoundKey with w[0...3].
        var a0 = s0 ^ keys[0]
        var a1 = s1 ^ keys[1]
        var a2 = s2 ^ keys[2]
        var a3 = s3 ^ keys[3]
        var key = keys + 4
        // Rounds 1 … Nr−1: column c of the result takes row r from column
        // c + r (ShiftRows), through SubBytes and MixColumns (the tables).
        for _ in 1..<rounds {
            let b0 = tables[byte(a0, 0)] ^ t1[byte(a1, 1)] ^ t2[byte(a2, 2)] ^ t3[byte(a3, 3)] ^ key[0]
            let b1 = tables[byte(a1, 0)] ^ t1[byte(a2, 1)] ^ t2[byte(a3, 2)] ^ t3[byte(a0, 3)] ^ key[1]
            let b2 = tables[byte(a2, 0)] ^ t1[byte(a3, 1)] ^ t2[byte(a0, 2)] ^ t3[byte(a1, 3)] ^ key[2]
            let b3 = tables[byte(a3, 0)] ^ t1[byte(a0, 1)] ^ t2[byte(a1, 2)] ^ t3[byte(a2, 3)] ^ key[3]
            (a0, a1, a2, a3) = (b0, b1, b2, b3)
            key += 4
        }
        // The last round has no MixColumns.
        @inline(__always) func last(_ x0: UInt32, _ x1: UInt32, _ x2: UInt32, _ x3: UInt32) -> UInt32 {
            sbox[byte(x0, 0)] << 24 | sbox[byte(x1, 1)] << 16 | sbox[byte(x2, 2)] << 8 | sbox[byte(x3, 3)]
        }
        return (
            last(a0, a1, a2, a3) ^ key[0], last(a1, a2, a3, a0) ^ key[1],
            last(a2, a3, a0, a1) ^ key[2], last(a3, a0, a1, a2) ^ key[3]
        )
    }

    /// The last four words of the expanded key (FIPS 197 Appendix A lists them).
    var lastRoundKey: [UInt32] { Array(roundKeys.suffix(4)) }
}

/// The S-box and the round tables, computed once from FIPS 197's definitions.
struct AESTables: Sendable {
    static let shared = AESTables()

    /// SubBytes, byte by byte.
    let sbox: [UInt8]
    /// T0, T1, T2, T3 (256 words each), then the S-box as words.
    let words: [UInt32]

    /// Multiplication by x (`xtime`, FIPS 197 §4.2.1) modulo x^8+x^4+x^3+x+1.
    static func double(_ value: UInt8) -> UInt8 {
        value << 1 ^ (value & 0x80 != 0 ? 0x1B : 0)
    }

    private init() {
        // Powers of the generator x+1 ({03}) list every non-zero element:
        // log and antilog tables give the multiplicative inverse.
        var power = [UInt8](repeating: 0, count: 255)
        var logarithm = [Int](repeating: 0, count: 256)
        var element: UInt8 = 1
        for exponent in 0..<255 {
            power[exponent] = element
            logarithm[Int(element)] = exponent
            element ^= Self.double(element)
        }
        var sbox = [UInt8](repeating: 0, count: 256)
        for value in 0..<256 {
            let inverse: UInt8 = value == 0 ? 0 : power[(255 - logarithm[value]) % 255]
            // b'_i = b_i ⊕ b_(i+4) ⊕ b_(i+5) ⊕ b_(i+6) ⊕ b_(i+7) ⊕ c_i, c = {63}:
            // the byte XORed with its rotations left by 1 to 4.
            @inline(__always) func rotated(_ count: UInt8) -> UInt8 { inverse << count | inverse >> (8 - count) }
            sbox[value] = inverse ^ rotated(1) ^ rotated(2) ^ rotated(3) ^ rotated(4) ^ 0x63
        }
        var words = [UInt32](repeating: 0, count: 5 * 256)
        for value in 0..<256 {
            let s = sbox[value]
            let twice = Self.double(s)
            let thrice = Self.double(s) ^ s
            // MixColumns' first column {02}{01}{01}{03}; the others are its rotations.
            let t0 = UInt32(twice) << 24 | UInt32(s) << 16 | UInt32(s) << 8 | UInt32(thrice)
            words[value] = t0
            words[256 + value] = t0 >> 8 | t0 << 24
            words[512 + value] = t0 >> 16 | t0 << 16
            words[768 + value] = t0 >> 24 | t0 << 8
            words[1024 + value] = UInt32(s)
        }
        self.sbox = sbox
        self.words = words
    }
}
