// Tests of CPFSystem/Errno.swift: Errno and retryingOnInterrupt.

import CPFTestSupport
import Testing

@testable import CPFSystem

@Suite("Errno")
struct ErrnoTests {
    @Test func errnoDescribesItselfWithStrerror() {
        #expect(Errno(rawValue: ENOENT).description == "No such file or directory")
        #expect(Errno(rawValue: ENOSPC).description == "No space left on device")
        #expect(Errno.isDirectory.description == "Is a directory")
        #expect(Errno.brokenPipe == Errno(rawValue: EPIPE))
        #expect(Errno.interrupted == Errno(rawValue: EINTR))
    }

    @Test func theCommonErrorsHaveAPortugueseText() {
        #expect(Errno(rawValue: ENOENT).portugueseDescription == "arquivo ou diretório inexistente")
        #expect(Errno.isDirectory.portugueseDescription == "é um diretório")
        #expect(Errno(rawValue: EACCES).portugueseDescription == "permissão negada")
        // A rare one keeps the C library's text.
        #expect(Errno(rawValue: EXDEV).portugueseDescription == Errno(rawValue: EXDEV).description)
    }

    @Test func retryingOnInterruptRetriesEINTROnly() throws {
        var calls = 0
        let value = try retryingOnInterrupt { () -> Int in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 42
        }
        #expect(value == 42)
        #expect(calls == 3)
        #expect(throws: Errno(rawValue: EBADF)) {
            _ = try retryingOnInterrupt { () -> Int in
                errno = EBADF
                return -1
            }
        }
        #expect(try retryingOnInterrupt { 0 } == 0)
    }
}
