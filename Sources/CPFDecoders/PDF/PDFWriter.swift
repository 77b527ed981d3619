/// Writes a PDF document as one new complete file (ISO 32000-1, 7.5): the
/// header, every object reachable from the trailer's /Root and /Info (and
/// nothing else: no earlier revision, no unreferenced object, no free-list
/// leftover), each an ordinary indirect object (those of object streams
/// too), numbered again 1, 2, … in the order they are reached, then a
/// classic cross-reference table and a trailer with /Size, /Root, /Info and
/// /ID.
///
/// A stream is written with its data as it is, under its own filters, or,
/// when ``replacements`` gives it new data, that data compressed with
/// FlateDecode (zlib, ``Deflater``). An object the file names but does not
/// hold is written as `null`, as readers take it.
///
/// The file is handed over in blocks as it is written
/// (``write(to:)``), a stream's data read from the document when it is
/// written and a made stream's data made then (``Replacement/madeStream(_:make:)``),
/// so that memory holds one object at a time, not the file; the
/// cross-reference table is made of the objects' offsets alone.
///
/// ```swift
/// let document = try PDFDocument(bytes, limits: .default)
/// var writer = PDFWriter(document: document)
/// let file = try writer.write()   // "%PDF-1.7\n…%%EOF\n"
/// try writer.write { block in output.write(block) }
/// ```
struct PDFWriter {
    /// An object written instead of the document's.
    enum Replacement {
        /// An object that is no stream.
        case object(PDFObject)
        /// A stream: its dictionary (its /Length, /Filter and /DecodeParms
        /// are set by the writer) and its decoded data, compressed unless
        /// `compressed` is false (an XMP packet is left readable, as PDF/A
        /// asks).
        case stream([String: PDFObject], data: [UInt8], compressed: Bool = true)
        /// A stream whose data is already compressed with FlateDecode
        /// (``zlib(_:)``): its dictionary, /Length and /Filter set by the
        /// writer. A redaction compresses a page's new content as soon as
        /// it is made, so that memory does not hold every page's.
        case compressedStream([String: PDFObject], data: [UInt8])
        /// A stream whose data `make` makes when it is written, then
        /// compresses with FlateDecode: a redaction's new page content,
        /// made again from the page's edits rather than held until the
        /// file is written.
        case madeStream([String: PDFObject], make: () throws(PDFError) -> [UInt8])
        /// A stream whose data, compressed with FlateDecode already,
        /// `make` gives when it is written (a redaction's new page
        /// content, read back from its ``PDFSpill``).
        case madeCompressedStream([String: PDFObject], make: () throws(PDFError) -> [UInt8])
        /// The document's dictionary with these entries set (``setEntries(_:of:)``):
        /// a page whose content a redaction replaced holds its new /Contents
        /// here, not a copy of its whole dictionary.
        case entries([String: PDFObject])
    }

    let document: PDFDocument
    /// Objects written instead of the document's, by object number.
    var replacements: [Int: Replacement] = [:]
    /// The trailer written: /Root, /Info and /ID of the document's unless
    /// replaced.
    var trailer: [String: PDFObject]

    /// The highest object number of the document, or of the objects added.
    private var highestNumber: Int

    init(document: PDFDocument) {
        self.document = document
        highestNumber = document.entries.keys.max() ?? 0
        var kept: [String: PDFObject] = [:]
        for key in ["Root", "Info", "ID"] { kept[key] = document.trailer[key] }
        trailer = kept
    }

    /// `pdf` written again as one new complete file, every object as it
    /// was (offsets counted from `%PDF-`, as ``PDFTextExtractor`` counts
    /// them).
    ///
    /// ```swift
    /// let file = try bytes.withUnsafeBytes { try PDFWriter.rewrite($0, limits: .default) }
    /// ```
    static func rewrite(_ pdf: UnsafeRawBufferPointer, limits: DecompressionLimits) throws(PDFError) -> [UInt8] {
        let start = PDFTextExtractor.headerOffset(pdf) ?? 0
        let document = try PDFDocument(UnsafeRawBufferPointer(rebasing: pdf[start...]), limits: limits)
        return try PDFWriter(document: document).write()
    }

