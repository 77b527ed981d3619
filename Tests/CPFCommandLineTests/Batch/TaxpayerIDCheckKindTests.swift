// Tests of Batch/TaxpayerIDCheckKind.swift: how `check --document cnpj|any`
// reads a value, names its kind and orders its reasons. The counts through
// the engine are in CheckEngineTests; the outputs are tested end to end
// (CNPJEndToEndTests).

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

private func parse(_ text: String, _ kind: TaxpayerIDCheckKind = .init()) -> Result<
    TaxpayerID, TaxpayerID.ValidationError
> {
    Array(text.utf8).withUnsafeBytes { kind.parse(line: $0) }
}

@Suite("TaxpayerIDCheckKind")
struct TaxpayerIDCheckKindTests {
    @Test("each value is read as the kinds accepted")
    func kinds() throws {
        #expect(try parse("12.ABC.345/01DE-35").get().kind == .cnpj)
        #expect(try parse("390.533.447-05").get().kind == .cpf)
        #expect(throws: TaxpayerID.ValidationError.cnpj(.length(characterCount: 11))) {
            try parse("390.533.447-05", .init(accepted: .cnpj)).get()
        }
    }

    @Test("a line is read from its first 64 KiB; an argument whole")
    func firstBytes() {
        let text = String(repeating: " ", count: EchoCapture.limit) + "390.533.447-05"
        #expect(throws: TaxpayerID.ValidationError.cpf(.empty)) { try parse(text).get() }
        let argument = Array(text.utf8).withUnsafeBytes { TaxpayerIDCheckKind().parse(argument: $0) }
        #expect((try? argument.get()) != nil)
    }

    @Test("every reason of either kind has its place in the summary's order, by name")
    func reasonOrder() {
        let errors: [TaxpayerID.ValidationError] = [
            .cpf(.empty), .cpf(.invalidCharacter("x", position: 1)), .cpf(.format), .cpf(.length(digitCount: 3)),
            .cpf(.repeatedDigits), .cpf(.checkDigits(expected: CPF.CheckDigits(first: 0, second: 5))),
            .cnpj(.empty), .cnpj(.invalidCharacter("x", position: 1)), .cnpj(.lowercaseLetter("a", position: 3)),
            .cnpj(.format), .cnpj(.length(characterCount: 3)), .cnpj(.repeatedDigits),
        ]
        for error in errors {
            #expect(TaxpayerIDCheckKind.reasonCodes[TaxpayerIDCheckKind.reasonIndex(error)] == error.code)
        }
        #expect(TaxpayerIDCheckKind.reasonCodes == TaxpayerIDCheckKind.reasonCodes.sorted())
    }

    @Test("the report and a verdict name the kind")
    func messages() throws {
        let context = Context()
        let kind = TaxpayerIDCheckKind()
        #expect(kind.reason(.cnpj(.repeatedDigits), context: context) == "CNPJ: all 14 digits are the same")
        #expect(kind.validVerdict(try parse("390.533.447-05").get(), context: context) == "valid (CPF)")
    }

    @Test("a held value keeps its first 64 KiB, cut only when its record came in pieces")
    func heldValue() {
        let value = TaxpayerIDCheckKind().makeValue(context: Context())
        value.begin()
        Array("12.ABC.345/01DE-35".utf8).withUnsafeBytes { value.consume($0) }
        #expect((try? value.result.get())?.kind == .cnpj)
        #expect(!value.isSettled)
        #expect(value.echoed(recordIsWhole: true).bytes.count == 18)
        #expect(!value.echoed(recordIsWhole: true).isTruncated)
        #expect(value.echoed(recordIsWhole: false).isTruncated)
        value.begin()
        for _ in 0..<(EchoCapture.limit + 10) { value.consume(byte: 0x31) }
        #expect(value.echoed(recordIsWhole: true).bytes.count == EchoCapture.limit)
    }

    @Test("a filter gets a record in one piece, and loses one that came in more")
    func heldRecords() {
        let value = TaxpayerIDCheckKind().makeValue(context: Context())
        let piece = Array("abc".utf8)
        let written = capturedOutput { out in
            piece.withUnsafeBytes { bytes in
                value.begin()
                value.pass(bytes, decided: true, to: out)
                #expect(value.isCopied)
                value.begin()
                value.pass(bytes, decided: nil, to: out)
                value.pass(bytes, decided: true, to: out)
                #expect(!value.isCopied)
            }
        }
        #expect(written == piece)
    }
}
