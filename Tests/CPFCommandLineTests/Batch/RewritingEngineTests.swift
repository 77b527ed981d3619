// Tests of Batch/RewritingEngine.swift: the exit status of a rewriting run.
// (The engines write to the process's standard output through buffers that
// these small tests never fill nor flush.)

@testable import CPFCommandLine
import CPFTestSupport
import CPFSystem
import Testing

@Suite("RewritingEngine")
struct RewritingEngineTests {
    @Test func argumentsThatAllRewriteSucceed() {
        let context = Context()
        let status = CompleteEngine(formatted: false, context: context)
            .run(arguments: ["390533447", "390.533.447"], inputs: InputList(files: []), context: context)
        #expect(status == .success)
    }

    @Test func anArgumentThatDoesNotRewriteFails() {
        let context = Context()
        let status = CompleteEngine(formatted: false, context: context)
            .run(arguments: ["390533447", "12"], inputs: InputList(files: []), context: context)
        #expect(status == .failure)
    }

    @Test func anInputThatCannotBeReadIsAnError() {
        let context = Context()
        let status = CompleteEngine(formatted: false, context: context)
            .run(arguments: [], inputs: InputList(files: ["/nonexistent/cpf-test-file"]), context: context)
        #expect(status == .error)
    }
}
