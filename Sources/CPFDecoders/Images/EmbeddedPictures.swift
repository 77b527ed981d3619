/// The PNG and JPEG pictures stored whole inside another format's bytes,
/// found by their structure: how a legacy Office document (Word's `Data`
/// stream, PowerPoint's `Pictures` stream, an Excel drawing) keeps a pasted
/// scan or photo (an OfficeArt BLIP holds the picture file as it is).
///
/// A PNG is its 8-byte signature and chunks (length, four letters, data,
/// CRC) up to `IEND` (ISO/IEC 15948, 5.3); a JPEG is its start-of-image
/// marker and marker segments, each scan's entropy-coded data up to the
/// next marker that is not a restart or a stuffed `FF 00`, up to its
/// end-of-image marker (ITU-T T.81, B.1). A signature followed by bytes
/// that break that structure right away is no picture (a few bytes that
/// happen to look like one); one whose structure holds but is cut short
/// before its end is ``Picture/isComplete`` false, so that it can be named.
///
/// ```swift
/// for picture in EmbeddedPictures.find(in: stream) {
///     // picture.format: .jpeg, picture.range: where it lies, picture.isComplete
/// }
/// ```
///
/// - Complexity: O(*n*) in the bytes: each byte is looked at a bounded
///   number of times (a picture found is skipped whole).
public enum EmbeddedPictures {
    /// A picture found, and where.
    public struct Picture: Equatable, Sendable {
        public var format: ImageFormat
        /// Its bytes in what was searched.
        public var range: Range<Int>
        /// Whether its structure reaches its end (`IEND`, end of image);
        /// false when the bytes end first or break in its middle.
        public var isComplete: Bool

        public init(format: ImageFormat, range: Range<Int>, isComplete: Bool) {
            self.format = format
            self.range = range
            self.isComplete = isComplete
        }
    }

    /// Every PNG and JPEG picture in `bytes`, in order, none inside another.
    public static func find(in bytes: [UInt8]) -> [Picture] {
        var pictures: [Picture] = []
        var index = 0
        let count = bytes.count
        while index + 3 < count {
            let byte = bytes[index]
            if byte == 0x89, let picture = png(in: bytes, at: index) {
                pictures.append(picture)
                index = picture.range.upperBound
            } else if byte == 0xFF, bytes[index + 1] == 0xD8, bytes[index + 2] == 0xFF,
                let picture = jpeg(in: bytes, at: index)
            {
                pictures.append(picture)
                index = picture.range.upperBound
            } else {
                index += 1
            }
        }
        return pictures
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG starting at `start`: its signature, then `IHDR` first, then
    /// chunks of letters up to `IEND`; nil when the signature or `IHDR` is not there.
    private static func png(in bytes: [UInt8], at start: Int) -> Picture? {
        guard start + 16 <= bytes.count, bytes[start..<start + 8].elementsEqual(pngSignature),
            bytes[start + 12..<start + 16].elementsEqual("IHDR".utf8)
        else { return nil }
        var index = start + 8
        while index + 8 <= bytes.count {
            let length = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[index + 4..<index + 8]
            guard length < 1 << 31, type.allSatisfy({ ($0 | 0x20) &- 0x61 < 26 }) else { break }
            let end = index + 12 + length
            guard end <= bytes.count else { break }
            if type.elementsEqual("IEND".utf8) {
                return Picture(format: .png, range: start..<end, isComplete: true)
            }
            index = end
        }
        return Picture(format: .png, range: start..<min(index, bytes.count), isComplete: false)
    }

    /// The JPEG starting at `start` (`FF D8 FF`): marker segments, each
    /// scan's data, up to the end-of-image marker; nil when the first
    /// marker after the start of image is not one a JPEG file begins with.
    private static func jpeg(in bytes: [UInt8], at start: Int) -> Picture? {
        // What a JPEG file's first segment is: APPn, DQT, DHT, SOFn, COM, DRI.
        let first = bytes[start + 3]
        guard
            (0xE0...0xEF).contains(first) || [0xDB, 0xC4, 0xFE, 0xDD].contains(first) || (0xC0...0xCF).contains(first)
        else { return nil }
        var index = start + 2
        let count = bytes.count
        while index + 1 < count {
            guard bytes[index] == 0xFF else { break }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                // Fill bytes before a marker.
                index += 1
                continue
            }
            if marker == 0xD9 { return Picture(format: .jpeg, range: start..<index + 2, isComplete: true) }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            guard marker != 0x00, marker != 0xD8, index + 3 < count else { break }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= count else { break }
            index += 2 + length
            if marker == 0xDA {
                // The scan's entropy-coded data: up to a marker that is neither a stuffed zero nor a restart.
                while index < count {
                    if bytes[index] == 0xFF {
                        // Cut short after an FF: the picture runs to the end.
                        guard index + 1 < count else {
                            index = count
                            break
                        }
                        let next = bytes[index + 1]
                        if next != 0x00, !(0xD0...0xD7).contains(next) { break }
                        index += 2
                    } else {
                        index += 1
                    }
                }
            }
        }
        return Picture(format: .jpeg, range: start..<min(index, count), isComplete: false)
    }
}
