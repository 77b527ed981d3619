import Testing

@testable import CPFKit

/// Bytes from hexadecimal digits, for test vectors.
func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { index in
        UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)!
    }
}

@Suite("AES")
struct AESTests {
    /// FIPS 197, Appendix C: the example vectors of AES-128, -192 and -256.
    @Test(
        "encrypts FIPS 197 Appendix C's example vectors",
        arguments: [
            ("C.1 AES-128", "000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
            ("C.2 AES-192", "000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
            (
                "C.3 AES-256", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
                "8ea2b7ca516745bfeafc49904b496089"
            ),
        ])
    func appendixC(name: String, key: String, ciphertext: String) {
        let aes = AES(key: bytes(hex: key))!
        #expect(aes.encrypt(block: bytes(hex: "00112233445566778899aabbccddeeff")) == bytes(hex: ciphertext), "\(name)")
    }

    @Test("encrypts FIPS 197 Appendix B's cipher example")
    func appendixB() {
        let aes = AES(key: bytes(hex: "2b7e151628aed2a6abf7158809cf4f3c"))!
        #expect(
            aes.encrypt(block: bytes(hex: "3243f6a8885a308d313198a2e0370734"))
                == bytes(hex: "3925841d02dc09fbdc118597196a0b32"))
    }

    @Test(
        "expands keys as FIPS 197 Appendix A shows",
        arguments: [
            ("2b7e151628aed2a6abf7158809cf4f3c", 10, [0xd014_f9a8, 0xc9ee_2589, 0xe13f_0cc8, 0xb663_0ca6] as [UInt32]),
            (
                "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", 12,
                [0xe98b_a06f, 0x448c_773c, 0x8ecc_7204, 0x0100_2202]
            ),
            (
                "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", 14,
                [0xfe48_90d1, 0xe618_8d0b, 0x046d_f344, 0x706c_631e]
            ),
        ])
    func appendixA(key: String, rounds: Int, lastWords: [UInt32]) {
        let aes = AES(key: bytes(hex: key))!
        #expect(aes.rounds == rounds)
        #expect(aes.lastRoundKey == lastWords)
    }

    @Test(
        "computes the S-box from its definition",
        arguments: [(0x00, 0x63), (0x01, 0x7c), (0x53, 0xed), (0xff, 0x16), (0x10, 0xca)])
    func sbox(input: Int, output: UInt8) {
        #expect(AESTables.shared.sbox[input] == output)
    }

    @Test("the S-box is a permutation of the bytes")
    func sboxIsAPermutation() {
        #expect(Set(AESTables.shared.sbox).count == 256)
    }

    @Test("refuses keys that are not 16, 24 or 32 bytes", arguments: [0, 1, 15, 17, 23, 31, 33, 64])
    func refusesKeyLengths(count: Int) {
        #expect(AES(key: [UInt8](repeating: 7, count: count)) == nil)
    }
}
