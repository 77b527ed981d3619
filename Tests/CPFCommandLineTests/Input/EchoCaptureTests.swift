// Tests of Input/EchoCapture.swift: the first bytes of an input, kept for a report.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("EchoCapture")
struct EchoCaptureTests {
    @Test func echoCaptureKeepsTheFirstBytesAndSaysWhenItCut() {
        let echo = EchoCapture()
        withBytes(Array("abc".utf8)) { echo.append($0) }
        echo.append(UInt8(ascii: "d"))
        #expect(Array(echo.bytes) == Array("abcd".utf8))
        #expect(!echo.isTruncated)

        let big = [UInt8](repeating: 0x31, count: EchoCapture.limit - 4)
        withBytes(big) { echo.append($0) }
        #expect(echo.count == EchoCapture.limit)
        #expect(!echo.isTruncated)
        echo.append(UInt8(ascii: "x"))
        #expect(echo.isTruncated)
        withBytes(Array("yz".utf8)) { echo.append($0) }
        #expect(echo.count == EchoCapture.limit)
        #expect(Array(echo.bytes) == Array("abcd".utf8) + big)

        echo.reset()
        #expect(echo.count == 0)
        #expect(!echo.isTruncated)
        #expect(Array(echo.bytes) == [])
    }

    @Test func echoCaptureCutsAPieceThatOverflows() {
        let echo = EchoCapture()
        let piece = [UInt8](repeating: 0x41, count: EchoCapture.limit + 10)
        withBytes(piece) { echo.append($0) }
        #expect(echo.count == EchoCapture.limit)
        #expect(echo.isTruncated)
    }
}
