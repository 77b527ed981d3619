// The scan of CPFScanner over a run of bytes in memory: 64 positions at a
// time judged from bit masks where the text allows, else digit by digit;
// each number start parsed as a candidate, the OCR readings looked for, and
// each candidate judged: the match it is, and its confidence.

extension CPFScanner {
    /// Scans the number starts in `from..<limit` of `text`, whose index 0 is
    /// the offset `origin`: the index where scanning goes on, and whether a
    /// candidate starting there waits for more bytes.
    @inline(__always)
    internal static func scan<Sink: MatchSink>(
        _ text: Text, origin: Int, from start: Int, limit: Int, hidingFrom: Confidence? = nil, reportedEnd: inout Int,
        into sink: inout Sink
    ) -> (next: Int, pending: Bool) {
        let base = text.base
        var index = start
        // OCR readings are `.medium`: not looked for when hiding from `.high`.
        let readsOCR = hidingFrom != .high
        // Blocks of 64 positions judged from the bit masks of those 64
        // bytes and of the 64 after them (a candidate starting near the end
        // of a block ends in the next), each block's masks computed once.
        blocks: while limit - index >= 64, text.count - index >= 128 {
            // Most blocks of most text hold no digit: passed over a few
            // instructions a byte.
            while !mayStartNumber(base + index) {
                index += 64
                guard limit - index >= 64, text.count - index >= 128 else { break blocks }
            }
            var current = BlockMasks(base + index)
            var digitBefore = index > 0 && base[index - 1] &- 0x30 < 10
            // Past the first block, the 64 bytes before were passed over: no digit.
            var runsBefore = index == start ? runsOfThree(text, before: index, current.digits) : 0
            var writtenBefore = UInt64.max
            repeat {
                let next = BlockMasks(base + index + 64)
                var starts = possibleStarts(current, next, digitBefore: digitBefore)
                let wide = wideRuns(current, next)
                if wide != 0 { starts |= wideDigitStarts(base + index, leads: wide) }
                // Where the full mask's shape is, with letters among its digits;
                // and letters beside three digits, for bare readings after a keyword.
                var readings: UInt64 = 0
                let runs =
                    current.digits & funnel(current.digits, next.digits, 1) & funnel(current.digits, next.digits, 2)
                // Every reading holds three digits in a row (its one or two
                // letters leave one of its groups whole, or split its nine
                // digits or more in at most three runs), starting at most
                // eight bytes after its first and ending at most three
                // before a letter that may be its trigger: none in this
                // block, the three bytes before it or the 13 after it, no
                // reading to look for.
                if readsOCR,
                    runs != 0 || runsBefore >> 61 != 0
                        || next.digits & next.digits >> 1 & next.digits >> 2 & 0x1FFF != 0
                {
                    readings =
                        possibleOCRStarts(current, next, starts: starts)
                        | possibleKeywordOCRLetters(
                            current, next, runs: runs, runsBefore: runsBefore, writtenBefore: writtenBefore)
                }
                runsBefore = runs
                writtenBefore = current.digits | ~current.inCandidate
                var positions = starts | readings
                while positions != 0 {
                    let position = positions.trailingZeroBitCount
                    let first = index + position
                    positions &= positions &- 1
                    if readings >> UInt64(position) & 1 != 0 {
                        if ocrDigit(base[first]) != nil {
                            let (reading, readingStart) = keywordOCRReading(text, letter: first)
                            switch reading {
                            case .starved: return (Swift.max(readingStart, start), true)
                            case .none: break
                            case .candidate(let candidate):
                                judge(
                                    text, candidate, at: readingStart, origin: origin, hidingFrom: hidingFrom,
                                    reportedEnd: &reportedEnd, into: &sink)
                            }
                        }
                        switch ocrCandidate(text, at: first) {
                        case .starved: return (first, true)
                        case .none: break
                        case .candidate(let candidate):
                            judge(
                                text, candidate, at: first, origin: origin, hidingFrom: hidingFrom,
                                reportedEnd: &reportedEnd, into: &sink)
                            continue
                        }
                        // A reading with no letter, or none: a number may still start here.
                        if starts >> UInt64(position) & 1 == 0 { continue }
                    }
                    if funnel(current.nonASCII, next.nonASCII, position) & 0xFFFF_FFFF == 0 {
                        // The next 32 bytes are ASCII: the quick parse decides.
                        let known = funnel(current.digits, next.digits, position) & 0xFF_FFFF
                        // Eleven digits within 22 bytes, and not twelve in a row.
                        guard (known & 0x3F_FFFF).nonzeroBitCount >= 11, known & 0xFFF != 0xFFF else { continue }
                        if let candidate = asciiCandidate(base, at: first, digits: known),
                            !touchesBefore(text, first, usesSpaces: candidate.usesSpaces)
                        {
                            judge(
                                text, candidate, at: first, origin: origin, hidingFrom: hidingFrom,
                                reportedEnd: &reportedEnd, into: &sink)
                        }
                        continue
                    }
                    if text.startsNumber(first) {
                        switch parse(text, at: first) {
                        case .starved: return (first, true)
                        case .none: break
                        case .candidate(let candidate):
                            judge(
                                text, candidate, at: first, origin: origin, hidingFrom: hidingFrom,
                                reportedEnd: &reportedEnd, into: &sink)
                        }
                    }
                }
                digitBefore = current.digits >> 63 != 0
                current = next
                index += 64
                // A block with no digit, nor one in the 8 bytes after it (a
                // reading starts at most two bytes before its first digit),
                // starts nothing: back to the quick pass after it.
                if current.digits == 0, text.count - index >= 72,
                    current.nonASCII & (current.nonASCII >> 1 | 1 << 63) & (current.nonASCII >> 2 | 3 << 62) == 0,
                    DigitWord.digitBits(DigitWord.load(base + index + 64)) == 0,
                    DigitWord.bytesEqual(DigitWord.load(base + index + 64), 0xEF) == 0
                {
                    index += 64
                    continue blocks
                }
            } while limit - index >= 64 && text.count - index >= 128
        }
        // The first position where an OCR reading is still to be tried, and
        // the first where a letter beside three digits is.
        var ocrFrom = index
        var keywordFrom = index
        // Where to go on when the bytes fed so far do not decide at `at`: a
        // bare reading after a keyword that holds `at` may start before it.
        @inline(__always) func pending(_ at: Int) -> (next: Int, pending: Bool) {
            (readsOCR ? Swift.max(keywordReadingStart(text, before: at), start) : at, true)
        }
        // The bare reading after a keyword holding the letter at `letter`, tried once.
        @inline(__always) func tryKeywordReading(_ letter: Int) -> (next: Int, pending: Bool)? {
            keywordFrom = letter + 1
            // keywordOCRReading checks this too, out of line: most bytes here
            // fail it, and are passed over without the call.
            guard ocrDigit(base[letter]) != nil, isKeywordOCRTrigger(text, at: letter) else { return nil }
            let (reading, readingStart) = keywordOCRReading(text, letter: letter)
            switch reading {
            case .starved: return (Swift.max(readingStart, start), true)
            case .none: return nil
            case .candidate(let candidate):
                judge(
                    text, candidate, at: readingStart, origin: origin, hidingFrom: hidingFrom,
                    reportedEnd: &reportedEnd, into: &sink)
                return nil
            }
        }
        // A letter where this pass starts, after digits the blocks above had.
        if readsOCR, index < limit, index < text.count, let stop = tryKeywordReading(index) { return stop }
        while true {
            index = firstDigit(base, from: index, limit: limit, count: text.count)
            // An OCR reading starts at most two bytes before its first digit
            // (or before the end of the bytes fed so far, where that digit
            // may yet come): tried once, in order, each start below `limit`.
            if readsOCR, index >= text.count || base[index] &- 0x30 < 10 {
                var first = Swift.max(Swift.min(index, text.count) - 2, ocrFrom)
                while first <= index, first < limit {
                    switch ocrCandidate(text, at: first) {
                    case .starved: return pending(first)
                    case .none: break
                    case .candidate(let candidate):
                        judge(
                            text, candidate, at: first, origin: origin, hidingFrom: hidingFrom,
                            reportedEnd: &reportedEnd, into: &sink)
                    }
                    first += 1
                }
                ocrFrom = first
                // A letter just before these digits.
                if index < text.count, index - 1 >= keywordFrom, index - 1 < limit,
                    let stop = tryKeywordReading(index - 1)
                {
                    return stop
                }
            }
            // The next scan goes on at `limit`: OCR readings starting from there are its own.
            if index >= limit {
                // Digits and look-alike letters at the end of the bytes fed
                // so far may yet become a bare reading after a keyword.
                if readsOCR, !text.final, limit >= text.count {
                    let trailing = Swift.max(keywordReadingStart(text, before: text.count), start)
                    if trailing < text.count { return (trailing, true) }
                }
                return (limit, false)
            }
            if base[index] >= 0x80 {
                // Byte 0xEF: a fullwidth digit, or not.
                switch text.next(index, limit: index + maximumSpan).0 {
                case .starved: return pending(index)
                case .digit:
                    if text.startsNumber(index) {
                        switch parse(text, at: index) {
                        case .starved: return pending(index)
                        case .none: break
                        case .candidate(let candidate):
                            judge(
                                text, candidate, at: index, origin: origin, hidingFrom: hidingFrom,
                                reportedEnd: &reportedEnd, into: &sink)
                        }
                    }
                default: break
                }
                index += 1
                continue
            }
            // Numbers do not start inside this run of digits.
            let runEnd = endOfDigits(base, from: index + 1, count: text.count)
            // A candidate's first run of digits has 3, 6, 9 or 11 of them,
            // unless an invisible character (not ASCII) ends it.
            let length = runEnd - index
            let worthParsing =
                length < 12
                && (length == 3 || length == 6 || length == 9 || length == 11 || runEnd == text.count
                    || base[runEnd] >= 0x80)
            if worthParsing, text.startsNumber(index) {
                switch parse(text, at: index) {
                case .starved: return pending(index)
                case .none: break
                case .candidate(let candidate):
                    judge(
                        text, candidate, at: index, origin: origin, hidingFrom: hidingFrom, reportedEnd: &reportedEnd,
                        into: &sink)
                }
            }
            // A letter just after these digits.
            if readsOCR, runEnd < limit, runEnd < text.count, runEnd >= keywordFrom,
                let stop = tryKeywordReading(runEnd)
            {
                return stop
            }
            index = runEnd
        }
    }

