/// A /ToUnicode CMap (ISO 32000-1, 9.10.3): what text each character code
/// of a font stands for, from `bfchar` and `bfrange` entries (a range's
/// destination a UTF-16BE string whose last unit counts up, or an array of
/// strings); the destinations are UTF-16BE, surrogate pairs included.
///
/// Bounds: at most ``maximumEntries`` single codes and as many ranges, each
/// range at most 65,536 codes; the rest of a larger map is ignored. A
/// lookup is a hash lookup, then a binary search of the ranges.
///
/// ```swift
/// let map = PDFToUnicodeMap(parsing: Array("1 beginbfchar <0003> <0041> endbfchar".utf8))
/// map.text(for: 3)   // ["A"]
/// ```
struct PDFToUnicodeMap {
    static let maximumEntries = 100_000

    private enum Destination {
        case counting([UInt16])
        case list([[Unicode.Scalar]])
    }

    private var single: [UInt32: [Unicode.Scalar]] = [:]
    private var ranges: [(low: UInt32, high: UInt32, destination: Destination)] = []
    /// The byte lengths of the codes of the codespace ranges (empty when the
    /// map has none).
    private(set) var codeLengths: Set<Int> = []

    var isEmpty: Bool { single.isEmpty && ranges.isEmpty }

    init(parsing data: [UInt8]) {
        data.withUnsafeBytes { raw in
            var parser = PDFParser(raw)
            while let token = parser.nextToken() {
                switch token {
                case .keyword("begincodespacerange"):
                    while case .object(.string(let low))? = parser.nextToken(),
                        case .object(.string)? = parser.nextToken()
                    {
                        if (1...4).contains(low.count) { codeLengths.insert(low.count) }
                    }
                case .keyword("beginbfchar"):
                    while case .object(.string(let source))? = parser.nextToken(), let target = parser.nextToken() {
                        guard single.count < Self.maximumEntries, let code = Self.code(source) else { continue }
                        switch target {
                        case .object(.string(let utf16)): single[code] = Self.scalars(utf16BE: utf16)
                        case .object(.name(let glyph)):
                            single[code] = PDFEncodings.scalar(forGlyph: glyph).map { [$0] } ?? []
                        default: break
                        }
                    }
                case .keyword("beginbfrange"):
                    while case .object(.string(let lowBytes))? = parser.nextToken(),
                        case .object(.string(let highBytes))? = parser.nextToken(),
                        let target = parser.nextToken()
                    {
                        var destination: Destination?
                        switch target {
                        case .object(.string(let utf16)):
                            destination = .counting(Self.units(utf16))
                        case .arrayStart:
                            guard case .array(let items)? = try? parser.parseObject(startingWith: .arrayStart, depth: 0)
                            else { return }
                            destination = .list(items.map { Self.scalars(utf16BE: $0.string ?? []) })
                        default:
                            break
                        }
                        guard let destination, ranges.count < Self.maximumEntries,
                            let low = Self.code(lowBytes), let high = Self.code(highBytes), low <= high,
                            high - low < 65536
                        else { continue }
                        ranges.append((low, high, destination))
                    }
                default:
                    break
                }
            }
        }
        // Sorted by their first code, for a binary search; ISO 32000-1 has
        // ranges not overlap, so the last range starting at or below a code
        // is the only one that can hold it.
        ranges.sort { $0.low < $1.low }
    }

    private static func code(_ bytes: [UInt8]) -> UInt32? {
        guard (1...4).contains(bytes.count) else { return nil }
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func units(_ bytes: [UInt8]) -> [UInt16] {
        if bytes.count == 1 { return [UInt16(bytes[0])] }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
    }

    /// The characters of UTF-16BE bytes; a lone surrogate is U+FFFD.
    static func scalars(utf16BE bytes: [UInt8]) -> [Unicode.Scalar] {
        scalars(units(bytes))
    }

    private static func scalars(_ units: [UInt16]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): result.append(scalar)
            case .error: result.append("\u{FFFD}")
            case .emptyInput: break loop
            }
        }
        return result
    }

    /// The text of `code`, or nil when the map does not have it.
    func text(for code: UInt32) -> [Unicode.Scalar]? {
        if let found = single[code] { return found }
        var lower = 0
        var upper = ranges.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if ranges[middle].low <= code { lower = middle + 1 } else { upper = middle }
        }
        if lower > 0, code <= ranges[lower - 1].high {
            let range = ranges[lower - 1]
            let offset = Int(code - range.low)
            switch range.destination {
            case .counting(let units):
                guard let last = units.last else { return [] }
                var shifted = units
                shifted[shifted.count - 1] = last &+ UInt16(truncatingIfNeeded: offset)
                return Self.scalars(shifted)
            case .list(let items):
                return offset < items.count ? items[offset] : nil
            }
        }
        return nil
    }
}
