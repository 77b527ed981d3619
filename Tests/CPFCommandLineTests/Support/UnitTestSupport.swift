// Support for the unit tests of the command-line library: an OutputBuffer
// whose output can be read back, parsed command lines, and literals for
// localized texts. (File descriptors holding given bytes are in
// CPFTestSupport, shared with the system tests.)

import CPFSystem
import CPFTestSupport
import Foundation

@testable import CPFCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs `body` with an OutputBuffer writing to a temporary file and returns
/// the bytes that reached the file after a final flush.
func capturedOutput(capacity: Int = 1 << 17, _ body: (OutputBuffer) throws -> Void) rethrows -> [UInt8] {
    try withTemporaryFile { fd in
        let out = OutputBuffer(descriptor: FileDescriptor(rawValue: fd), capacity: capacity)
        try body(out)
        out.flush()
        return readBack(fd)
    }
}

/// A parsed command line for `definition`, for the unit tests.
func parse(_ words: [String], for definition: CommandDefinition = CheckCommand.definition) throws(UsageError)
    -> ParsedArguments
{
    try ParsedArguments.parse(words[...], for: definition)
}

/// In tests only, an English literal stands for a localized text, so that an
/// expected usage error is written as the English message it is (two texts
/// are equal when their English is). The product has no such conversion: its
/// every text is written in both languages.
extension Localized: ExpressibleByStringLiteral {
    public init(stringLiteral english: String) {
        self.init(english, pt: english)
    }
}
