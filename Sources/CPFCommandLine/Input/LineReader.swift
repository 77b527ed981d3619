import CPFSystem

/// Splits a file descriptor's bytes into lines (or CSV records), reading
/// large blocks with `read(2)`.
///
/// - Lines end in LF or CRLF; a last line without a newline counts.
/// - A UTF-8 byte order mark at the very start is not part of the first line:
///   it goes to `byteOrderMark`, for the commands that copy it.
/// - In CSV mode a line feed inside a quoted field does not end the record.
/// - Output is kept live: before a read that may wait, `flush` writes out
///   what the command has buffered (see ``LiveSource``).
final class LineReader {
    /// The largest line delivered in one piece.
    static let defaultCapacity = 1 << 20

    private let buffer: UnsafeMutableRawBufferPointer
    /// The bytes `\r\n`, which the terminators of pieces point into.
    private let terminators: UnsafeMutableRawPointer
    private let flush: () -> Void
    private let cancellation: Cancellation?

    init(
        capacity: Int = LineReader.defaultCapacity, flush: @escaping () -> Void = {}, cancellation: Cancellation? = nil
    ) {
        self.flush = flush
        self.cancellation = cancellation
        buffer = LargeBuffer.allocate(byteCount: capacity, alignment: 64)
        terminators = .allocate(byteCount: 2, alignment: 1)
        terminators.storeBytes(of: 0x0D, as: UInt8.self)
        terminators.storeBytes(of: 0x0A, toByteOffset: 1, as: UInt8.self)
    }

    deinit {
        LargeBuffer.deallocate(buffer)
        terminators.deallocate()
    }

