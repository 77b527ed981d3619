// Tests of CLI/NearestName.swift: the name a mistyped one was meant to be.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("NearestName")
struct NearestNameTests {
    @Test(
        "near names are found",
        arguments: [
            ("chek", "check"), ("chekc", "check"), ("fromat", "format"), ("redcat", "redact"), ("--fild", "--field"),
        ])
    func near(_ typed: String, _ meant: String) {
        #expect(NearestName.nearest(to: typed, among: ["check", "format", "redact", "--field", "--header"]) == meant)
    }

    @Test("far names are not", arguments: ["frobnicate", "x", "abcdef"])
    func far(_ typed: String) {
        #expect(NearestName.nearest(to: typed, among: ["check", "format", "redact"]) == nil)
    }

    @Test func editDistanceCountsASwapAsOneEdit() {
        #expect(NearestName.editDistance(Array("check".utf8), Array("chekc".utf8)) == 1)
        #expect(NearestName.editDistance(Array("".utf8), Array("abc".utf8)) == 3)
        #expect(NearestName.editDistance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
    }
}
