/// One line of input, or one piece of a line too long to hold.
///
/// A line that fits in the reader's buffer comes as one piece that is both
/// first and last. A longer line comes as several pieces, so no line is ever
/// held whole and memory stays flat.
struct LinePiece {
    /// The bytes, without the line terminator.
    var bytes: UnsafeRawBufferPointer
    /// `\n`, `\r\n`, or empty for a last line without a newline (and for
    /// every piece but the last of a long line).
    var terminator: UnsafeRawBufferPointer
    /// The 1-based number of the line the record starts on.
    var lineNumber: Int
    var isFirst: Bool
    var isLast: Bool
    /// On the last piece of a CSV record: the input ended inside a quoted
    /// field, so the record runs from its first line to the end of the input.
    var endsInsideQuotes = false

    var isWhole: Bool { isFirst && isLast }

    /// The bytes followed by the terminator, as they stand in the input (the
    /// terminator's bytes are those that follow the line in the buffer).
    var bytesWithTerminator: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes.baseAddress, count: bytes.count + terminator.count)
    }
}
