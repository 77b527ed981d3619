// Tests of Tree/TreeMessages.swift.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("TreeMessages")
struct TreeMessagesTests {
    @Test func bytesAreShownInPowersOf1000() {
        #expect(TreeMessages.formatBytes(15) == "15 B")
        #expect(TreeMessages.formatBytes(980_000) == "980.0 kB")
        #expect(TreeMessages.formatBytes(12_345_678) == "12.3 MB")
    }

    @Test func secondsAreShownWithHundredthsBelowTen() {
        #expect(TreeMessages.formatSeconds(0.845) == "0.85 s" || TreeMessages.formatSeconds(0.845) == "0.84 s")
        #expect(TreeMessages.formatSeconds(3.05) == "3.05 s")
        #expect(TreeMessages.formatSeconds(75.4) == "75 s")
    }

    @Test func theProgressLineSaysFilesBytesAndRate() {
        let line = TreeMessages.progress(files: 3, bytes: 3_000_000, rate: 1_000_000, .english)
        #expect(line == "3 files, 3.0 MB, 1.0 MB/s")
    }

    @Test func withATotalTheProgressLineSaysFilesOutOfItAndTheTimeLeft() {
        let line = TreeMessages.progress(files: 3, of: 120, bytes: 3_000_000, rate: 1_000_000, left: 100, .english)
        #expect(line == "3/120 files, 3.0 MB, 1.0 MB/s, 1 min 40 s left")
        let portuguese = TreeMessages.progress(files: 1, of: 1, bytes: 5, rate: 5, left: 0, .portuguese)
        #expect(portuguese == "1/1 arquivo, 5 B, 5 B/s, tempo restante 0 s")
    }

    @Test func timesLeftAreSecondsThenMinutesThenHours() {
        #expect(TreeMessages.formatDuration(44.6) == "45 s")
        #expect(TreeMessages.formatDuration(100) == "1 min 40 s")
        #expect(TreeMessages.formatDuration(599.4) == "9 min 59 s")
        #expect(TreeMessages.formatDuration(730) == "12 min")
        #expect(TreeMessages.formatDuration(7500) == "2 h 05 min")
        #expect(TreeMessages.formatDuration(-1) == "0 s")
        #expect(TreeMessages.formatDuration(.infinity) == "277777 h 47 min")
    }

    @Test("in Portuguese, with a decimal comma")
    func portuguese() {
        let line = TreeMessages.progress(files: 3, bytes: 3_000_000, rate: 1_000_000, .portuguese)
        #expect(line == "3 arquivos, 3,0 MB, 1,0 MB/s")
        #expect(TreeMessages.formatSeconds(3.05, .portuguese) == "3,05 s")
        #expect(
            TreeMessages.statsFiles(files: 1, withCPFs: 1, bytes: 20, seconds: 0.5, .portuguese)
                == "1 arquivo (1 com CPFs), 20 bytes, 0,50 s")
        #expect(
            TreeMessages.statsCPFs(high: 2, medium: 0, low: 1, mistyped: 1, .portuguese)
                == "CPFs: 2 de confiança high, 0 medium, 1 low, 1 digitado errado")
        #expect(TreeMessages.redacted("a.txt", count: 2, .portuguese) == "a.txt reescrito (2 ocultos)")
        #expect(TreeMessages.redacted("a.txt", count: 2, .english) == "redacted a.txt (2 hidden)")
    }
}