    /// The file `source` reads written again, handed to `sink` in blocks,
    /// as ``rewrite(_:limits:)`` returns it.
    ///
    /// ```swift
    /// try PDFWriter.rewrite(PDFSource(count: size, read: read), limits: .default) { output.write($0) }
    /// ```
    static func rewrite(
        _ source: PDFSource, limits: DecompressionLimits, to sink: (UnsafeRawBufferPointer) -> Void
    ) throws(PDFError) {
        let start = PDFTextExtractor.headerOffset(try source.bytes(in: 0..<1024)) ?? 0
        let document = try PDFDocument(source: source.dropping(first: start), limits: limits)
        try PDFWriter(document: document).write(to: sink)
    }

    /// A number for a new object, above every number of the document and
    /// every replacement.
    mutating func add(_ replacement: Replacement) -> Int {
        highestNumber += 1
        replacements[highestNumber] = replacement
        return highestNumber
    }

    /// Sets `entries` in the dictionary object `number` as it is written
    /// (its replacement, or the document's).
    mutating func setEntries(_ entries: [String: PDFObject], of number: Int) throws(PDFError) {
        switch replacements[number] {
        case nil:
            replacements[number] = .entries(entries)
        case .entries(var set)?:
            set.merge(entries) { $1 }
            replacements[number] = .entries(set)
        default:
            var dictionary = try object(number).dictionary ?? [:]
            dictionary.merge(entries) { $1 }
            replacements[number] = .object(.dictionary(dictionary))
        }
    }

    /// The object `number` as it is written: its replacement, or the
    /// document's.
    func object(_ number: Int) throws(PDFError) -> PDFObject {
        switch replacements[number] {
        case .object(let object)?: object
        case .stream(let dictionary, _, _)?, .compressedStream(let dictionary, _)?, .madeStream(let dictionary, _)?,
            .madeCompressedStream(let dictionary, _)?:
            .stream(dictionary, 0..<0)
        case .entries(let entries)?:
            .dictionary((try document.object(number).dictionary ?? [:]).merging(entries) { $1 })
        case nil: try document.object(number)
        }
    }

    /// The whole file.
    ///
    /// - Complexity: O(*n*) in the objects reachable and their data, plus
    ///   the compression of the replaced streams.
    func write() throws(PDFError) -> [UInt8] {
        var output: [UInt8] = []
        try write(to: { output += $0 })
        return output
    }

    /// Writes the whole file, handing it to `sink` in blocks of at most
    /// ``blockSize`` bytes (a stream's data larger than that in one),
    /// in order: the same bytes ``write()`` returns.
    ///
    /// ```swift
    /// try writer.write { block in output.write(block) }
    /// ```
    ///
    /// - Complexity: O(*n*) in the objects reachable and their data, plus
    ///   the compression of the replaced streams; memory holds the
    ///   objects' numbers and offsets, and one object at a time.
    func write(to sink: (UnsafeRawBufferPointer) -> Void) throws(PDFError) {
        let written = withoutActuallyEscaping(sink) { sink in
            Result { () throws(PDFError) -> Int in try write(escaping: sink) }
        }
        _ = try written.get()
    }

