// Support for the decoder tests: the real tools (gzip, iconv, python3) that
// make the test vectors at test time, and a seeded random source for the
// property tests.

import Foundation

/// What a tool printed and how it ended.
struct ToolOutcome {
    var status: Int32
    var output: [UInt8]
    var errors: String
}

/// Runs `command` through `/bin/sh -c` with `input` on its standard input
/// and collects its standard output. Input and output go through temporary
/// files, so a large output never blocks a pipe.
func runTool(_ command: String, input: [UInt8] = []) throws -> ToolOutcome {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("cpf-decoders-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputURL = folder.appendingPathComponent("in")
    let outputURL = folder.appendingPathComponent("out")
    let errorURL = folder.appendingPathComponent("err")
    try Data(input).write(to: inputURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // Braces, so the redirections apply to a whole list of commands.
    process.arguments = ["-c", "{ \(command)\n} < '\(inputURL.path)' > '\(outputURL.path)' 2> '\(errorURL.path)'"]
    try process.run()
    process.waitUntilExit()
    let output = (try? Data(contentsOf: outputURL)) ?? Data()
    let errors = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    return ToolOutcome(status: process.terminationStatus, output: [UInt8](output), errors: errors)
}

/// Runs `command` and returns its output; a failing tool is a failing test.
func toolOutput(_ command: String, input: [UInt8] = []) throws -> [UInt8] {
    let outcome = try runTool(command, input: input)
    guard outcome.status == 0 else {
        throw ToolFailure(command: command, status: outcome.status, errors: outcome.errors)
    }
    return outcome.output
}

struct ToolFailure: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var errors: String
    var description: String { "`\(command)` exited with \(status): \(errors)" }
}

/// Runs a Python 3 program with `input` on its standard input.
func python(_ program: String, input: [UInt8] = []) throws -> [UInt8] {
    let quoted = program.replacingOccurrences(of: "'", with: "'\\''")
    return try toolOutput("python3 -c '\(quoted)'", input: input)
}

/// SplitMix64: a seeded generator, so a failing property test can be rerun.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Sample inputs of the kinds the decoders meet.
enum SampleData {
    /// `count` random bytes.
    static func random(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    /// `count` bytes of log-like text with CPFs, numbers and repeated words.
    static func text(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        let words = [
            "CPF", "cliente", "390.533.447-05", "pedido", "São Paulo", "Física", "2024-05-01", "INFO", "erro",
            "conta", "\n", "\n", ", ", "; ", "=", "12345", "José", "ação",
        ]
        var text: [UInt8] = []
        text.reserveCapacity(count + 32)
        while text.count < count {
            text += Array(words[Int.random(in: 0..<words.count, using: &random)].utf8)
            text.append(UInt8(ascii: " "))
            if Int.random(in: 0..<8, using: &random) == 0 {
                text += Array(String(UInt64.random(in: 0...999_999_999, using: &random)).utf8)
            }
        }
        return Array(text.prefix(count))
    }

    /// `count` bytes from a small alphabet, in runs: long matches and short ones.
    static func runs(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        var bytes: [UInt8] = []
        while bytes.count < count {
            let byte = UInt8.random(in: 97...100, using: &random)
            bytes += [UInt8](repeating: byte, count: Int.random(in: 1...300, using: &random))
        }
        return Array(bytes.prefix(count))
    }

    static func make(_ kind: String, _ count: Int, seed: UInt64) -> [UInt8] {
        switch kind {
        case "random": random(count, seed: seed)
        case "text": text(count, seed: seed)
        case "runs": runs(count, seed: seed)
        default: [UInt8](repeating: 0, count: count)
        }
    }
}

/// Bytes from hexadecimal digits separated by spaces, as zlib's tests write them ("1 1 0 fe ff 0").
func bytes(hex: String) -> [UInt8] {
    hex.split(separator: " ").map { UInt8($0, radix: 16)! }
}

/// Compresses `data` to raw DEFLATE with Python's zlib (the C zlib).
func zlibDeflate(_ data: [UInt8], level: Int = 6, strategy: String = "Z_DEFAULT_STRATEGY") throws -> [UInt8] {
    try python(
        """
        import sys, zlib
        c = zlib.compressobj(\(level), zlib.DEFLATED, -15, 9, zlib.\(strategy))
        sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read()) + c.flush())
        """, input: data)
}
