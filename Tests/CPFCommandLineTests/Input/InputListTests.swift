// Tests of Input/InputList.swift: which inputs are read, in order, and how
// one that cannot be read is reported.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("InputList")
struct InputListTests {
    @Test func withoutInputOptionsStandardInputIsRead() throws {
        #expect(CommonOptions.inputs(try parse([])).names == ["-"])
        #expect(CommonOptions.inputs(try parse(["390.533.447-05"])).names == ["-"])
    }

    @Test func inputOptionsAreReadInOrder() throws {
        #expect(CommonOptions.inputs(try parse(["-i", "b", "--input", "-", "--input=a"])).names == ["b", "-", "a"])
    }

    @Test func eachReadableInputIsVisitedAndTheOthersAreReported() throws {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "A")
        let b = directory.file("b.txt", "BB")
        let missing = directory.path("missing.txt")
        let context = Context()
        #expect(!context.failedInput)
        var visited: [(String, [UInt8])] = []
        CommonOptions.inputs(try parse(["-i", a, "-i", missing, "-i", b])).forEach(in: context) {
            name, descriptor throws(Errno) in
            let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 8, alignment: 1)
            defer { raw.deallocate() }
            let count = try descriptor.read(into: raw)
            visited.append((name.text, Array(raw[..<count])))
        }
        #expect(visited.map(\.0) == [a, b])
        #expect(visited.map(\.1) == [Array("A".utf8), Array("BB".utf8)])
        #expect(context.failedInput)
    }

    @Test func anErrorWhileReadingIsReportedAndTheNextInputsAreRead() throws {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "A")
        let context = Context()
        var names: [String] = []
        CommonOptions.inputs(try parse(["-i", directory.url.path, "-i", a])).forEach(in: context) {
            name, descriptor throws(Errno) in
            names.append(name.text)
            let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 8, alignment: 1)
            defer { raw.deallocate() }
            _ = try descriptor.read(into: raw)
        }
        #expect(names == [directory.url.path, a])
        #expect(context.failedInput)
    }

    @Test func allInputsReadableLeavesNoFailure() throws {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "")
        let context = Context()
        CommonOptions.inputs(try parse(["-i", a])).forEach(in: context) { _, _ throws(Errno) in }
        #expect(!context.failedInput)
    }
}
