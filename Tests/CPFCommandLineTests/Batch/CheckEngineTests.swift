// Tests of Batch/CheckEngine.swift: the verdict counts over lines, fields and
// long lines, for CPFs and for CPFs and CNPJs. The engine writes to the
// process's standard output, so these tests use the quiet output (which
// writes nothing); what is printed is tested end to end.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

private func counts<Kind: CheckKind>(
    _ input: [UInt8], kind: Kind, _ configure: (inout CheckSettings) -> Void = { _ in }
) throws -> (checked: Int, valid: Int, invalid: Int) {
    var settings = CheckSettings()
    settings.output = .quiet
    configure(&settings)
    let engine = CheckEngine(kind: kind, settings: settings, context: Context())
    try withFileDescriptor(containing: input) { try engine.check($0, named: "test") }
    return (engine.checkedCount, engine.validCount, engine.invalidCount)
}

private func counts(
    _ input: [UInt8], options: CPF.ParsingOptions = .lenient, _ configure: (inout CheckSettings) -> Void = { _ in }
) throws -> (checked: Int, valid: Int, invalid: Int) {
    try counts(input, kind: CPFCheckKind(options: options), configure)
}

private func counts(
    _ input: String, options: CPF.ParsingOptions = .lenient, _ configure: (inout CheckSettings) -> Void = { _ in }
) throws -> (checked: Int, valid: Int, invalid: Int) {
    try counts(Array(input.utf8), options: options, configure)
}

@Suite("CheckEngine")
struct CheckEngineTests {
    @Test func countsEveryLine() throws {
        let result = try counts("390.533.447-05\r\n231.002.999-00\n\n 529.982.247-25 \nx")
        #expect(result == (5, 2, 3))
    }

    @Test func nothingToCheckInAnEmptyInput() throws {
        #expect(try counts("") == (0, 0, 0))
    }

    @Test func parsingOptionsApply() throws {
        let input = "390 533 447 05\n123456797\n111.111.111-11\n"
        #expect(try counts(input) == (3, 1, 2))
        #expect(try counts(input, options: .strict) == (3, 0, 3))
        #expect(try counts(input, options: .init(padsLeadingZeros: true)) == (3, 2, 1))
        #expect(try counts(input, options: .init(allowsRepeatedDigits: true)) == (3, 2, 1))
    }

    @Test func theHeaderIsNotChecked() throws {
        #expect(try counts("cpf\n390.533.447-05\n") { $0.skipsHeader = true } == (1, 1, 0))
        #expect(try counts("cpf\n") { $0.skipsHeader = true } == (0, 0, 0))
    }

    @Test func aFieldOfEachRecordIsChecked() throws {
        let csv = "id,cpf\n1,390.533.447-05\n2,\"231.002.999-00\"\n\"3\n3\",\"529.982.247-25\"\n4\n"
        #expect(
            try counts(csv) {
                $0.field = 1
                $0.skipsHeader = true
            } == (4, 2, 2))
        #expect(
            try counts("a;390.533.447-05\n") {
                $0.field = 1
                $0.delimiter = 0x3B
            } == (1, 1, 0))
        #expect(try counts("a;390.533.447-05\n") { $0.field = 1 } == (1, 0, 1))
    }

    @Test func linesLongerThanTheReadBufferAreJudgedWhole() throws {
        let spaces = [UInt8](repeating: 0x20, count: LineReader.defaultCapacity * 2 + 3)
        let input =
            spaces + Array("390.533.447-05\n".utf8)
            + [UInt8](repeating: 0x31, count: LineReader.defaultCapacity + 1) + [0x0A]
            + Array("529.982.247-25".utf8)
        #expect(try counts(input) == (3, 2, 1))
        #expect(try counts(input) { $0.field = 0 } == (3, 2, 1))
    }

    @Test func argumentsAreCountedToo() {
        var settings = CheckSettings()
        settings.output = .quiet
        let engine = CheckEngine(kind: CPFCheckKind(), settings: settings, context: Context())
        engine.check(argument: "390.533.447-05", index: 1)
        engine.check(argument: "231.002.999-00", index: 2)
        engine.check(argument: "", index: 3)
        #expect(engine.checkedCount == 3)
        #expect(engine.validCount == 1)
        #expect(engine.invalidCount == 2)
    }

    @Test func onlyTheLineFiltersAreFilters() {
        #expect(CheckOutput.validLines.isFilter)
        #expect(CheckOutput.invalidLines.isFilter)
        for output in [CheckOutput.report, .json, .csv, .quiet] { #expect(!output.isFilter) }
    }

    @Test func defaultsAreLenientWholeLinesAndCommas() {
        let settings = CheckSettings()
        #expect(CPFCheckKind().options == .lenient)
        #expect(settings.output == .report)
        #expect(settings.field == nil)
        #expect(settings.delimiter == UInt8(ascii: ","))
        #expect(!settings.skipsHeader)
    }

    @Test("CPFs and CNPJs go through the same loop: lines, fields and headers")
    func bothKinds() throws {
        let any = TaxpayerIDCheckKind(accepted: .any)
        #expect(
            try counts(Array("12.ABC.345/01DE-35\n390.533.447-05\n11.222.333/0001-80\n\n".utf8), kind: any) == (4, 2, 2)
        )
        #expect(
            try counts(Array("12.ABC.345/01DE-35\n390.533.447-05\n".utf8), kind: TaxpayerIDCheckKind(accepted: .cnpj))
                == (2, 1, 1))
        let csv = "name,doc\nAna,390.533.447-05\nACME,\"12.ABC.345/01DE-35\"\nBad,12\n"
        let checked = try counts(Array(csv.utf8), kind: any) {
            $0.field = 1
            $0.skipsHeader = true
        }
        #expect(checked == (3, 2, 1))
        let named = try counts(Array(csv.utf8), kind: any) {
            $0.fieldName = Array("doc".utf8)
            $0.skipsHeader = true
        }
        #expect(named == (3, 2, 1))
    }

    @Test("a line longer than the read buffer is a CPF read whole, but only the first 64 KiB of a CNPJ's")
    func longLinesByKind() throws {
        let spaces = [UInt8](repeating: 0x20, count: LineReader.defaultCapacity * 2 + 3)
        let input = spaces + Array("390.533.447-05\n".utf8)
        #expect(try counts(input) == (1, 1, 0))
        #expect(try counts(input, kind: TaxpayerIDCheckKind(accepted: .any)) == (1, 0, 1))
    }
}
