// Tests of Tree/TreeWorkers.swift (the workers themselves run end to end:
// TreeEndToEndTests).

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("TreeWorkers")
struct TreeWorkersTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func countAndNameListingsInTextAndJSON() {
        let name = RawText([0x6E, 0xE3, 0x6F])  // "não" in Latin-1
        #expect(
            text(capturedOutput { TreeWorkers.writeListing(.count, name, count: 3, json: false, to: $0) })
                == "n\\xe3o:3\n")
        #expect(
            text(capturedOutput { TreeWorkers.writeListing(.names, "a.txt", count: 3, json: false, to: $0) })
                == "a.txt\n")
        #expect(
            text(capturedOutput { TreeWorkers.writeListing(.count, "a.txt", count: 3, json: true, to: $0) })
                == #"{"source":"a.txt","count":3}"# + "\n")
        #expect(
            text(capturedOutput { TreeWorkers.writeListing(.names, "a.txt", count: 3, json: true, to: $0) })
                == #"{"source":"a.txt"}"# + "\n")
    }
}