    /// Reports the match a candidate that touches nothing is, if any
    /// (built right in the call, never copied).
    @inline(__always)
    internal static func judge<Sink: MatchSink>(
        _ text: Text, _ candidate: Candidate, at first: Int, origin: Int, hidingFrom: Confidence? = nil,
        reportedEnd: inout Int, into sink: inout Sink
    ) {
        let packed = candidate.packed
        guard !DigitWord.isRepeated(packed: packed) else { return }
        let (check1, check2) = DigitWord.checkDigits(ofPacked: packed >> 8)
        let isValid = packed & 0xFF == UInt64(check1) << 4 | UInt64(check2)
        let keyword: Keyword?
        let confidence: Confidence
        if candidate.isOCRReading {
            // An OCR reading must pass the checksum; it is the full mask's
            // `.high` lowered one level.
            guard isValid else { return }
            keyword = hidingFrom == .low ? nil : self.keyword(text, before: first)
            confidence = .medium
        } else {
            // Hiding from `.low`, a valid CPF is hidden whatever its keyword.
            keyword = isValid && hidingFrom == .low ? nil : self.keyword(text, before: first)
            if keyword?.kind == .cpf || candidate.isFullMask {
                confidence = .high
            } else if !isValid {
                return
            } else if keyword != nil || candidate.usesSpaces || candidate.isDotsOnly {
                confidence = .low
            } else {
                confidence = .medium
            }
        }
        // What the full scan reports, at any confidence: an OCR reading
        // starting inside it is none (`CPF 310996 133.72O.622-99` is a
        // mistyped CPF, then letters).
        if candidate.isOCRReading, origin + first < reportedEnd { return }
        reportedEnd = origin + candidate.end
        if let hidingFrom, confidence < hidingFrom { return }
        sink.take(
            text, candidate, at: first, origin: origin, confidence: confidence, isValid: isValid, keyword: keyword)
    }
}
