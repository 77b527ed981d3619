// Tests of Commands/RedactCommand.swift: its definition, help and --style.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("RedactCommand")
struct RedactCommandTests {
    @Test func nameOptionsAndHelp() {
        #expect(RedactCommand.definition.name == "redact")
        #expect(
            RedactCommand.definition.options.map(\.long) == [
                "style", "confidence", "document", "in-place", "pdf-fill", "stats", "recursive", "glob", "pre",
                "pre-glob", "ocr-engine", "no-ocr",
                "threads",
                "no-progress",
                "key-file", "tweak",
                "keep-region", "field", "delimiter", "header", "raw", "line-local", "exit-zero", "skip-unsearchable",
                "max-decompressed-size",
                "max-ratio",
            ])
        let help = RedactCommand.definition.helpText
        for phrase in [
            "***.***.***-**", "***.533.447-**", "invalid UTF-8", "EXIT STATUS:", ".git, .hg or .svn",
            "fresh Tesseract run",
        ] {
            #expect(help.contains(phrase))
        }
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "too long: \(line)") }
    }

    @Test("an unknown style is a usage error", arguments: ["", "partial", "fuller"])
    func unknownStyle(style: String) throws {
        let arguments = try parse(["--style", style], for: RedactCommand.definition)
        #expect(
            throws: UsageError.invalidValue(
                option: "--style", value: RawText(style), expected: "'full', 'lgpd' or 'pseudonym'")
        ) {
            try RedactCommand.run(arguments, context: Context())
        }
    }

    @Test("an unknown PDF fill is a usage error", arguments: ["", "red", "blacker"])
    func unknownPDFFill(fill: String) throws {
        let arguments = try parse(["--pdf-fill", fill], for: RedactCommand.definition)
        #expect(
            throws: UsageError.invalidValue(
                option: "--pdf-fill", value: RawText(fill), expected: "'none', 'black' or 'white'")
        ) {
            try RedactCommand.run(arguments, context: Context())
        }
    }

    @Test("--pdf-fill does not go with --field, which reads no PDF")
    func pdfFillWithField() throws {
        let arguments = try parse(["--field", "1", "--pdf-fill", "white"], for: RedactCommand.definition)
        #expect(throws: UsageError.conflictingOptions("--field", "--pdf-fill")) {
            try RedactCommand.run(arguments, context: Context())
        }
    }

    @Test("a style is matched in any case", arguments: ["FULL", "Lgpd", "lgpd"])
    func styleInAnyCase(style: String) throws {
        let arguments = try parse(["--style", style, "/dev/null"], for: RedactCommand.definition)
        #expect(try RedactCommand.run(arguments, context: Context()) == .success)
    }
}
