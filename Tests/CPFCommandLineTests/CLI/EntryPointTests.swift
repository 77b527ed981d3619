// Tests of CLI/EntryPoint.swift: the one public entry point of the library.

import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("run(arguments:environment:)")
struct EntryPointTests {
    private func words(_ text: String...) -> [[UInt8]] { text.map { Array($0.utf8) } }

    @Test func returnsTheExitStatusOfTheCommandInsteadOfExiting() {
        #expect(run(arguments: words("cpf", "check", "-q", "390.533.447-05"), environment: [:]) == .success)
        #expect(run(arguments: words("cpf", "check", "-q", "390.533.447-06"), environment: [:]) == .failure)
    }

    @Test func argumentsNeedNotBeUTF8() {
        #expect(
            run(arguments: [Array("cpf".utf8), Array("check".utf8), Array("-q".utf8), [0x33, 0xFF]], environment: [:])
                == .failure)
    }
}
