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
        var now = 100.0
        let progress = Progress(clock: { now })
        now += 0.45
        progress.fileDone(bytes: 10, errors: errors)
        progress.clear(errors)
        errors.flush()
        #expect(written.isEmpty)
    }

    @Test func aLongScanRedrawsInPlaceAndClearsTheLine() {
        var written: [UInt8] = []
        let errors = OutputBuffer(sink: { bytes throws(Errno) in written += bytes })
        var now = 100.0
        let progress = Progress(clock: { now })
        now += 1
        progress.fileDone(bytes: 10, errors: errors)
        // Within a tenth of a second of the last drawing: not drawn again.
        now += 0.05
        progress.fileDone(bytes: 10, errors: errors)
        now += 0.95
        progress.fileDone(bytes: 10, errors: errors)
        progress.clear(errors)
        errors.flush()
        let text = String(decoding: written, as: UTF8.self)
        #expect(text == "\r\u{1B}[K1 files, 10 B, 10 B/s\r\u{1B}[K3 files, 30 B, 15 B/s\r\u{1B}[K")
    }

    @Test func withATotalTheLineSaysFilesOutOfItAndTheTimeLeft() {
        var written: [UInt8] = []
        let errors = OutputBuffer(sink: { bytes throws(Errno) in written += bytes })
        var now = 100.0
        let progress = Progress(total: 10, clock: { now })
        // 2 files in 1 s: 8 left at half a second each.
        now += 0.5
        progress.fileDone(bytes: 10, errors: errors)
        now += 0.5
        progress.fileDone(bytes: 10, errors: errors)
        progress.clear(errors)
        errors.flush()
        let text = String(decoding: written, as: UTF8.self)
        #expect(text == "\r\u{1B}[K2/10 files, 20 B, 20 B/s, 4 s left\r\u{1B}[K")
    }

    @Test func moreFilesThanCountedDropTheTotal() {
        var written: [UInt8] = []
        let errors = OutputBuffer(sink: { bytes throws(Errno) in written += bytes })
        var now = 100.0
        let progress = Progress(language: .portuguese, total: 1, clock: { now })
        progress.fileDone(bytes: 5, errors: errors)
        now += 1
        progress.fileDone(bytes: 5, errors: errors)
        errors.flush()
        #expect(String(decoding: written, as: UTF8.self) == "\r\u{1B}[K2 arquivos, 10 B, 10 B/s")
    }

    @Test func theTimeLeftIsTheFilesLeftAtTheMeanTimeOfAFile() {
        #expect(Progress.secondsLeft(done: 4, total: 10, elapsed: 8) == 12)
        #expect(Progress.secondsLeft(done: 10, total: 10, elapsed: 8) == 0)
        #expect(Progress.secondsLeft(done: 0, total: 10, elapsed: 8) == 0)
    }
}
