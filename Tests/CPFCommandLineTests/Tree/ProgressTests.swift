// Tests of Tree/Progress.swift.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("Progress")
struct ProgressTests {
    @Test func notWantedWhenTurnedOff() {
        #expect(Progress.isWanted(disabled: true) == false)
    }

    @Test func aShortScanDrawsNothingAndClearingThenWritesNothing() {
        var written: [UInt8] = []
        let errors = OutputBuffer(sink: { bytes throws(Errno) in written += bytes })
        let progress = Progress()
        progress.fileDone(bytes: 10, errors: errors)
        progress.clear(errors)
        errors.flush()
        #expect(written.isEmpty)
    }

    @Test func aLongScanRedrawsInPlaceAndClearsTheLine() {
        var written: [UInt8] = []
        let errors = OutputBuffer(sink: { bytes throws(Errno) in written += bytes })
        let progress = Progress()
        usleep(500_000)
        progress.fileDone(bytes: 10, errors: errors)
        progress.clear(errors)
        errors.flush()
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.hasPrefix("\r\u{1B}[K1 files, 10 B, "))
        #expect(text.hasSuffix(" B/s\r\u{1B}[K"))
    }
}
