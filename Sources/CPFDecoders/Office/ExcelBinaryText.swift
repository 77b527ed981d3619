/// The text of an Excel 97-2003 workbook, read from the BIFF8 records of
/// its `Workbook` stream as [MS-XLS] describes them: the sheets' names
/// (BoundSheet8), the shared strings (SST and its Continue records, where
/// a string's characters may change width at each record), and every
/// cell: strings (LabelSst, Label), numbers (Number, RK, MulRk) and the
/// cached results of formulas (Formula, String), one a line, each sheet's
/// after its name; and the text of comments and text boxes (TxO).
///
/// A number is written as its digits when it is whole (`39053344705`),
/// else as Swift prints a `Double`; ``LegacyOfficeText/Part/numericCells``
/// gives where each stands.
///
/// ```swift
/// let part = try ExcelBinaryText.read(try CompoundFile(bytes))
/// part.path   // "Workbook"
/// ```
enum ExcelBinaryText {
    /// The text of the workbook `file`, at most `limit` bytes.
    static func read(_ file: CompoundFile, limit: Int = 256 << 20) throws -> LegacyOfficeText.Part {
        guard file.entry(named: "Workbook") != nil else {
            throw LegacyOfficeError.olderVersion("an Excel 5/95 workbook")
        }
        let stream = try LegacyOfficeText.stream(file, "Workbook")
        var records: [(type: UInt16, data: ArraySlice<UInt8>)] = []
        var offset = 0
        while offset + 4 <= stream.count {
            let type = CompoundFile.u16(stream, offset)
            let length = Int(CompoundFile.u16(stream, offset + 2))
            guard offset + 4 + length <= stream.count else {
                // Some writers pad the stream's last sector with zeros.
                if stream[offset...].allSatisfy({ $0 == 0 }) { break }
                throw LegacyOfficeError.damaged("Excel record \(type) past the end of Workbook")
            }
            records.append((type, stream[offset + 4..<offset + 4 + length]))
            offset += 4 + length
        }
        guard let first = records.first, first.type == 0x0809, CompoundFile.u16(Array(first.data), 0) == 0x0600 else {
            throw LegacyOfficeError.olderVersion("an Excel workbook older than BIFF8 (Excel 97)")
        }
        var text: [UInt8] = []
        var numericCells: [Range<Int>] = []
        var strings: [[UInt8]] = []
        func number(_ value: Double) throws {
            guard text.count <= limit else { throw LegacyOfficeError.textTooLarge(limit: limit) }
            LegacyOfficeText.endLine(&text)
            let start = text.count
            if value.isFinite, value == value.rounded(), abs(value) < 1e18 {
                text += Array(String(Int64(value)).utf8)
            } else {
                text += Array(String(value).utf8)
            }
            numericCells.append(start..<text.count)
            text.append(0x0A)
        }
        func line(_ string: [UInt8]) throws {
            guard text.count + string.count <= limit else { throw LegacyOfficeError.textTooLarge(limit: limit) }
            LegacyOfficeText.endLine(&text)
            text += string
            LegacyOfficeText.endLine(&text)
        }
        var index = 0
        while index < records.count {
            let (type, data) = records[index]
            let bytes = Array(data)
            index += 1
            // The Continue records that follow this one.
            var continues: [[UInt8]] = []
            while index < records.count, records[index].type == 0x003C {
                continues.append(Array(records[index].data))
                index += 1
            }
            switch type {
            case 0x002F:  // FilePass
                throw LegacyOfficeError.encrypted
            case 0x0085:  // BoundSheet8: lbPlyPos, flags, ShortXLUnicodeString
                var reader = Reader([bytes])
                try reader.skip(6)
                let count = Int(try reader.byte())
                try line(try reader.characters(count))
            case 0x00FC:  // SST: cstTotal, cstUnique, the strings
                var reader = Reader([bytes] + continues)
                try reader.skip(4)
                let unique = Int(try reader.u32())
                strings = []
                while strings.count < unique, !reader.isAtEnd {
                    strings.append(try reader.richString())
                }
            case 0x00FD:  // LabelSst: row, col, ixfe, isst
                let string = Int(CompoundFile.u32(bytes, 6))
                guard string < strings.count else {
                    throw LegacyOfficeError.damaged("Excel cell names shared string \(string) of \(strings.count)")
                }
                try line(strings[string])
            case 0x0204, 0x0207:  // Label (row, col, ixfe, XLUnicodeString); String (a formula's result)
                var reader = Reader([bytes] + continues)
                try reader.skip(type == 0x0204 ? 6 : 0)
                let count = Int(try reader.u16())
                try line(try reader.characters(count))
            case 0x0203:  // Number: row, col, ixfe, Xnum
                try number(
                    Double(bitPattern: UInt64(CompoundFile.u32(bytes, 6)) | UInt64(CompoundFile.u32(bytes, 10)) << 32))
            case 0x027E:  // RK: row, col, ixfe, RkNumber
                try number(rk(CompoundFile.u32(bytes, 6)))
            case 0x00BD:  // MulRk: row, colFirst, (ixfe, RkNumber)…, colLast
                for cell in 0..<max(0, (bytes.count - 6) / 6) { try number(rk(CompoundFile.u32(bytes, 6 + 6 * cell))) }
            case 0x0006:  // Formula: row, col, ixfe, FormulaValue
                if bytes.count >= 14, CompoundFile.u16(bytes, 12) != 0xFFFF {
                    try number(
                        Double(
                            bitPattern: UInt64(CompoundFile.u32(bytes, 6)) | UInt64(CompoundFile.u32(bytes, 10)) << 32))
                }
            case 0x01B6:  // TxO: the text follows in Continue records, each starting with its width
                let count = Int(CompoundFile.u16(bytes, 10))
                if count > 0, !continues.isEmpty {
                    var reader = Reader(continues, widthAtEachSegment: true)
                    try line(try reader.characters(count))
                }
            default:
                break
            }
        }
        LegacyOfficeText.endLine(&text)
        return LegacyOfficeText.Part(path: "Workbook", text: text, numericCells: numericCells)
    }

