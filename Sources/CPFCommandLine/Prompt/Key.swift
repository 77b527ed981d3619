/// A key (or a paste) read from a terminal in raw mode.
enum Key: Equatable {
    /// Printable text typed, one run of it per read (a paste without
    /// bracketed paste mode arrives this way too).
    case text(String)
    /// Text pasted between `ESC[200~` and `ESC[201~` (bracketed paste).
    case paste(String)
    /// Backspace (DEL 0x7F or BS 0x08).
    case backspace
    /// Delete (`ESC[3~`), or Ctrl-D.
    case delete
    /// Left arrow (`ESC[D`, `ESC O D`), or Ctrl-B.
    case left
    /// Right arrow (`ESC[C`, `ESC O C`), or Ctrl-F.
    case right
    /// Home (`ESC[H`, `ESC[1~`, `ESC[7~`, `ESC O H`), or Ctrl-A.
    case home
    /// End (`ESC[F`, `ESC[4~`, `ESC[8~`, `ESC O F`), or Ctrl-E.
    case end
    /// Enter: CR, LF, CR LF, or keypad Enter (`ESC O M`).
    case enter
    /// Esc pressed alone.
    case escape
    /// Ctrl-C (byte 0x03: raw mode turns off the signal).
    case interrupt
    /// Ctrl-Z (byte 0x1A).
    case suspend
}
