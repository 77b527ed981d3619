// Tests of Tree/RedactStats.swift.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("RedactStats")
struct RedactStatsTests {
    /// The summary `stats` writes, as text.
    static func summary(
        _ stats: RedactStats, inPlace: Bool, accepted: TaxpayerID.Accepted = .cpf, notSearched: Int = 0,
        language: Language = .english
    ) -> String {
        var written: [UInt8] = []
        let errors = OutputBuffer(sink: { bytes throws(Errno) in written += bytes })
        stats.write(to: errors, inPlace: inPlace, accepted: accepted, notSearched: notSearched, language: language)
        return String(decoding: written, as: UTF8.self)
    }

    @Test func eachFileIsCountedByHowItEndedAndOnlyWhatWasWrittenCountsAsHidden() {
        let stats = RedactStats()
        stats.add(bytes: 100, outcome: .rewritten, hidden: 3)
        stats.add(bytes: 50, outcome: .leftAsItWas, hidden: 4)
        stats.add(bytes: 7, outcome: .nothingToHide, hidden: 0)
        stats.add(bytes: 1, outcome: .rewritten, hidden: 1)
        #expect(stats.files == 4)
        #expect(stats.bytes == 158)
        #expect(stats.rewritten == 2)
        #expect(stats.leftAsItWas == 1)
        #expect(stats.nothingToHide == 1)
        #expect(stats.hidden == 4)
    }

    @Test func inPlaceTheSummarySaysWhatWasReadBack() {
        let stats = RedactStats()
        stats.add(bytes: 10, outcome: .rewritten, hidden: 2)
        stats.add(bytes: 5, outcome: .leftAsItWas, hidden: 0)
        let lines = Self.summary(stats, inPlace: true, accepted: .any, notSearched: 1).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("2 files, 15 bytes, "))
        #expect(lines[0].hasSuffix(": 1 rewritten and read back clean, 1 left as they were, 0 with nothing to hide"))
        #expect(lines[1] == "CPFs and CNPJs hidden: 2")
        #expect(lines[2] == "1 file not searched completely")
    }

    @Test func toStandardOutputTheSummarySaysWhatWasCopied() {
        let stats = RedactStats()
        stats.add(bytes: 3, outcome: .copied, hidden: 1)
        let lines = Self.summary(stats, inPlace: false, accepted: .cnpj).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix(": 1 copied with values hidden, 0 not read whole, 0 with nothing to hide"))
        #expect(lines[1] == "CNPJs hidden: 1")
    }

    @Test("in Portuguese, with agreement")
    func portuguese() {
        let stats = RedactStats()
        stats.add(bytes: 10, outcome: .rewritten, hidden: 1)
        stats.add(bytes: 10, outcome: .nothingToHide, hidden: 0)
        let lines = Self.summary(stats, inPlace: true, language: .portuguese).split(separator: "\n")
        #expect(lines[0].hasPrefix("2 arquivos, 20 bytes, "))
        #expect(lines[0].hasSuffix(": 1 reescrito e relido limpo, 0 deixados como estavam, 1 sem nada a ocultar"))
        #expect(lines[1] == "CPFs ocultos: 1")
    }
}
