/// Turns the bytes read from a terminal into keys.
///
/// Escape sequences may be split across reads: an unfinished one is kept
/// for the next `decode(_:)`. A lone ESC cannot be told from the start of a
/// sequence until more bytes come or none do: while ``isWaitingForMore`` is
/// true, the caller waits a short time for more input and calls ``flush()``
/// when none came, which makes the ESC an ``Key/escape``. Unknown sequences
/// (function keys, up and down arrows, Alt with a key) and other control
/// bytes are dropped, never taken as text.
struct KeyDecoder {
    /// Bytes of an unfinished escape sequence (or of an unfinished end of a paste).
    private var pending: [UInt8] = []
    /// The text of a bracketed paste under way.
    private var paste: [UInt8]?
    /// A CR was the last byte: a LF right after it is the same Enter.
    private var afterCarriageReturn = false

    /// At most this much of a paste is kept (only its first digits matter).
    static let pasteLimit = 4096
    /// An escape sequence longer than this is garbage and dropped.
    static let sequenceLimit = 32

    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~

    /// Whether the bytes so far end in an unfinished escape sequence (a lone
    /// ESC, maybe): wait a little for more, then ``flush()``.
    var isWaitingForMore: Bool { paste == nil && !pending.isEmpty }

    /// The keys in `bytes`, which continue the bytes of earlier calls.
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        let input = pending
        while index < input.count {
            if paste != nil {
                index = continuePaste(input, from: index, into: &keys)
                if paste != nil { break }  // the paste goes on; a cut end of it stays pending
                continue
            }
            guard let (key, next) = decodeOne(input, at: index) else { break }  // unfinished: keep the rest
            let byte = input[index]
            if let key {
                if !(key == .enter && byte == 0x0A && afterCarriageReturn) {
                    keys.append(key)
                }
            }
            afterCarriageReturn = byte == 0x0D
            index = next
        }
        pending.removeFirst(index)
        return keys
    }

    /// Whether a bracketed paste has begun and not ended: wait at most
    /// ``pasteTimeout`` milliseconds for more, then ``endPaste()``.
    var isInPaste: Bool { paste != nil }

    /// How long a paste under way may go without a byte before it is taken
    /// as ended: a terminal sends a paste in one go, so a second of silence
    /// means its end marker was lost (or never sent), and Ctrl-C, Esc and
    /// Enter must work again.
    static let pasteTimeout: Int32 = 1000

    /// Ends a paste whose end marker did not come: what was pasted so far is
    /// the paste (a cut end marker is dropped).
    mutating func endPaste() -> [Key] {
        guard let text = paste else { return [] }
        paste = nil
        pending = []
        afterCarriageReturn = false
        return [.paste(String(decoding: text, as: UTF8.self))]
    }

    /// Gives up waiting for the rest of an escape sequence: a lone ESC is
    /// ``Key/escape``; the start of a longer sequence is dropped. A paste
    /// under way goes on.
    mutating func flush() -> [Key] {
        guard isWaitingForMore else { return [] }
        let lone = pending == [0x1B]
        pending = []
        return lone ? [.escape] : []
    }

    /// The key at `index` (`nil` for bytes that are dropped) and where the
    /// next one starts; `nil` when the bytes end in the middle of a sequence.
    private mutating func decodeOne(_ input: [UInt8], at index: Int) -> (Key?, Int)? {
        let byte = input[index]
        switch byte {
        case 0x1B:
            return decodeEscape(input, at: index)
        case 0x0D, 0x0A: return (.enter, index + 1)
        case 0x7F, 0x08: return (.backspace, index + 1)
        case 0x03: return (.interrupt, index + 1)
        case 0x1A: return (.suspend, index + 1)
        case 0x01: return (.home, index + 1)
        case 0x05: return (.end, index + 1)
        case 0x02: return (.left, index + 1)
        case 0x06: return (.right, index + 1)
        case 0x04: return (.delete, index + 1)
        case 0x00..<0x20: return (nil, index + 1)
        default:
            var end = index
            while end < input.count, input[end] >= 0x20, input[end] != 0x7F {
                end += 1
            }
            return (.text(String(decoding: input[index..<end], as: UTF8.self)), end)
        }
    }

    private mutating func decodeEscape(_ input: [UInt8], at index: Int) -> (Key?, Int)? {
        guard index + 1 < input.count else { return nil }
        switch input[index + 1] {
        case 0x5B:  // ESC [ parameters intermediates final
            var end = index + 2
            while end < input.count {
                let byte = input[end]
                if byte >= 0x40, byte <= 0x7E {
                    return (controlSequence(input[(index + 2)..<end], final: byte), end + 1)
                }
                guard byte >= 0x20, byte < 0x40 else {
                    return (nil, end)  // not a sequence after all: drop what came so far
                }
                end += 1
            }
            // Unfinished: wait for the rest, unless it is garbage already.
            return end - index > Self.sequenceLimit ? (nil, end) : nil
        case 0x4F:  // ESC O x
            guard index + 2 < input.count else { return nil }
            let key: Key? =
                switch input[index + 2] {
                case 0x43: .right
                case 0x44: .left
                case 0x48: .home
                case 0x46: .end
                case 0x4D: .enter
                default: nil
                }
            return (key, index + 3)
        case 0x1B:
            return (.escape, index + 1)  // Esc, then whatever the second ESC starts
        default:
            return (nil, index + 2)  // Alt with a key
        }
    }

    /// The key of `ESC [ parameters final`.
    private mutating func controlSequence(_ parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
        switch final {
        case 0x43: return .right  // C
        case 0x44: return .left  // D
        case 0x48: return .home  // H
        case 0x46: return .end  // F
        case 0x7E:  // ~
            let first = parameters.prefix { $0 != 0x3B }  // up to ';'
            switch String(decoding: first, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "200":
                paste = []
                return nil
            default: return nil
            }
        default: return nil
        }
    }

    /// Takes paste text from `index` up to `ESC[201~`; returns where to go on.
    private mutating func continuePaste(_ input: [UInt8], from index: Int, into keys: inout [Key]) -> Int {
        var cursor = index
        while cursor < input.count {
            if input[cursor] == 0x1B {
                let rest = input[cursor...]
                if rest.starts(with: Self.pasteEnd) {
                    keys.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
                    paste = nil
                    afterCarriageReturn = false
                    return cursor + Self.pasteEnd.count
                }
                if Self.pasteEnd.starts(with: rest) {
                    return cursor  // maybe the end, cut by the read: wait for more
                }
            }
            if paste!.count < Self.pasteLimit { paste!.append(input[cursor]) }
            cursor += 1
        }
        return cursor
    }
}
