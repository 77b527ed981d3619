// Tests of StringCoding.swift: the one piece of code the Codable conformances
// of CPF, CNPJ and TaxpayerID share. Foundation is used here only, for
// JSONEncoder and JSONDecoder; CPFKit itself does not import it.

import Foundation
import Testing

@testable import CPFKit

/// A value coded through StringCoding with a parser that keeps even-length
/// strings and refuses the others.
private struct EvenText: Codable, Equatable {
    struct Odd: Error, CustomStringConvertible {
        var description: String { "odd length" }
    }

    var text: String

    init(text: String) { self.text = text }

    init(from decoder: any Decoder) throws {
        self = try StringCoding.decode(from: decoder, name: "even text") { text in
            guard text.count.isMultiple(of: 2) else { throw Odd() }
            return EvenText(text: text)
        }
    }

    func encode(to encoder: any Encoder) throws { try StringCoding.encode(text, to: encoder) }
}

@Suite("StringCoding")
struct StringCodingTests {
    @Test("a value is written as one string and read back by its parser")
    func roundTrips() throws {
        let data = try JSONEncoder().encode(["a": EvenText(text: "ab")])
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":"ab"}"#)
        #expect(try JSONDecoder().decode([String: EvenText].self, from: data) == ["a": EvenText(text: "ab")])
    }

    @Test("a string the parser refuses is corrupted data naming the type, the reason and where it stood")
    func refusalIsDataCorrupted() throws {
        do {
            _ = try JSONDecoder().decode([String: EvenText].self, from: Data(#"{"a":"abc"}"#.utf8))
            Issue.record("an odd string was read")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "not a valid even text: odd length")
            #expect(context.underlyingError is EvenText.Odd)
            #expect(context.codingPath.map(\.stringValue) == ["a"])
        }
    }

    @Test("a value that is not a string is a type mismatch, not handed to the parser")
    func nonStringIsTypeMismatch() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([String: EvenText].self, from: Data(#"{"a":12}"#.utf8))
        }
    }
}
