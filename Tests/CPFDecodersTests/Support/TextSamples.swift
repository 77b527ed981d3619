// Texts for the encoding tests: Portuguese with CPFs, punctuation from the
// Windows-1252 range, and (for the Unicode encodings) characters beyond the
// Basic Multilingual Plane.

enum TextSamples {
    /// Text every encoding holds, Windows-1252 included.
    static let latin =
        "CPF: 390.533.447-05 — “Cadastro de Pessoas Físicas”, São João, ação… €5 ‰ Œuvre ™\r\nLinha 2: 616.676.668–00\n"
    /// Text only the Unicode encodings hold.
    static let unicode = latin + "Emoji 😀 𝄞, 中文, Ελληνικά, \u{FEFF}zero width\u{200B} end"

    /// Text of `count` characters drawn from all of Unicode but surrogates, seeded.
    static func randomUnicode(_ count: Int, seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        var text = ""
        for _ in 0..<count {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
            case 1: text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0xA0...0x7FF, using: &random))!)
            case 2: text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0xE000...0xFFFD, using: &random))!)
            default: text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0x10000...0x10FFFF, using: &random))!)
            }
        }
        return text
    }
}
