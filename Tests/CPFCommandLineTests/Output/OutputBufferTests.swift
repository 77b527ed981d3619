// Tests of Output/OutputBuffer.swift: buffered writes to a file descriptor.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

#if canImport(Glibc)
    import Glibc
#endif

@Suite("OutputBuffer")
struct OutputBufferTests {
    @Test func bytesComeOutInOrderWhateverTheirSizes() {
        var generator = SeededGenerator(seed: 5)
        var expected: [UInt8] = []
        let output = capturedOutput(capacity: 16) { out in
            for _ in 0..<500 {
                let mode = Int.random(in: 0..<3, using: &generator)
                var chunk = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
                if mode == 2 { chunk = chunk.map { $0 & 0x7F } }  // ASCII, written as a String
                expected += chunk
                switch mode {
                case 0: withBytes(chunk) { out.write($0) }
                case 1: for byte in chunk { out.write(byte: byte) }
                default: out.write(String(decoding: chunk, as: UTF8.self))
                }
            }
        }
        #expect(output == expected)
    }

    @Test func nothingGoesOutAfterDiscard() {
        let output = capturedOutput(capacity: 16) { out in
            out.write("kept\n")
            out.flush()
            out.write("dropped\n")
            out.discard()
            out.write("dropped, written after, longer than the block\n")
            out.flush()
        }
        #expect(output == Array("kept\n".utf8))
    }

    @Test func nothingIsWrittenBeforeAFlushWhileTheBufferHasRoom() {
        withTemporaryFile { fd in
            let out = OutputBuffer(descriptor: FileDescriptor(rawValue: fd), capacity: 64)
            out.write("hello")
            #expect(readBack(fd) == [])
            out.flush()
            #expect(readBack(fd) == Array("hello".utf8))
            out.flush()
            #expect(readBack(fd) == Array("hello".utf8))
        }
    }

    @Test("decimal numbers", arguments: [0, 7, 10, 99, 100, 1_234_567_890, Int.max])
    func decimal(_ value: Int) {
        #expect(capturedOutput(capacity: 32) { $0.write(decimal: value) } == Array(String(value).utf8))
    }

    @Test func decimalNumbersAcrossTheEndOfTheBuffer() {
        let output = capturedOutput(capacity: 24) { out in
            for value in 0..<200 {
                out.write(decimal: value * 7919)
                out.write(byte: 0x2C)
            }
        }
        #expect(String(decoding: output, as: UTF8.self) == (0..<200).map { "\($0 * 7919)," }.joined())
    }

    @Test func terminatorIsTheLinesOwnOrALineFeed() {
        let output = capturedOutput { out in
            withBytes([]) { out.writeTerminator($0) }
            withBytes([0x0A]) { out.writeTerminator($0) }
            withBytes([0x0D, 0x0A]) { out.writeTerminator($0) }
        }
        #expect(output == [0x0A, 0x0A, 0x0D, 0x0A])
    }

    @Test func reservedSpaceIsABufferOfTheSizeAsked() {
        _ = capturedOutput(capacity: 16) { out in
            out.write("0123456789")
            out.withReservedSpace(14) { buffer in
                #expect(buffer.count == 14)
                return 0
            }
            out.withReservedSpace(16) { buffer in
                #expect(buffer.count == 16)
                return 0
            }
        }
    }

    @Test func reservingMoreThanTheBufferCanHoldTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = capturedOutput(capacity: 16) { out in out.withReservedSpace(17) { _ in 0 } }
        }
    }

    @Test func reservedSpaceIsWrittenInPlace() {
        let output = capturedOutput(capacity: 16) { out in
            out.write("0123456789")
            out.withReservedSpace(14) { pointer in
                for index in 0..<14 {
                    pointer.storeBytes(of: UInt8(ascii: "a") + UInt8(index), toByteOffset: index, as: UInt8.self)
                }
                return 14
            }
            out.withReservedSpace(5) { pointer in
                pointer.storeBytes(of: UInt8(ascii: "!"), as: UInt8.self)
                return 1
            }
        }
        #expect(String(decoding: output, as: UTF8.self) == "0123456789abcdefghijklmn!")
    }

    @Test func aWriteErrorIsReportedOnceAndLaterOutputIsDropped() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let out = OutputBuffer(descriptor: FileDescriptor(rawValue: fd), capacity: 16)
        let errors = ErrorLog()
        out.onError = { errors.list.append($0) }
        out.write("0123456789")
        #expect(errors.list.isEmpty)
        out.flush()
        #expect(errors.list == [Errno(rawValue: ENOSPC)])
        #expect(out.error == Errno(rawValue: ENOSPC))
        out.write(String(repeating: "z", count: 100))
        out.flush()
        #expect(errors.list.count == 1)
    }
}

final class ErrorLog: @unchecked Sendable {
    var list: [Errno] = []

    @Test func aSinkReceivesTheBlocksAndItsErrorIsKept() {
        var received: [UInt8] = []
        let out = OutputBuffer(capacity: 8, sink: { bytes throws(Errno) in received += bytes })
        out.write("line one\nline two\n")
        out.flush()
        #expect(String(decoding: received, as: UTF8.self) == "line one\nline two\n")
        let failing = OutputBuffer(sink: { _ throws(Errno) in throw Errno(rawValue: ENOSPC) })
        failing.write("x")
        failing.flush()
        #expect(failing.error == Errno(rawValue: ENOSPC))
    }
}
