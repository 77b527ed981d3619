// Tests of FiscalRegion.swift: the ten fiscal regions (docs/reference.md#the-cpf).

import CPFKit
import Testing

private let specTable: [(Int, [String])] = [
    (1, ["DF", "GO", "MT", "MS", "TO"]), (2, ["AC", "AP", "AM", "PA", "RO", "RR"]), (3, ["CE", "MA", "PI"]),
    (4, ["AL", "PB", "PE", "RN"]), (5, ["BA", "SE"]), (6, ["MG"]), (7, ["ES", "RJ"]), (8, ["SP"]), (9, ["PR", "SC"]),
    (0, ["RS"]),
]

@Suite("FiscalRegion")
struct FiscalRegionTests {
    @Test("each digit 0–9 is the region of its states (docs/reference.md#the-cpf)", arguments: specTable)
    func byDigit(digit: Int, states: [String]) throws {
        let region = try #require(FiscalRegion(digit: digit))
        #expect(region.digit == digit)
        #expect(region.states == states)
        #expect(region.description == "\(digit) (\(states.joined(separator: ", ")))")
    }

    @Test("each state code, in upper, lower or mixed case, gives its region", arguments: specTable)
    func byState(digit: Int, states: [String]) {
        for state in states {
            #expect(FiscalRegion(state: state)?.digit == digit)
            #expect(FiscalRegion(state: state.lowercased())?.digit == digit)
            let mixed = state.prefix(1).lowercased() + state.suffix(1)
            #expect(FiscalRegion(state: mixed)?.digit == digit)
            #expect(FiscalRegion(state: Substring(state))?.digit == digit)
        }
    }

    @Test("the description shows the digit and the states")
    func description() {
        #expect(FiscalRegion(digit: 7)?.description == "7 (ES, RJ)")
        #expect(FiscalRegion(state: "sp")?.description == "8 (SP)")
    }

    @Test("a digit outside 0–9 has no region", arguments: [-1, 10, 11, 100, Int.min, Int.max])
    func badDigit(digit: Int) {
        #expect(FiscalRegion(digit: digit) == nil)
    }

    @Test(
        "an unknown state code has no region",
        arguments: [
            "", "S", "SPX", "XX", "BR", " SP", "SP ", "S P", "São Paulo", "８", "ＳＰ", "8",
        ])
    func unknownState(state: String) {
        #expect(FiscalRegion(state: state) == nil)
    }

    @Test(
        "a code spelled with non-ASCII letters that uppercase to ASCII is unknown",
        arguments: ["\u{17F}p", "p\u{131}", "r\u{17F}", "\u{17F}c"])
    func nonASCIILookalikes(state: String) {
        #expect(FiscalRegion(state: state) == nil)
    }

    @Test("allCases are the ten regions, digits 0 to 9, covering the 27 units once each")
    func allCases() {
        #expect(FiscalRegion.allCases.map(\.digit) == Array(0...9))
        let states = FiscalRegion.allCases.flatMap(\.states)
        #expect(states.count == 27)
        #expect(Set(states).count == 27)
        #expect(Set(FiscalRegion.allCases).count == 10)
        for region in FiscalRegion.allCases {
            for state in region.states {
                #expect(FiscalRegion(state: state) == region)
            }
        }
    }
}
