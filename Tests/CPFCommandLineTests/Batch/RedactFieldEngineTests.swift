// Tests of Batch/RedactFieldEngine.swift: the CPFs of one CSV field hidden,
// every other byte of the record kept, whatever the pieces a record comes in.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

private func redacted(
    _ input: String, columns: CSVColumns, style: RedactEngine.Style = .hidden(.full), lineCapacity: Int = 1 << 16
) throws -> (output: String, count: Int, failed: Bool) {
    var count = 0
    let context = Context()
    let bytes = try capturedOutput { out in
        let engine = RedactFieldEngine(
            style: style, columns: columns, context: context, output: out, lineCapacity: lineCapacity)
        try withFileDescriptor(containing: Array(input.utf8)) { try engine.redact($0, named: "t") }
        count = engine.redactedCount
    }
    return (String(decoding: bytes, as: UTF8.self), count, context.failedInput)
}

@Suite("RedactFieldEngine")
struct RedactFieldEngineTests {
    static let input =
        "id,cpf,notes\r\n1,390.533.447-05,\"call 390.533.447-05, ok\"\r\n"
        + "2,52998224725,\"two\nlines 52998224725 \"\"q\"\" 123.456.789-00\"\r\n3,x\r\n4,5,free 39053344705"
    static let expected =
        "id,cpf,notes\r\n1,390.533.447-05,\"call ***.***.***-**, ok\"\r\n"
        + "2,52998224725,\"two\nlines *********** \"\"q\"\" ***.***.***-**\"\r\n3,x\r\n4,5,free ***********\n"

    @Test("only the field's CPFs are hidden, in pieces of any size", arguments: [4, 7, 16, 1 << 16])
    func onlyTheField(capacity: Int) throws {
        let result = try redacted(Self.input, columns: CSVColumns(field: 2, skipsHeader: true), lineCapacity: capacity)
        #expect(result.output == Self.expected)
        #expect(result.count == 4)
        #expect(!result.failed)
    }

    @Test("a field named in the header", arguments: [5, 1 << 16])
    func named(capacity: Int) throws {
        let columns = CSVColumns(fieldName: Array("notes".utf8), skipsHeader: true)
        #expect(try redacted(Self.input, columns: columns, lineCapacity: capacity).output == Self.expected)
    }

    @Test func aNameTheHeaderLacksSkipsTheInputAndFails() throws {
        let columns = CSVColumns(fieldName: Array("none".utf8), skipsHeader: true)
        let result = try redacted(Self.input, columns: columns)
        #expect(result.output == "id,cpf,notes\r\n")
        #expect(result.failed)
    }

    @Test func theFirstFieldAndTheLgpdStyle() throws {
        let result = try redacted(
            "390.533.447-05 x,390.533.447-05\n", columns: CSVColumns(field: 0), style: .hidden(.lgpd))
        #expect(result.output == "***.533.447-** x,390.533.447-05\n")
    }

    @Test func pseudonymsReplaceValidCPFsAndMistypedOnesAreHidden() throws {
        let key = try #require(CPFPseudonymizer.Key(hexadecimal: String(repeating: "ab", count: 32)))
        let pseudonymizer = CPFPseudonymizer(key: key)
        let result = try redacted(
            "a,390.533.447-05 and 390.533.447-00\n", columns: CSVColumns(field: 1),
            style: .pseudonym(CachingCPFPseudonymizer(pseudonymizer)))
        let expected = pseudonymizer.pseudonym(for: try CPF(validating: "390.533.447-05")).formatted
        #expect(result.output == "a,\(expected) and ***.***.***-**\n")
    }
}
