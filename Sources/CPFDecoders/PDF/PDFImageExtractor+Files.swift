// The file an image XObject's data makes (ISO 32000-1, 8.9.5 and 7.4):
// a JPEG file as it is, CCITT fax data in a TIFF file (TIFF 6.0, section
// 11), samples in a PNG file (ISO/IEC 15948).

extension PDFImageExtractor {
    /// The colours of an image's samples, as a PNG file holds them.
    enum Colours: Equatable {
        case grey
        case rgb
        /// Indexes into `palette`, RGB triples.
        case indexed(palette: [UInt8])
    }

    /// A colour space's colours, or why they are not read.
    enum ColourSpace: Equatable {
        case read(Colours)
        case unread(String)
    }

    /// The file for `stream`, or why there is none; throws when its data
    /// cannot be decoded.
    static func file(
        of stream: PDFObject, width: Int, height: Int, document: PDFDocument
    ) throws(PDFError) -> PDFImage.Content {
        guard case .stream(var dictionary, let range) = stream else { return .unread("no image data") }
        let filterObject = try document.resolve(dictionary["Filter"] ?? dictionary["F"] ?? .null)
        var filters = filterObject.array ?? (filterObject == .null ? [] : [filterObject])
        let parameterObject = try document.resolve(dictionary["DecodeParms"] ?? dictionary["DP"] ?? .null)
        var parameters = parameterObject.array ?? [parameterObject]
        var last = ""
        if let filter = filters.last { last = try document.resolve(filter).name ?? "" }
        let isMask = try document.resolve(dictionary["ImageMask"] ?? .null) == .bool(true)
        let decode = try document.resolve(dictionary["Decode"] ?? .null).array?.compactMap(\.number) ?? []
        // A Decode array that maps the first sample value to the darkest: the image is drawn inverted.
        let inverted = decode.count >= 2 && decode[0] > decode[1]
        let colours: Colours
        if isMask {
            colours = .grey
        } else {
            switch try Self.colours(dictionary["ColorSpace"] ?? dictionary["CS"] ?? .null, document: document) {
            case .read(let found): colours = found
            case .unread(let reason): return .unread(reason)
            }
        }
        switch last {
        case "DCTDecode", "DCT", "CCITTFaxDecode", "CCF":
            // The filters before the image's own, undone.
            let parameter =
                filters.count <= parameters.count ? try document.resolve(parameters[filters.count - 1]) : .null
            filters.removeLast()
            parameters = Array(parameters.prefix(filters.count))
            dictionary["Filter"] = .array(filters)
            dictionary["DecodeParms"] = .array(parameters.isEmpty ? [] : parameters)
            dictionary["F"] = nil
            dictionary["DP"] = nil
            let data = try document.decodeStream(.stream(dictionary, range))
            if last.hasPrefix("D") {
                guard data.starts(with: [0xFF, 0xD8, 0xFF]) else { return .unread("JPEG image without a JPEG header") }
                return .file(.jpeg, data)
            }
            func value(_ key: String) throws(PDFError) -> PDFObject { try document.resolve(parameter[key] ?? .null) }
            var isBlackOne = try value("BlackIs1") == .bool(true)
            if inverted { isBlackOne.toggle() }
            var rows = try value("Rows").integer ?? 0
            if rows <= 0 { rows = height }
            let file = tiff(
                ccitt: data, k: try value("K").integer ?? 0, columns: try value("Columns").integer ?? 1728, rows: rows,
                isByteAligned: try value("EncodedByteAlign") == .bool(true), isBlackOne: isBlackOne)
            return file.map { .file(.tiff, $0) } ?? .unread("CCITT image with byte-aligned Group 4 data")
        case "JBIG2Decode": return .unread("JBIG2 image")
        case "JPXDecode": return .unread("JPEG 2000 image")
        default:
            let bits =
                isMask
                ? 1 : try document.resolve(dictionary["BitsPerComponent"] ?? dictionary["BPC"] ?? .null).integer ?? 8
            let samples = try document.decodeStream(stream)
            return png(samples, width: width, height: height, bits: bits, colours: colours, inverted: inverted)
        }
    }

    /// The colours of the colour space `object`, or why they are not read.
    static func colours(_ object: PDFObject, document: PDFDocument) throws(PDFError) -> ColourSpace {
        let space = try document.resolve(object)
        var family = space.name ?? ""
        var array: [PDFObject] = []
        if let items = space.array, let first = items.first {
            array = items
            family = try document.resolve(first).name ?? ""
        }
        switch family {
        case "DeviceGray", "G", "CalGray": return .read(.grey)
        case "DeviceRGB", "RGB", "CalRGB": return .read(.rgb)
        case "ICCBased":
            let profile = array.count > 1 ? try document.resolve(array[1]) : .null
            switch try document.resolve(profile["N"] ?? .null).integer {
            case 1: return .read(.grey)
            case 3: return .read(.rgb)
            case let count?: return .unread("image of \(count) colour components")
            case nil: return .unread("image with a damaged ICC colour space")
            }
        case "Indexed", "I":
            guard array.count >= 4, let highest = try document.resolve(array[2]).integer, (0...255).contains(highest)
            else { return .unread("image with a damaged indexed colour space") }
            let base: Colours
            switch try colours(array[1], document: document) {
            case .read(.grey): base = .grey
            case .read(.rgb): base = .rgb
            case .read(.indexed): return .unread("image with an indexed colour space over another")
            case .unread(let reason): return .unread(reason)
            }
            let lookupObject = try document.resolve(array[3])
            var lookup = lookupObject.string ?? []
            if lookupObject.string == nil { lookup = try document.decodeStream(lookupObject) }
            let components = base == .grey ? 1 : 3
            var palette: [UInt8] = []
            palette.reserveCapacity((highest + 1) * 3)
            for entry in 0...highest {
                for component in 0..<3 {
                    let index = entry * components + (components == 1 ? 0 : component)
                    palette.append(index < lookup.count ? lookup[index] : 0)
                }
            }
            return .read(.indexed(palette: palette))
        case "DeviceCMYK", "CMYK": return .unread("CMYK image")
        case "": return .unread("image without a colour space")
        default:
            let known = ["Lab", "Separation", "DeviceN", "Pattern"]
            return .unread(
                known.contains(family) ? "image in the \(family) colour space" : "image in a colour space not read")
        }
    }

