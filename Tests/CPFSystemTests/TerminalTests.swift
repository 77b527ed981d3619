// Tests of CPFSystem/Terminal.swift: the raw-mode settings. Opening the terminal,
// raw mode and its restoration on every way out are tested end to end in
// PromptEndToEndTests, through a real pseudo-terminal.

import CPFTestSupport
import Testing

@testable import CPFSystem

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Terminal")
struct TerminalTests {
    static func cooked() -> termios {
        var settings = termios()
        settings.c_iflag = tcflag_t(BRKINT | ICRNL | IXON | IXANY | IUTF8)
        settings.c_oflag = tcflag_t(OPOST | ONLCR)
        settings.c_lflag = tcflag_t(ECHO | ECHOE | ECHOK | ICANON | ISIG | IEXTEN)
        settings.c_cflag = tcflag_t(CS7 | PARENB | CREAD)
        withUnsafeMutableBytes(of: &settings.c_cc) { controls in
            controls[Int(VMIN)] = 0
            controls[Int(VTIME)] = 5
            controls[Int(VINTR)] = 3
        }
        return settings
    }

    @Test("raw mode: no echo, no line editing, no signals from keys, no translation, 8-bit, one byte at a time")
    func rawMode() {
        let raw = Terminal.rawMode(of: Self.cooked())
        #expect(raw.c_lflag & tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
        #expect(raw.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
        #expect(raw.c_cflag & tcflag_t(PARENB) == 0)
        withUnsafeBytes(of: raw.c_cc) { controls in
            #expect(controls[Int(VMIN)] == 1)
            #expect(controls[Int(VTIME)] == 0)
            #expect(controls[Int(VINTR)] == 3)  // kept, but ISIG is off
        }
    }

    @Test("raw mode keeps the flags it does not need to change")
    func rawModeKeepsTheRest() {
        let raw = Terminal.rawMode(of: Self.cooked())
        #expect(raw.c_iflag & tcflag_t(IUTF8 | IXANY) == tcflag_t(IUTF8 | IXANY))
        #expect(raw.c_oflag & tcflag_t(ONLCR) == tcflag_t(ONLCR))
        #expect(raw.c_lflag & tcflag_t(ECHOE | ECHOK) == tcflag_t(ECHOE | ECHOK))
        #expect(raw.c_cflag & tcflag_t(CREAD) == tcflag_t(CREAD))
    }

    @Test("bracketed paste is turned on when entering and off when leaving")
    func sequences() {
        #expect(Terminal.enterSequence == Array("\u{1B}[?2004h".utf8))
        #expect(Terminal.leaveSequence == Array("\u{1B}[?2004l".utf8))
        #expect(Terminal.path == "/dev/tty")
    }
}