    /// The number an RkNumber stands for.
    static func rk(_ value: UInt32) -> Double {
        var number =
            value & 2 != 0
            ? Double(Int32(bitPattern: value) >> 2) : Double(bitPattern: UInt64(value & 0xFFFF_FFFC) << 32)
        if value & 1 != 0 { number /= 100 }
        return number
    }

    /// Reads a record and its Continue records as one run of bytes, but for
    /// the characters of a string, which start each Continue record again
    /// with their width (a byte: 0 for one byte a character, 1 for two).
    struct Reader {
        let segments: [[UInt8]]
        var segment = 0
        var offset = 0
        /// TxO's text: each segment starts with the width, the first too.
        let widthAtEachSegment: Bool

        init(_ segments: [[UInt8]], widthAtEachSegment: Bool = false) {
            self.segments = segments
            self.widthAtEachSegment = widthAtEachSegment
        }

        var isAtEnd: Bool {
            var segment = segment
            var offset = offset
            while segment < segments.count, offset >= segments[segment].count {
                segment += 1
                offset = 0
            }
            return segment >= segments.count
        }

        /// Moves to the next segment when this one is read to its end.
        mutating func settle() throws {
            while offset >= segments[segment].count {
                segment += 1
                offset = 0
                guard segment < segments.count else { throw LegacyOfficeError.damaged("Excel record too short") }
            }
        }

        mutating func byte() throws -> UInt8 {
            guard segment < segments.count else { throw LegacyOfficeError.damaged("Excel record too short") }
            try settle()
            defer { offset += 1 }
            return segments[segment][offset]
        }

        mutating func u16() throws -> UInt16 { UInt16(try byte()) | UInt16(try byte()) << 8 }

        mutating func u32() throws -> UInt32 { UInt32(try u16()) | UInt32(try u16()) << 16 }

        mutating func skip(_ count: Int) throws {
            var left = count
            while left > 0 {
                guard segment < segments.count else { throw LegacyOfficeError.damaged("Excel record too short") }
                try settle()
                let taken = min(left, segments[segment].count - offset)
                offset += taken
                left -= taken
            }
        }

        /// `count` characters after their width byte, in UTF-8.
        mutating func characters(_ count: Int) throws -> [UInt8] {
            var wide = widthAtEachSegment ? false : try byte() & 1 != 0
            return try characters(count, wide: &wide, widthRead: !widthAtEachSegment)
        }

        /// `count` characters `wide` or not, the width read again at each new segment.
        mutating func characters(_ count: Int, wide: inout Bool, widthRead: Bool) throws -> [UInt8] {
            var text: [UInt8] = []
            var left = count
            var needsWidth = !widthRead
            while left > 0 {
                guard segment < segments.count else { throw LegacyOfficeError.damaged("Excel string too short") }
                if offset >= segments[segment].count {
                    segment += 1
                    offset = 0
                    guard segment < segments.count else { throw LegacyOfficeError.damaged("Excel string too short") }
                    needsWidth = true
                    continue
                }
                if needsWidth {
                    wide = segments[segment][offset] & 1 != 0
                    offset += 1
                    needsWidth = false
                    continue
                }
                let data = segments[segment]
                let available = (data.count - offset) / (wide ? 2 : 1)
                guard available > 0 else { throw LegacyOfficeError.damaged("Excel string split inside a character") }
                let taken = min(left, available)
                let end = offset + taken * (wide ? 2 : 1)
                if wide {
                    LegacyOfficeText.appendUTF16(data[offset..<end], to: &text)
                } else {
                    for byte in data[offset..<end] { LegacyOfficeText.appendScalar(Unicode.Scalar(byte), to: &text) }
                }
                offset = end
                left -= taken
            }
            return text
        }

        /// An XLUnicodeRichExtendedString of the SST: its characters, its runs and phonetic data skipped.
        mutating func richString() throws -> [UInt8] {
            let count = Int(try u16())
            let flags = try byte()
            let runs = flags & 0x08 != 0 ? Int(try u16()) : 0
            let extended = flags & 0x04 != 0 ? Int(try u32()) : 0
            var wide = flags & 0x01 != 0
            let text = try characters(count, wide: &wide, widthRead: true)
            try skip(4 * runs + extended)
            return text
        }
    }
}
