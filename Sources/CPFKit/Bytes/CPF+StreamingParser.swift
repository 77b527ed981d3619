extension CPF {
    /// Parses a CPF from UTF-8 bytes that arrive in pieces, in constant memory.
    ///
    /// Feed it the pieces of one input in order, then ask for the ``result``.
    /// It gives the same answer as ``CPF/parse(_:options:)`` on the whole
    /// input, however the input is cut, so a line too long to hold (a 1 GB
    /// line in a file) can still be judged exactly.
    ///
    /// ```swift
    /// var parser = CPF.StreamingParser()
    /// Array("390.533.".utf8).withUnsafeBytes { parser.consume($0) }
    /// Array("447-05".utf8).withUnsafeBytes { parser.consume($0) }
    /// parser.result   // .success(390.533.447-05)
    /// ```
    ///
    /// - Complexity: O(*n*) time in the bytes consumed, O(1) memory.
    public struct StreamingParser: Sendable {
        /// How the input is read.
        public let options: ParsingOptions

        /// Bytes consumed so far.
        private var offset = 0
        /// Offset of the first byte that is not trimmed, or -1 before it.
        private var contentStart = -1
        /// Offset just past the last byte that is not trimmed.
        private var contentEnd = 0
        /// Offset of the first tab or carriage return since `contentEnd`, or -1.
        private var pendingControl = -1
        private var pendingControlByte: UInt8 = 0
        /// Whether a space has come since `contentEnd`.
        private var pendingSpace = false
        private var packed: UInt64 = 0
        private var digitCount = 0
        private var sawSeparator = false
        /// Whether the content so far can still be `DDD.DDD.DDD-DD`.
        private var maskShape = true
        /// Offset of the first invalid character, or -1.
        private var invalidOffset = -1
        /// Up to four bytes of the first invalid character, for decoding it.
        private var invalidBytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        private var invalidByteCount = 0
        /// The input read as a whole number a spreadsheet wrote, while it can
        /// still be one (lenient padding only).
        private var spreadsheet: SpreadsheetNumber?

        /// Makes a parser for one input.
        public init(options: ParsingOptions = .lenient) {
            self.options = options
            if options.padsLeadingZeros, options.format == .lenient { spreadsheet = SpreadsheetNumber() }
        }

        /// Reads the next piece of the input.
        ///
        /// A long input costs about a nanosecond a byte: once the answer can
        /// only be a failure, runs of eight digits (whose count still goes into
        /// the reason) are counted a word at a time, and everything after the
        /// first invalid character is skipped.
        public mutating func consume(_ bytes: UnsafeRawBufferPointer) {
            let count = bytes.count
            var index = 0
            while index < count {
                if invalidOffset >= 0, invalidByteCount >= 4, spreadsheet == nil {
                    // The reason is fixed: only the length of the input matters now.
                    offset += count - index
                    return
                }
                if index + 8 <= count {
                    let word = DigitWord.load(bytes.baseAddress!, at: index)
                    if contentStart < 0, word == 0x2020_2020_2020_2020 {
                        // Leading spaces.
                        offset += 8
                        index += 8
                        continue
                    }
                    if digitCount > 11, contentEnd == offset, invalidOffset < 0, spreadsheet == nil,
                        DigitWord.areDigits(word)
                    {
                        // More digits in a run: with more than 11 digits, neither
                        // the packed digits nor the mask shape matter any more.
                        digitCount += 8
                        offset += 8
                        contentEnd = offset
                        index += 8
                        continue
                    }
                }
                consume(bytes[index])
                index += 1
            }
        }

        /// Reads the next byte of the input.
        public mutating func consume(_ byte: UInt8) {
            defer { offset += 1 }
            if spreadsheet != nil {
                spreadsheet!.consume(byte)
                if spreadsheet!.isDead { spreadsheet = nil }
            }
            if invalidOffset >= 0 {
                if invalidByteCount < 4 { appendInvalidByte(byte) }
                return
            }
            if CPF.isTrimmedByte(byte) {
                if contentStart >= 0 {
                    if byte == 0x20 {
                        pendingSpace = true
                    } else if pendingControl < 0 {
                        pendingControl = offset
                        pendingControlByte = byte
                    }
                }
                return
            }
            if contentStart < 0 {
                contentStart = offset
            } else if contentEnd < offset {
                // Spaces, tabs or carriage returns between two pieces of content.
                if pendingControl >= 0 {
                    invalidOffset = pendingControl
                    appendInvalidByte(pendingControlByte)
                    invalidByteCount = 4  // a tab or CR is one whole character
                    return
                }
                sawSeparator = sawSeparator || pendingSpace
                maskShape = false
                pendingSpace = false
            }
            contentEnd = offset + 1
            let digit = byte &- 0x30
            if digit < 10 {
                packed = packed << 4 | UInt64(digit)
                digitCount += 1
            } else if byte == 0x2E || byte == 0x2D {
                sawSeparator = true
            } else {
                invalidOffset = offset
                appendInvalidByte(byte)
                return
            }
            if maskShape {
                let index = offset - contentStart
                if index >= CPFMask.maximumLength {
                    maskShape = false
                } else if let separator = CPFMask.separator(at: index) {
                    maskShape = byte == separator
                } else {
                    maskShape = digit < 10
                }
            }
        }

        /// Whether the input is already known to be invalid, whatever may follow:
        /// an invalid character has come, or more than 11 digits (and, with
        /// lenient padding, the input can no longer be a whole number a
        /// spreadsheet wrote, such as `1091905720.0`).
        ///
        /// ```swift
        /// var parser = CPF.StreamingParser()
        /// Array("123456789012".utf8).withUnsafeBytes { parser.consume($0) }
        /// parser.isSettled   // true: 12 digits can only stay too many
        /// ```
        public var isSettled: Bool {
            spreadsheet == nil && (invalidOffset >= 0 || digitCount > 11)
        }

        /// The CPF, or the first reason the input consumed so far is not one.
        public var result: Result<CPF, CPFValidationError> {
            if contentStart < 0 { return .failure(.empty) }
            if let number = spreadsheet?.integerDigits {
                return CPF.conclude(
                    packed: number.packed, digitCount: number.count, isBare: true, isMask: false, options: options)
            }
            if invalidOffset >= 0 {
                let scalar = withUnsafeBytes(of: invalidBytes) { all in
                    CPF.decodeScalar(UnsafeRawBufferPointer(rebasing: all[..<invalidByteCount]))
                }
                return .failure(.invalidCharacter(scalar, position: invalidOffset + 1))
            }
            let isMask = options.format == .strict && maskShape && contentEnd - contentStart == 14
            return CPF.conclude(
                packed: packed, digitCount: digitCount, isBare: !sawSeparator, isMask: isMask, options: options)
        }

        private mutating func appendInvalidByte(_ byte: UInt8) {
            switch invalidByteCount {
            case 0: invalidBytes.0 = byte
            case 1: invalidBytes.1 = byte
            case 2: invalidBytes.2 = byte
            default: invalidBytes.3 = byte
            }
            invalidByteCount += 1
        }
    }
}
