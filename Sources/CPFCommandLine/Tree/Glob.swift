import CPFSystem

/// One glob of `-g/--glob`, read as a line of a `.gitignore` file is (and
/// as ripgrep reads its `--glob`), matched against the paths of a walk
/// relative to the directory argument.
///
/// - `!` first negates it (a file it matches is left out); `\!` is a
///   literal `!`.
/// - Without a `/` (a trailing one aside) it matches the base name at any
///   depth (`*.log` matches `a.log` and `x/y/a.log`); with one it matches
///   the whole relative path (`logs/*.txt`, `/top.txt`; a leading `/` is
///   dropped).
/// - A trailing `/` makes it match directories only (`cache/`).
/// - `*` matches any run of characters but `/`, `?` one character but `/`,
///   `[abc]`, `[a-z]`, `[!a-z]` (or `[^a-z]`) one character of (or not of)
///   the set, never `/`; `\` makes the next character literal.
/// - `**/` first matches any number of leading folders (none included),
///   `/**/` any number of folders in between (none included), `/**` last
///   everything inside; any other `**` is a `*`.
///
/// Matching is by bytes, case-sensitive; `?` and the sets take a whole
/// UTF-8 character (an invalid byte is a character of its own).
///
/// ```swift
/// let glob = Glob("!*.min.js")
/// glob.isNegated                                    // true
/// glob.matches(path: "web/app.min.js", isDirectory: false) // true
/// ```
struct Glob: Equatable {
    /// One step of the pattern.
    enum Token: Equatable {
        case byte(UInt8)
        /// `?`: one character, not `/`.
        case character
        /// `*`: any run of characters without `/`.
        case star
        /// `**` at the end (after `/`): anything, `/` included.
        case anything
        /// `**/` (first, or after `/`): nothing, or any run ending in `/`.
        case folders
        /// `[...]`: a character in (or, negated, not in) the ranges; never `/`.
        case set(negated: Bool, ranges: [ClosedRange<UInt32>])
    }

    let isNegated: Bool
    /// Whether it matches directories only (a trailing `/`).
    let directoriesOnly: Bool
    /// Whether it matches the whole relative path (it holds a `/`), else the base name.
    let matchesWholePath: Bool
    let tokens: [Token]

    /// Reads a glob as written after `-g`.
    init(_ text: RawText) {
        var bytes = ArraySlice(text.bytes)
        var negated = false
        if bytes.first == UInt8(ascii: "!") {
            negated = true
            bytes = bytes.dropFirst()
        }
        var onlyDirectories = false
        if bytes.count > 1, bytes.last == UInt8(ascii: "/"), !Self.isEscaped(bytes, at: bytes.endIndex - 1) {
            onlyDirectories = true
            bytes = bytes.dropLast()
        }
        let wholePath = bytes.contains(UInt8(ascii: "/"))
        if bytes.first == UInt8(ascii: "/") { bytes = bytes.dropFirst() }
        isNegated = negated
        directoriesOnly = onlyDirectories
        matchesWholePath = wholePath
        tokens = Self.tokens(of: Array(bytes))
    }

    /// Whether it matches `path` (relative to the directory argument, `/`
    /// between folders), whatever its negation.
    func matches(path: RawText, isDirectory: Bool) -> Bool {
        if directoriesOnly, !isDirectory { return false }
        let bytes = path.bytes
        if matchesWholePath { return Self.match(tokens, bytes[...]) }
        let slash = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        return Self.match(tokens, bytes[slash...])
    }

    private static func isEscaped(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        var backslashes = 0
        var at = index - 1
        while at >= bytes.startIndex, bytes[at] == UInt8(ascii: "\\") {
            backslashes += 1
            at -= 1
        }
        return backslashes % 2 == 1
    }

    private static let slash = UInt8(ascii: "/")

    static func tokens(of bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                // A trailing backslash stands for itself.
                tokens.append(.byte(index + 1 < bytes.count ? bytes[index + 1] : byte))
                index += 2
            case UInt8(ascii: "?"):
                tokens.append(.character)
                index += 1
            case UInt8(ascii: "*"):
                var end = index
                while end < bytes.count, bytes[end] == UInt8(ascii: "*") { end += 1 }
                let startsComponent = index == 0 || bytes[index - 1] == slash
                if end - index == 2, startsComponent, end == bytes.count {
                    tokens.append(.anything)
                    index = end
                } else if end - index == 2, startsComponent, end < bytes.count, bytes[end] == slash {
                    tokens.append(.folders)
                    index = end + 1
                } else {
                    tokens.append(.star)
                    index = end
                }
            case UInt8(ascii: "["):
                if let (set, next) = readSet(bytes, from: index) {
                    tokens.append(set)
                    index = next
                } else {
                    tokens.append(.byte(byte))
                    index += 1
                }
            default:
                tokens.append(.byte(byte))
                index += 1
            }
        }
        return tokens
    }

    /// The set that starts at `start` (`[`) and the index after its `]`,
    /// or `nil` when it is not closed (the `[` is then literal).
    private static func readSet(_ bytes: [UInt8], from start: Int) -> (Token, Int)? {
        var index = start + 1
        var negated = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "^") {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "]"), !first { return (.set(negated: negated, ranges: ranges), index + 1) }
            first = false
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
            let (low, length) = character(bytes[...], at: index)
            index += length
            var high = low
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] != UInt8(ascii: "]") {
                index += 1
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                let (value, length) = character(bytes[...], at: index)
                index += length
                high = value
            }
            if low <= high { ranges.append(low...high) }
        }
        return nil
    }

    /// The character at `index`: its scalar value and its length in bytes
    /// (an invalid byte is a character of its own, above every scalar).
    static func character(_ bytes: ArraySlice<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        if length > 0, index + length <= bytes.endIndex {
            var decoder = UTF8()
            var iterator = bytes[index..<(index + length)].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.utf8.count == length {
                return (scalar.value, length)
            }
        }
        return (0x11_0000 + UInt32(lead), 1)
    }

    /// Whether `tokens` match all of `text`: the positions each prefix of
    /// the tokens can reach, one token at a time (no backtracking, so a
    /// pattern of many stars stays linear in each).
    static func match(_ tokens: [Token], _ text: ArraySlice<UInt8>) -> Bool {
        let count = text.count
        let base = text.startIndex
        var reachable = [Bool](repeating: false, count: count + 1)
        reachable[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: count + 1)
            var any = false
            for position in 0...count where reachable[position] {
                switch token {
                case .byte(let byte):
                    if position < count, text[base + position] == byte {
                        next[position + 1] = true
                        any = true
                    }
                case .character, .set:
                    guard position < count, text[base + position] != slash else { continue }
                    let (value, length) = character(text, at: base + position)
                    if case .set(let negated, let ranges) = token,
                        ranges.contains(where: { $0.contains(value) }) == negated
                    {
                        continue
                    }
                    next[position + length] = true
                    any = true
                case .star:
                    var end = position
                    next[end] = true
                    while end < count, text[base + end] != slash {
                        end += 1
                        next[end] = true
                    }
                    any = true
                case .anything:
                    for end in position...count { next[end] = true }
                    any = true
                case .folders:
                    next[position] = true
                    for end in position..<count where text[base + end] == slash { next[end + 1] = true }
                    any = true
                }
            }
            guard any else { return false }
            reachable = next
        }
        return reachable[count]
    }
}
