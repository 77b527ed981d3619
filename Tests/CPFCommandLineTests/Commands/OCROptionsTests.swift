// Tests of Commands/OCROptions.swift: how find's options choose the OCR engine.

import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("OCROptions")
struct OCROptionsTests {
    static func reading(_ options: [String], path: String) throws -> FindEngine.ImageReading {
        let arguments = try parse(options + ["a.png"], for: FindCommand.definition)
        return try OCROptions.imageReading(arguments, environment: ["PATH": path])
    }

    @Test("finds tesseract in PATH, takes the program --ocr-engine names, and none with --no-ocr")
    func choices() throws {
        let folder = TemporaryDirectory()
        let program = folder.url.appendingPathComponent("tesseract").path
        #expect(FileManager.default.createFile(atPath: program, contents: Data("#!/bin/sh\n".utf8)))
        #expect(chmod(program, 0o755) == 0)
        guard case .engine(let found) = try Self.reading([], path: "/nonexistent:" + folder.url.path) else {
            Issue.record("no engine found in PATH")
            return
        }
        #expect(found.program == RawText(program))
        guard case .engine(let given) = try Self.reading(["--ocr-engine", "/opt/ocr/bin/tesseract"], path: "") else {
            Issue.record("the engine given not taken")
            return
        }
        #expect(given.program == "/opt/ocr/bin/tesseract")
        #expect(given.timeLimit == OCREngine.defaultTimeLimit)
        guard case .noEngine = try Self.reading([], path: "/nonexistent") else {
            Issue.record("an engine found where there is none")
            return
        }
        guard case .refused = try Self.reading(["--no-ocr"], path: folder.url.path) else {
            Issue.record("--no-ocr not taken")
            return
        }
    }

    @Test("refuses --no-ocr with --ocr-engine, and an empty program")
    func refusals() {
        #expect(throws: UsageError.self) { try Self.reading(["--no-ocr", "--ocr-engine", "x"], path: "") }
        #expect(throws: UsageError.self) { try Self.reading(["--ocr-engine", ""], path: "") }
    }
}
