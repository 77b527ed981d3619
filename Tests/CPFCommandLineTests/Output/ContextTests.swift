// Tests of Output/Context.swift: the input error bookkeeping and the buffers.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("Context")
struct ContextTests {
    @Test func reportingAnInputErrorMarksTheFailure() {
        let context = Context()
        context.reportInputError("x.txt", Errno(rawValue: 2))
        #expect(context.failedInput)
    }

    @Test func contextWritesToTheStandardDescriptors() {
        let context = Context()
        #expect(context.output.descriptor == .standardOutput)
        #expect(context.errors.descriptor == .standardError)
    }
}
