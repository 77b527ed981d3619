// Tests of Tree/OrderedPrinter.swift.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("OrderedPrinter")
struct OrderedPrinterTests {
    final class Collected: @unchecked Sendable {
        let monitor = Monitor()
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var outputBuffer: OutputBuffer!
        var errorBuffer: OutputBuffer!
        init() {
            let appendOutput: (UnsafeRawBufferPointer) throws(Errno) -> Void = { [unowned self] bytes in
                monitor.locked { output += bytes }
            }
            let appendErrors: (UnsafeRawBufferPointer) throws(Errno) -> Void = { [unowned self] bytes in
                monitor.locked { errors += bytes }
            }
            outputBuffer = OutputBuffer(sink: appendOutput)
            errorBuffer = OutputBuffer(sink: appendErrors)
        }
        var text: String { monitor.locked { String(decoding: output, as: UTF8.self) } }
    }

    /// Polls `condition` until it holds, for at most a minute (a loaded
    /// machine may take long to schedule the thread; a passing run returns
    /// as soon as it does).
    static func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<60_000 {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    func write(_ printer: OrderedPrinter, _ text: String, file: Int, to stream: OrderedPrinter.Stream = .output) {
        Array(text.utf8).withUnsafeBytes { printer.write($0, to: stream, file: file) }
    }

    @Test func filesFinishingOutOfOrderArePrintedInOrder() {
        let collected = Collected()
        let printer = OrderedPrinter(out: collected.outputBuffer, errors: collected.errorBuffer)
        write(printer, "two\n", file: 2)
        write(printer, "one\n", file: 1)
        printer.finish(file: 2, inputBytes: 0)
        printer.finish(file: 1, inputBytes: 0)
        #expect(collected.text == "")
        write(printer, "zero\n", file: 0)
        #expect(collected.text == "zero\n")  // the head goes straight through
        write(printer, "cpf: zero: note\n", file: 0, to: .errors)
        printer.finish(file: 0, inputBytes: 0)
        printer.close()
        #expect(collected.text == "zero\none\ntwo\n")
        #expect(String(decoding: collected.errors, as: UTF8.self) == "cpf: zero: note\n")
    }

    @Test func aFileAfterTheHeadWaitsWhenOverItsLimitUntilItsTurn() {
        let collected = Collected()
        let printer = OrderedPrinter(out: collected.outputBuffer, errors: collected.errorBuffer, limit: 8)
        let monitor = Monitor()
        var secondWroteAll = false
        // File 1 writes 3 × 6 bytes: over the limit of 8, it must wait for file 0.
        let second = system_startThread {
            for piece in ["aaaaa\n", "bbbbb\n", "ccccc\n"] {
                Array(piece.utf8).withUnsafeBytes { printer.write($0, to: .output, file: 1) }
            }
            monitor.locked { secondWroteAll = true }
            printer.finish(file: 1, inputBytes: 0)
        }
        // It blocks on the second piece: wait for that, then it must not have written all.
        #expect(Self.waitUntil { printer.blockedWriters == 1 })
        #expect(monitor.locked { secondWroteAll } == false)
        write(printer, "head\n", file: 0)
        printer.finish(file: 0, inputBytes: 0)
        second?.join()
        printer.close()
        #expect(collected.text == "head\naaaaa\nbbbbb\nccccc\n")
    }

    @Test func filesDoneAfterASlowHeadWaitOnlyUpToTheTotalLimit() {
        let collected = Collected()
        let printer = OrderedPrinter(
            out: collected.outputBuffer, errors: collected.errorBuffer, limit: 8, totalLimit: 20)
        let monitor = Monitor()
        var filesWritten = 0
        // Files 1 to 10, 6 bytes each, while file 0 (the head) is slow: only three fit in 20 bytes.
        let others = system_startThread {
            for file in 1...10 {
                Array("file\(file % 10)\n".utf8).withUnsafeBytes { printer.write($0, to: .output, file: file) }
                printer.finish(file: file, inputBytes: 0)
                monitor.locked { filesWritten = file }
            }
        }
        // The writer blocks on file 4 once three files wait: wait for that, then count.
        #expect(Self.waitUntil { printer.blockedWriters == 1 })
        #expect(monitor.locked { filesWritten } == 3)
        write(printer, "head\n", file: 0)
        printer.finish(file: 0, inputBytes: 0)
        others?.join()
        printer.close()
        #expect(collected.text == "head\n" + (1...10).map { "file\($0 % 10)\n" }.joined())
    }

    @Test func manyThreadsManyFilesKeepTheOrder() {
        let collected = Collected()
        let printer = OrderedPrinter(out: collected.outputBuffer, errors: collected.errorBuffer, limit: 64)
        let monitor = Monitor()
        var next = 0
        var threads: [SystemThread] = []
        for _ in 0..<4 {
            threads.append(
                system_startThread {
                    while true {
                        let file: Int = monitor.locked {
                            defer { next += 1 }
                            return next
                        }
                        guard file < 200 else { return }
                        for line in 0..<(file % 7) {
                            Array("\(file).\(line)\n".utf8).withUnsafeBytes {
                                printer.write($0, to: .output, file: file)
                            }
                        }
                        printer.finish(file: file, inputBytes: 0)
                    }
                }!)
        }
        for thread in threads { thread.join() }
        printer.close()
        let expected = (0..<200).flatMap { file in (0..<(file % 7)).map { "\(file).\($0)\n" } }.joined()
        #expect(collected.text == expected)
    }
}
