import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("PseudonymizeEngine")
struct PseudonymizeEngineTests {
    static let pseudonymizer = CPFPseudonymizer(key: CPFPseudonymizer.Key(bytes: (0..<32).map { UInt8($0) })!)

    @Test("a line too long to hold is passed through when it is not a CPF, and a CPF in it is still found")
    func longLines() throws {
        let context = Context()
        let directory = TemporaryDirectory()
        let spaces = String(repeating: " ", count: 100)
        let path = directory.file("long", "\(String(repeating: "9", count: 100))\n\(spaces)390.533.447-05\(spaces)\n")
        let (outputRead, outputWrite) = makePipe()
        let output = OutputBuffer(descriptor: FileDescriptor(rawValue: outputWrite))
        let engine = PseudonymizeEngine(
            pseudonymizer: Self.pseudonymizer, settings: .init(), context: context, output: output, lineCapacity: 32)
        let descriptor = try FileDescriptor.openForReading(path)
        try engine.rewrite(descriptor, named: "long")
        descriptor.close()
        output.flush()
        close(outputWrite)
        let written = String(decoding: readToEnd(outputRead), as: UTF8.self)
        #expect(written == String(repeating: "9", count: 100) + "\n48533184026\n")
        #expect(engine.failureCount == 1)
    }
}