    /// ``write(to:)``, `sink` kept by the output while the file is written;
    /// returns the bytes written.
    private func write(escaping sink: @escaping (UnsafeRawBufferPointer) -> Void) throws(PDFError) -> Int {
        // The objects reachable from the trailer, numbered in the order reached.
        var numbers: [Int: Int] = [:]
        var order: [Int] = []
        var pending: [Int] = []
        func reach(_ object: PDFObject, depth: Int) {
            guard depth < PDFParser.maximumDepth else { return }
            switch object {
            case .reference(let number, _):
                if numbers[number] == nil {
                    order.append(number)
                    numbers[number] = order.count
                    pending.append(number)
                }
            case .array(let items): for item in items { reach(item, depth: depth + 1) }
            case .dictionary(let entries), .stream(let entries, _):
                for key in entries.keys.sorted() { reach(entries[key]!, depth: depth + 1) }
            default: break
            }
        }
        for key in ["Root", "Info"] { reach(trailer[key] ?? .null, depth: 0) }
        var index = 0
        var missing: Set<Int> = []
        while index < pending.count {
            let object = try object(pending[index])
            if object == .null { missing.insert(pending[index]) }
            reach(object, depth: 0)
            index += 1
        }
        pending = []
        // A reference to an object that is not there (or is null) is written as null.
        if !missing.isEmpty {
            order.removeAll { missing.contains($0) }
            numbers = [:]
            for (position, number) in order.enumerated() { numbers[number] = position + 1 }
        }
        var output = Output(sink: sink)
        output += Array("%PDF-\(try version())\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        offsets.reserveCapacity(order.count)
        /// A replaced stream: its dictionary with its /Filter and /Length, then its data.
        func appendStream(_ dictionary: [String: PDFObject], _ data: [UInt8], isCompressed: Bool) {
            var dictionary = dictionary
            dictionary["Filter"] = isCompressed ? .name("FlateDecode") : nil
            dictionary["DecodeParms"] = nil
            dictionary["Length"] = .integer(data.count)
            Self.serialize(.dictionary(dictionary), numbers: numbers, into: &output.block)
            output += Array("\nstream\n".utf8)
            output += data
            output += Array("\nendstream".utf8)
        }
        for (position, number) in order.enumerated() {
            offsets.append(output.count)
            output += Array("\(position + 1) 0 obj\n".utf8)
            switch replacements[number] {
            case .stream(let dictionary, let data, let compresses)?:
                appendStream(dictionary, compresses ? Self.zlib(data) : data, isCompressed: compresses)
            case .compressedStream(let dictionary, let compressed)?:
                appendStream(dictionary, compressed, isCompressed: true)
            case .madeStream(let dictionary, let make)?:
                appendStream(dictionary, Self.zlib(try make()), isCompressed: true)
            case .madeCompressedStream(let dictionary, let make)?:
                appendStream(dictionary, try make(), isCompressed: true)
            default:
                let object = try object(number)
                if case .stream(var dictionary, let range) = object {
                    dictionary["Length"] = .integer(range.count)
                    Self.serialize(.dictionary(dictionary), numbers: numbers, into: &output.block)
                    output += Array("\nstream\n".utf8)
                    try output.copy(range, of: document.source)
                    output += Array("\nendstream".utf8)
                } else {
                    Self.serialize(object, numbers: numbers, into: &output.block)
                }
            }
            output += Array("\nendobj\n".utf8)
            output.flushIfFull()
        }
        let start = output.count
        output += Array("xref\n0 \(order.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            output += Array((String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n").utf8)
            output.flushIfFull()
        }
        var written: [String: PDFObject] = ["Size": .integer(order.count + 1)]
        written["Root"] = trailer["Root"]
        if let info = trailer["Info"], case .reference = info { written["Info"] = info }
        written["ID"] = identifier(checksum: output.checksum())
        output += Array("trailer\n".utf8)
        Self.serialize(.dictionary(written), numbers: numbers, into: &output.block)
        output += Array("\nstartxref\n\(start)\n%%EOF\n".utf8)
        output.flush()
        return output.count
    }

    /// The bytes a writer hands over in a block at most (but a stream's
    /// data, handed over whole).
    static let blockSize = 1 << 16

    /// The file being written: its last bytes gathered in ``block``, handed
    /// to the sink when it is full; the bytes before it counted and
    /// checksummed (for the /ID of a document without one).
    private struct Output {
        let sink: (UnsafeRawBufferPointer) -> Void
        var block: [UInt8] = []
        /// The bytes handed to the sink.
        private var handed = 0
        private var crc = CRC32()

        init(sink: @escaping (UnsafeRawBufferPointer) -> Void) {
            self.sink = sink
            block.reserveCapacity(PDFWriter.blockSize)
        }

        /// The offset of the next byte written.
        var count: Int { handed + block.count }

        static func += (output: inout Output, bytes: [UInt8]) {
            output.block += bytes
            output.flushIfFull()
        }

        mutating func flushIfFull() {
            if block.count >= PDFWriter.blockSize { flush() }
        }

        mutating func flush() {
            guard !block.isEmpty else { return }
            block.withUnsafeBufferPointer { crc.update($0) }
            block.withUnsafeBytes { sink($0) }
            handed += block.count
            block.removeAll(keepingCapacity: true)
        }

        /// Copies `range` of `source`, in blocks.
        mutating func copy(_ range: Range<Int>, of source: PDFSource) throws(PDFError) {
            var offset = range.lowerBound
            while offset < range.upperBound {
                let piece = try source.bytes(in: offset..<min(range.upperBound, offset + PDFWriter.blockSize))
                guard !piece.isEmpty else { throw .readError("the file ends before a stream's data") }
                self += piece
                offset += piece.count
            }
        }

        /// The checksum of every byte written so far.
        mutating func checksum() -> UInt32 {
            flush()
            return crc.value
        }
    }

    /// The version of the document's header (`1.7` when it has none that
    /// reads as one).
    private func version() throws(PDFError) -> String {
        let bytes = try document.source.bytes(in: 0..<8)
        guard bytes.count >= 8, bytes.prefix(5).elementsEqual("%PDF-".utf8),
            bytes[5] >= 0x31 && bytes[5] <= 0x39, bytes[6] == UInt8(ascii: "."), bytes[7] >= 0x30 && bytes[7] <= 0x39
        else { return "1.7" }
        return String(decoding: bytes[5..<8], as: UTF8.self)
    }

    /// The trailer's /ID: the document's when it has two strings, else one
    /// made of `checksum`, the CRC-32 of the file written up to the trailer.
    private func identifier(checksum value: UInt32) -> PDFObject {
        if let id = trailer["ID"]?.array, id.count == 2, id.allSatisfy({ $0.string != nil }) { return .array(id) }
        let bytes = (0..<16).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0 % 4)) ^ UInt32($0)) }
        return .array([.string(bytes), .string(bytes)])
    }

    /// `data` as a zlib stream (RFC 1950) of DEFLATE data.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var adler = Adler32()
        data.withUnsafeBufferPointer { adler.update($0) }
        let value = adler.value
        return [0x78, 0x9C] + Deflater.deflate(data) + [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ]
    }

    /// Appends `object` in PDF syntax; a reference is written with the
    /// number `numbers` gives it (generation 0), or as `null` when it has
    /// none.
    static func serialize(_ object: PDFObject, numbers: [Int: Int], into output: inout [UInt8], depth: Int = 0) {
        switch object {
        case .null: output += Array("null".utf8)
        case .bool(let value): output += Array((value ? "true" : "false").utf8)
        case .integer(let value): output += Array(String(value).utf8)
        case .real(let value): output += Array(real(value).utf8)
        case .string(let bytes): appendString(bytes, to: &output)
        case .name(let name): appendName(name, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(0x20) }
                serialize(item, numbers: numbers, into: &output, depth: depth + 1)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let entries), .stream(let entries, _):
            output += Array("<<".utf8)
            for key in entries.keys.sorted() {
                appendName(key, to: &output)
                output.append(0x20)
                serialize(entries[key]!, numbers: numbers, into: &output, depth: depth + 1)
                output.append(0x20)
            }
            output += Array(">>".utf8)
        case .reference(let number, _):
            if let renumbered = numbers[number] {
                output += Array("\(renumbered) 0 R".utf8)
            } else {
                output += Array("null".utf8)
            }
        }
    }

    /// A real number as PDF writes one: no exponent, at most 6 decimals;
    /// beyond ±10¹⁵ a whole number, at most ±10¹⁸.
    static func real(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        guard abs(value) < 1e15 else { return String(Int(min(max(value, -1e18), 1e18))) }
        let scaled = (abs(value) * 1_000_000).rounded()
        let whole = Int(scaled) / 1_000_000
        var fraction = Int(scaled) % 1_000_000
        var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
        guard fraction > 0 else { return text }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let decimals = String(fraction)
        text += "." + String(repeating: "0", count: digits - decimals.count) + decimals
        return text
    }

    /// A string: literal when it is printable ASCII, else in hexadecimal.
    static func appendString(_ bytes: [UInt8], to output: inout [UInt8]) {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            output.append(UInt8(ascii: "("))
            for byte in bytes {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
                    output.append(UInt8(ascii: "\\"))
                }
                output.append(byte)
            }
            output.append(UInt8(ascii: ")"))
            return
        }
        let hex = Array("0123456789ABCDEF".utf8)
        output.append(UInt8(ascii: "<"))
        for byte in bytes {
            output.append(hex[Int(byte >> 4)])
            output.append(hex[Int(byte & 0x0F)])
        }
        output.append(UInt8(ascii: ">"))
    }

    /// A name, its bytes (the scalars of `name`, all below 256) that are not
    /// regular characters written `#xx`.
    static func appendName(_ name: String, to output: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        output.append(UInt8(ascii: "/"))
        for scalar in name.unicodeScalars {
            let byte = UInt8(truncatingIfNeeded: scalar.value)
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") && PDFParser.isRegular(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "#"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
    }
}
