// End-to-end tests of `cpf generate`, through the built binary.

import CPFKit
import CPFTestSupport
import Foundation
import Testing

@Suite("cpf generate, end to end")
struct GenerateEndToEndTests {
    static func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
    }

    @Test("prints one valid bare CPF by default")
    func defaultsToOne() {
        let result = run(["generate"])
        #expect(result.status == 0)
        let lines = Self.lines(result.stdout)
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { $0.count == 11 && $0.isValidCPF })
    }

    @Test("prints N valid CPFs, masked with --formatted")
    func printsCount() {
        let bare = Self.lines(run(["generate", "-n", "2000"]).stdout)
        #expect(bare.count == 2000)
        #expect(bare.allSatisfy { $0.count == 11 && $0.isValidCPF })
        let masked = Self.lines(run(["generate", "--count=500", "--formatted"]).stdout)
        #expect(masked.count == 500)
        #expect(masked.allSatisfy { $0.count == 14 && $0.isValidCPF && CPFMask.apply(to: $0) == $0 })
    }

    @Test("--seed makes the output reproducible, pinned across versions")
    func seedIsReproducible() {
        let first = run(["generate", "-n", "100", "--seed", "42"]).stdout
        #expect(first == run(["generate", "-n", "100", "--seed", "42"]).stdout)
        #expect(first != run(["generate", "-n", "100", "--seed", "43"]).stdout)
        #expect(Self.lines(first).prefix(3) == ["74156487814", "15991039232", "27860113023"])
        #expect(run(["generate", "-n", "5"]).stdout != run(["generate", "-n", "5"]).stdout)
    }

    @Test(
        "--state and --region restrict the ninth digit",
        arguments: [
            (["--state", "SP"], 8), (["--state", "rj"], 7), (["--state", "Rs"], 0), (["--region", "0"], 0),
            (["--region=9"], 9), (["--state", "df"], 1),
        ])
    func restrictsRegion(options: [String], digit: Int) {
        let result = run(["generate", "-n", "300", "--seed", "1"] + options)
        #expect(result.status == 0)
        let lines = Self.lines(result.stdout)
        #expect(lines.count == 300)
        #expect(
            lines.allSatisfy { $0.isValidCPF && Int(String($0.utf8.map { Character(UnicodeScalar($0)) }[8]))! == digit }
        )
    }

    @Test("-n 0 prints nothing and succeeds")
    func zeroCount() {
        let result = run(["generate", "-n", "0"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "bad values are usage errors: exit 2, cpf: on stderr, nothing on stdout",
        arguments: [
            ["generate", "-n", "-1"], ["generate", "-n", "abc"], ["generate", "-n"], ["generate", "--state", "XX"],
            ["generate", "--region", "10"], ["generate", "--region", "a"],
            ["generate", "--state", "SP", "--region", "8"],
            ["generate", "--seed", "-3"], ["generate", "--seed", "x"], ["generate", "12"],
            ["generate", "--state", "ſp"],
        ])
    func rejectsBadValues(arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpf: "))
        #expect(result.stderr.contains("cpf help generate"))
        #expect(result.stdout.isEmpty)
    }

    @Test("a closed pipe downstream ends a huge generation at once, quietly")
    func closedPipe() throws {
        // 300 million CPFs take minutes even on a fast machine; 60 s leaves room for a loaded one.
        let (printed, complaints, seconds) = try runIntoHeadOne("generate -n 300000000")
        #expect(seconds < 60)
        #expect(Self.lines(printed).count == 1)
        #expect(complaints.isEmpty)
    }
}

extension Data {
    /// The bytes as UTF-8 text.
    var text: String { String(decoding: self, as: UTF8.self) }
}

@Suite("cpf generate --unique, end to end")
struct GenerateUniqueEndToEndTests {
    @Test("prints N distinct valid CPFs, reproducibly with --seed")
    func distinct() {
        let result = run(["generate", "--unique", "-n", "200000", "--seed", "3"])
        #expect(result.status == 0)
        let lines = outputLines(result.stdout)
        #expect(lines.count == 200_000)
        #expect(Set(lines).count == 200_000)
        #expect(lines.prefix(1000).allSatisfy { $0.count == 11 && $0.isValidCPF })
        #expect(
            run(["generate", "--unique", "-n", "1000", "--seed", "3"]).stdout
                == Data(lines.prefix(1000).map { $0 + "\n" }.joined().utf8))
    }

    @Test("with a region, every CPF is of it and none repeats")
    func region() {
        let lines = outputLines(
            run(["generate", "--unique", "-n", "50000", "--state", "SP", "--formatted", "--seed", "1"]).stdout)
        #expect(lines.count == 50_000)
        #expect(Set(lines).count == 50_000)
        #expect(lines.allSatisfy { $0.count == 14 && Array($0.utf8)[10] == UInt8(ascii: "8") })
    }

    @Test(
        "more than exist is a usage error at once",
        arguments: [
            (["-n", "999999991"], "999999990 CPFs"),
            (["-n", "100000000", "--region", "3"], "99999999 CPFs in that region"),
        ])
    func tooMany(options: [String], message: String) {
        let result = run(["generate", "--unique"] + options)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message))
    }

    @Test("as many as exist in a region is accepted and streams")
    func exactlyAll() throws {
        let result = try runIntoHeadOne("generate --unique -n 99999999 --region 4")
        #expect(result.printed.count == 12)
        #expect(result.seconds < 10)
    }
}