    /// Reads `descriptor` to its end, calling `body` with each piece in order.
    /// After a read error, a line already delivered in part gets its last
    /// piece (the bytes read of it, no terminator) before the error is thrown.
    ///
    /// - Parameter csvDelimiter: When set, records are CSV records, which may
    ///   span lines inside quoted fields.
    ///   - byteOrderMark: Called with the input's UTF-8 byte order mark, if
    ///     it starts with one, before the first piece.
    @inline(__always)
    func forEachPiece(
        of descriptor: FileDescriptor, csvDelimiter: UInt8? = nil,
        byteOrderMark: (UnsafeRawBufferPointer) -> Void = { _ in }, _ body: (LinePiece) -> Void
    ) throws(Errno) {
        let base = buffer.baseAddress!
        let capacity = buffer.count
        let lineFeed = UnsafeRawBufferPointer(start: terminators + 1, count: 1)
        let carriageReturnLineFeed = UnsafeRawBufferPointer(start: terminators, count: 2)
        let none = UnsafeRawBufferPointer(start: terminators, count: 0)

        var have = 0  // bytes in the buffer
        var start = 0  // start of the current line
        var scan = 0  // where to look for the next line feed
        var lineNumber = 1  // line the current record starts on
        var linesInRecord = 0  // line feeds inside quotes in the current record
        var continuing = false  // the current line has been delivered in part
        var checkingMark = true
        var csv = csvDelimiter.map { CSVState(delimiter: $0) }
        // Where the next quote is in the buffer (`have` when there is none), for CSV records; -1 when not known.
        var nextQuote = -1

        func deliver(_ end: Int, terminator: UnsafeRawBufferPointer, isLast: Bool) {
            body(
                LinePiece(
                    bytes: UnsafeRawBufferPointer(start: base + start, count: end - start),
                    terminator: terminator, lineNumber: lineNumber, isFirst: !continuing, isLast: isLast))
        }

        var source = LiveSource(descriptor, flush: flush, cancellation: cancellation)
        while true {
            let count: Int
            do {
                count = try source.read(into: UnsafeMutableRawBufferPointer(start: base + have, count: capacity - have))
            } catch {
                // A line delivered in part ends here, with what was read of
                // it: its engine finishes it (one output line per input
                // line) instead of running it on into the next input.
                if continuing { deliver(have, terminator: none, isLast: true) }
                throw error
            }
            let atEnd = count == 0
            have += count
            nextQuote = -1
            if checkingMark {
                let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
                let seen = min(have, 3)
                if !atEnd, seen < 3, (0..<seen).allSatisfy({ buffer[$0] == mark[$0] }) { continue }
                checkingMark = false
                if seen == 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                    byteOrderMark(UnsafeRawBufferPointer(start: base, count: 3))
                    start = 3
                    scan = 3
                }
            }

            if csv == nil {
                // Plain lines: the hot loop.
                while let found = system_findByte(0x0A, in: base + scan, count: have - scan) {
                    let end = UnsafeRawPointer(base).distance(to: found)
                    let crlf = end > start && buffer[end - 1] == 0x0D
                    body(
                        LinePiece(
                            bytes: UnsafeRawBufferPointer(start: base + start, count: end - start - (crlf ? 1 : 0)),
                            terminator: crlf ? carriageReturnLineFeed : lineFeed,
                            lineNumber: lineNumber, isFirst: !continuing, isLast: true))
                    lineNumber += 1
                    continuing = false
                    start = end + 1
                    scan = start
                }
                scan = have
            }
            while csv != nil {
                var end = -1
                // The common record: outside quotes and with no quote before
                // the next line feed, which then ends it (two memchr calls).
                if csv!.phase != .quoted,
                    let found = system_findByte(0x0A, in: base + scan, count: have - scan)
                {
                    let lineFeedAt = UnsafeRawPointer(base).distance(to: found)
                    // The next quote, looked for once per buffer when there is none.
                    if nextQuote < scan || nextQuote > have {
                        nextQuote =
                            system_findByte(0x22, in: base + scan, count: have - scan).map {
                                UnsafeRawPointer(base).distance(to: $0)
                            } ?? have
                    }
                    if nextQuote > lineFeedAt {
                        end = lineFeedAt
                        scan = lineFeedAt
                    }
                }
                if end < 0 {
                    while scan < have {
                        let byte = buffer[scan]
                        if byte == 0x0A {
                            if csv!.endsRecordAtLineFeed {
                                end = scan
                                break
                            }
                            linesInRecord += 1
                        }
                        _ = csv!.step(byte)
                        scan += 1
                    }
                }
                guard end >= 0 else { break }
                if end > start, buffer[end - 1] == 0x0D {
                    deliver(end - 1, terminator: carriageReturnLineFeed, isLast: true)
                } else {
                    deliver(end, terminator: lineFeed, isLast: true)
                }
                lineNumber += 1 + linesInRecord
                linesInRecord = 0
                continuing = false
                csv = CSVState(delimiter: csvDelimiter!)
                start = end + 1
                scan = start
            }

            if atEnd {
                if have > start || continuing {
                    var piece = LinePiece(
                        bytes: UnsafeRawBufferPointer(start: base + start, count: have - start),
                        terminator: none, lineNumber: lineNumber, isFirst: !continuing, isLast: true)
                    piece.endsInsideQuotes = csv.map { !$0.endsRecordAtLineFeed } ?? false
                    body(piece)
                }
                return
            }
            if start == have {
                have = 0
                start = 0
                scan = 0
            } else if start > 0 {
                // Keep the partial line at the front of the buffer.
                (base).copyMemory(from: base + start, byteCount: have - start)
                have -= start
                scan -= start
                start = 0
            } else if have == capacity {
                // A line longer than the buffer: hand over what is here, but
                // keep a final CR back in case a LF follows it.
                let keep = buffer[have - 1] == 0x0D ? 1 : 0
                deliver(have - keep, terminator: none, isLast: false)
                continuing = true
                if keep == 1 { buffer[0] = 0x0D }
                have = keep
                scan = min(scan, have)
                start = 0
            }
        }
    }
}
