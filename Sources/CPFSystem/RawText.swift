#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text as the system hands it over: a command-line argument or a file
/// name, bytes that need not be UTF-8 (a name in Latin-1 from a legacy
/// export, `relat\xf3rio.txt`). Kept as bytes from `argv` to `open(2)` and
/// to the output, so nothing is lost or rewritten on the way; shown on a
/// terminal only through `Escaping`.
package struct RawText: Hashable, ExpressibleByStringLiteral {
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package init(_ text: String) {
        bytes = Array(text.utf8)
    }

    package init<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        self.bytes = Array(bytes)
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text, with each byte that is not UTF-8 as U+FFFD: for comparing
    /// with names and choices and for parsing numbers, never for echoing.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package var isEmpty: Bool { bytes.isEmpty }

    package func hasPrefix(_ prefix: String) -> Bool { bytes.starts(with: prefix.utf8) }

    package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes(body)
    }

    /// Calls `body` with the bytes as a NUL-terminated C string (for `open(2)`).
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The words of the command line, byte for byte, from `argv`.
    package static var commandLine: [RawText] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let word = CommandLine.unsafeArgv[index] else { return RawText([]) }
            return RawText(bytes: UnsafeRawBufferPointer(start: word, count: strlen(word)))
        }
    }
}
