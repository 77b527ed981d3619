// End-to-end tests of `cpf complete`, through the built binary.

import CPFKit
import CPFTestSupport
import Foundation
import Testing

@Suite("cpf complete, end to end")
struct CompleteEndToEndTests {
    @Test(
        "completes bases given as arguments, bare or masked",
        arguments: [
            ("390533447", "39053344705"), ("390.533.447", "39053344705"), (" 001234567 ", "00123456797"),
            ("231002999", "23100299981"), ("111444777", "11144477735"),
        ])
    func completes(base: String, cpf: String) {
        let result = run(["complete", base])
        #expect(result.status == 0)
        #expect(result.stdout.text == cpf + "\n")
        #expect(cpf.isValidCPF)
    }

    @Test("--formatted prints the mask")
    func formatted() {
        #expect(run(["complete", "--formatted", "390533447"]).stdout.text == "390.533.447-05\n")
    }

    @Test("reads lines, one output line per input line; a bad line is reported and passed through; exit 1")
    func lines() {
        let result = run(["complete"], stdin: Data("390533447\r\n12345678\nabc\n001234567".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.text == "39053344705\r\n12345678\nabc\n00123456797\n")
        #expect(
            result.stderr
                == "cpf: -:2: '***456**': 8 digits, expected 9\ncpf: -:3: 'abc': invalid character 'a' at position 1\n"
                + "cpf: 4 read, 2 rewritten, 2 not rewritten\n")
    }

    @Test("wrong lengths exit 1", arguments: ["12345678", "3905334470", "39053344705", ""])
    func wrongLength(base: String) {
        let result = run(["complete", base])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("cpf: "))
    }

    @Test("every completed random base is valid by CPFKit's rule")
    func randomBases() {
        var random = SplitMix64(seed: 8)
        let bases = (0..<500).map { _ in String(1_000_000_000 + Int(random.next() % 1_000_000_000)).dropFirst() }
        let result = run(["complete"], stdin: Data(bases.joined(separator: "\n").utf8))
        #expect(result.status == 0)
        let lines = result.stdout.text.split(separator: "\n")
        #expect(lines.count == 500)
        for (base, line) in zip(bases, lines) {
            #expect(line.hasPrefix(base) && line.isValidCPF)
            #expect(String(line) == CPF(base: Int(base)!).digits)
        }
    }
}
