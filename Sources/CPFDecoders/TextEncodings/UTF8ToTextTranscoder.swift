/// A streaming transcoder from UTF-8 back to a ``CharacterEncoding``: what
/// `redact` needs to write a text in the encoding it was read in.
///
/// A byte order mark is written first when asked for (keep the file's if
/// it had one). What the target cannot hold is replaced: a byte that is not
/// part of valid UTF-8 becomes U+FFFD in UTF-16 and UTF-32, one for each
/// maximal subpart as the Unicode Standard recommends and Python does (valid
/// UTF-8 never holds a surrogate, so the output never has an unpaired one), and a
/// character Windows-1252 or another single-byte code page lacks becomes `?`. To ``CharacterEncoding/utf8`` the
/// bytes are copied unchanged, invalid ones included.
///
/// ```swift
/// let transcoder = UTF8ToTextTranscoder(encoding: .utf16LittleEndian, writesByteOrderMark: true)
/// var file: [UInt8] = []
/// transcoder.encode(Array("CPF ***.***.***-**".utf8)) { file.append(contentsOf: $0) }
/// transcoder.finish { file.append(contentsOf: $0) }
/// ```
///
/// - Complexity: O(*n*) time; memory in proportion to one piece.
public final class UTF8ToTextTranscoder {
    /// The encoding written.
    public let encoding: CharacterEncoding
    /// The characters replaced so far (by U+FFFD or `?`).
    public private(set) var replacementCount = 0

    private var carry: [UInt8] = []
    private var pendingMark: Bool

    /// Makes a transcoder to `encoding`, which writes the encoding's byte
    /// order mark first when `writesByteOrderMark` (never for a single-byte code page).
    ///
    /// ```swift
    /// let transcoder = UTF8ToTextTranscoder(encoding: .windows1252)
    /// ```
    public init(encoding: CharacterEncoding, writesByteOrderMark: Bool = false) {
        self.encoding = encoding
        pendingMark = writesByteOrderMark && !encoding.byteOrderMark.isEmpty
    }

    /// Encodes the next piece of UTF-8 (a character cut by the end of the
    /// piece waits for the next one).
    ///
    /// ```swift
    /// transcoder.encode(Array("São Paulo".utf8)) { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    public func encode(_ piece: some Collection<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        carry.append(contentsOf: piece)
        try run(isFinal: false, output)
    }

    /// Encodes what is left; a character cut short is replaced.
    ///
    /// ```swift
    /// transcoder.finish { out.write($0) }
    /// ```
    ///
    /// - Complexity: O(1): at most 3 bytes are left.
    public func finish(output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try run(isFinal: true, output)
    }

    /// Encodes a whole UTF-8 text held in memory.
    ///
    /// ```swift
    /// UTF8ToTextTranscoder.transcode(Array("é".utf8), to: .utf16BigEndian)   // [0x00, 0xE9]
    /// ```
    ///
    /// - Complexity: O(*n*).
    public static func transcode(_ utf8: [UInt8], to encoding: CharacterEncoding, writesByteOrderMark: Bool = false)
        -> [UInt8]
    {
        let transcoder = UTF8ToTextTranscoder(encoding: encoding, writesByteOrderMark: writesByteOrderMark)
        var result: [UInt8] = []
        transcoder.encode(utf8) { result.append(contentsOf: $0) }
        transcoder.finish { result.append(contentsOf: $0) }
        return result
    }

    private func run(isFinal: Bool, _ output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var bytes: [UInt8] = []
        if pendingMark {
            bytes = encoding.byteOrderMark
            pendingMark = false
        }
        if encoding == .utf8 {
            bytes += carry
            carry.removeAll()
        } else {
            bytes.reserveCapacity(carry.count * encoding.codeUnitSize)
            let consumed = carry.withUnsafeBufferPointer { encodeScalars($0, isFinal: isFinal, into: &bytes) }
            carry.removeFirst(consumed)
        }
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBufferPointer { try output($0) }
    }

    private func encodeScalars(_ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, into bytes: inout [UInt8]) -> Int {
        var index = 0
        while index < input.count {
            let scalar: Unicode.Scalar
            let length = UTF8Validation.sequenceLength(input, at: index)
            if length > 0 {
                var value = UInt32(input[index])
                switch length {
                case 1: break
                case 2: value = (value & 0x1F) << 6 | UInt32(input[index + 1] & 0x3F)
                case 3:
                    value =
                        (value & 0x0F) << 12 | UInt32(input[index + 1] & 0x3F) << 6 | UInt32(input[index + 2] & 0x3F)
                default:
                    value =
                        (value & 0x07) << 18 | UInt32(input[index + 1] & 0x3F) << 12
                        | UInt32(input[index + 2] & 0x3F) << 6 | UInt32(input[index + 3] & 0x3F)
                }
                scalar = Unicode.Scalar(value)!
                index += length
            } else if length < 0 && !isFinal {
                return index
            } else {
                scalar = "\u{FFFD}"
                replacementCount += 1
                index += UTF8Validation.maximalSubpartLength(input, at: index)
            }
            append(scalar, to: &bytes)
        }
        return index
    }

    private func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        switch encoding {
        case .utf8:
            UTF8.encode(scalar) { bytes.append($0) }
        case .windows1252:
            if let byte = Windows1252.byte(for: scalar) {
                bytes.append(byte)
            } else {
                if value != 0xFFFD { replacementCount += 1 }
                bytes.append(0x3F)
            }
        case .singleByte(let page):
            if let byte = page.byte(for: scalar) {
                bytes.append(byte)
            } else {
                if value != 0xFFFD { replacementCount += 1 }
                bytes.append(0x3F)
            }
        case .utf16LittleEndian, .utf16BigEndian:
            let units: [UInt32] =
                value < 0x10000 ? [value] : [0xD800 + ((value - 0x10000) >> 10), 0xDC00 + ((value - 0x10000) & 0x3FF)]
            for unit in units {
                if encoding == .utf16LittleEndian {
                    bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                } else {
                    bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
                }
            }
        case .utf32LittleEndian:
            bytes += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
        case .utf32BigEndian:
            bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        }
    }
}