    /// A PNG file of `samples`, rows of `width` samples of `bits` bits each
    /// in `colours` as a PDF image's are packed (which is a PNG row's
    /// packing without its filter byte), inverted when `inverted`; or why
    /// there is none. Missing rows are blank; extra bytes are dropped.
    static func png(
        _ samples: [UInt8], width: Int, height: Int, bits: Int, colours: Colours, inverted: Bool
    ) -> PDFImage.Content {
        let colorType: PNGImage.ColorType
        var palette: [UInt8] = []
        switch colours {
        case .grey: colorType = .grey
        case .rgb: colorType = .rgb
        case .indexed(let entries):
            colorType = .palette
            palette = entries
        }
        guard colorType.allowedBitDepths.contains(bits) else {
            return .unread("image of \(bits) bits per component")
        }
        let (rows, overflow) = PNGImage.rowByteCount(width: width, bitsPerPixel: colorType.channelCount * bits)
            .multipliedReportingOverflow(by: height)
        guard !overflow, width <= Int(Int32.max), height <= Int(Int32.max) else { return .unread("image too large") }
        var pixels = samples
        if pixels.count > rows { pixels.removeLast(pixels.count - rows) }
        if pixels.count < rows { pixels += repeatElement(0, count: rows - pixels.count) }
        if inverted, colorType == .grey {
            for index in pixels.indices { pixels[index] = ~pixels[index] }
        }
        do throws(PNGError) {
            let image = try PNGImage(
                width: width, height: height, colorType: colorType, bitDepth: bits, pixels: pixels, palette: palette)
            return .file(.png, image.encoded())
        } catch {
            return .unread("image not written as PNG: \(error)")
        }
    }

    /// A TIFF file (little-endian, one strip) holding `data`, CCITT fax
    /// data of `CCITTFaxDecode`'s parameters `k`, `columns`, `rows`,
    /// `isByteAligned` (`/EncodedByteAlign`) and `isBlackOne` (`/BlackIs1`,
    /// toggled by a `/Decode` of `[1 0]`): compression 4 (T.6) for `k`
    /// below 0, else 3 (T.4, two-dimensional for `k` above 0, byte
    /// alignment as T4Options' fill bits); a photometric interpretation
    /// that draws black runs black (white is zero), or white (black is
    /// zero) when `isBlackOne`. Nil for byte-aligned T.6 data, which TIFF
    /// cannot say.
    ///
    /// ```swift
    /// let file = PDFImageExtractor.tiff(ccitt: g4, k: -1, columns: 1700, rows: 2200, isByteAligned: false,
    ///                                   isBlackOne: false)   // "II*\0", 10 entries, the data
    /// ```
    static func tiff(
        ccitt data: [UInt8], k: Int, columns: Int, rows: Int, isByteAligned aligned: Bool, isBlackOne: Bool
    ) -> [UInt8]? {
        if k < 0, aligned { return nil }
        let compression = k < 0 ? 4 : 3
        var entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [
            (256, 4, UInt32(clamping: columns)),
            (257, 4, UInt32(clamping: rows)),
            (258, 3, 1),
            (259, 3, UInt32(compression)),
            (262, 3, isBlackOne ? 1 : 0),
            (273, 4, 0),  // StripOffsets: set below.
            (277, 3, 1),
            (278, 4, UInt32(clamping: rows)),
            (279, 4, UInt32(clamping: data.count)),
        ]
        if compression == 3 {
            entries.append((292, 4, (k > 0 ? 1 : 0) | (aligned ? 4 : 0)))
        } else {
            entries.append((293, 4, 0))
        }
        // The header (8 bytes), the directory (2 + 12 per entry + 4), then the data.
        let dataOffset = 8 + 2 + 12 * entries.count + 4
        entries[5].value = UInt32(dataOffset)
        var file: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        file.reserveCapacity(dataOffset + data.count)
        func append(_ value: UInt32, bytes: Int) {
            for index in 0..<bytes { file.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))) }
        }
        append(UInt32(entries.count), bytes: 2)
        for entry in entries {
            append(UInt32(entry.tag), bytes: 2)
            append(UInt32(entry.type), bytes: 2)
            append(1, bytes: 4)
            // A SHORT's value is in the field's first two bytes, a LONG's in all four.
            append(entry.value, bytes: 4)
        }
        append(0, bytes: 4)
        file += data
        return file
    }
}
