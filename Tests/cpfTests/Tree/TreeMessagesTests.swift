// Tests of Tree/TreeMessages.swift.

@testable import cpf
import Testing

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

    @Test func theProgressLineSaysFilesBytesRateAndTimeLeft() {
        let line = TreeMessages.progress(files: 3, totalFiles: 10, bytes: 3_000_000, totalBytes: 10_000_000, rate: 1_000_000, secondsLeft: 7)
        #expect(line == "3/10 files, 3.0 MB/10.0 MB, 1.0 MB/s, 7 s left")
    }
}
