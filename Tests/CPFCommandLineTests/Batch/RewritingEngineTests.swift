// Tests of Batch/RewritingEngine.swift: the exit status of a rewriting run,
// and an argument rewritten as a line. (Unless given an output, the engines
// write to the process's standard output through buffers that these small
// tests never fill nor flush.)

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("RewritingEngine")
struct RewritingEngineTests {
    @Test func argumentsThatAllRewriteSucceed() {
        let context = Context()
        let status = RewriteEngine(kind: CPFRewriteKind(style: .complete(formatted: false)), context: context)
            .run(arguments: ["390533447", "390.533.447"], inputs: InputList(files: []), context: context)
        #expect(status == .success)
    }

    @Test func anArgumentThatDoesNotRewriteFails() {
        let context = Context()
        let status = RewriteEngine(kind: CPFRewriteKind(style: .complete(formatted: false)), context: context)
            .run(arguments: ["390533447", "12"], inputs: InputList(files: []), context: context)
        #expect(status == .failure)
    }

    @Test func anArgumentIsRewrittenAsOneLineEndedByALineFeed() {
        let reformatted = capturedOutput { out in
            let engine = RewriteEngine(kind: CPFRewriteKind(), context: Context(), output: out)
            engine.rewrite(argument: "39053344705")
            engine.rewrite(argument: "bad")
        }
        #expect(String(decoding: reformatted, as: UTF8.self) == "390.533.447-05\nbad\n")
        let key = CPFPseudonymizer.Key(bytes: (0..<32).map { UInt8($0) })!
        let pseudonymized = capturedOutput { out in
            let engine = PseudonymizeEngine(
                pseudonymizer: CPFPseudonymizer(key: key), settings: .init(), context: Context(), output: out)
            engine.rewrite(argument: "390.533.447-05")
        }
        #expect(String(decoding: pseudonymized, as: UTF8.self).wholeMatch(of: /\d{3}\.\d{3}\.\d{3}-\d{2}\n/) != nil)
    }

    @Test func anInputThatCannotBeReadIsAnError() {
        let context = Context()
        let status = RewriteEngine(kind: CPFRewriteKind(style: .complete(formatted: false)), context: context)
            .run(arguments: [], inputs: InputList(files: ["/nonexistent/cpf-test-file"]), context: context)
        #expect(status == .error)
    }
}
