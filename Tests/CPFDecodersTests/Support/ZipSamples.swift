// Support for the zip tests: the fixtures made by real tools
// (Scripts/fixtures/make-zip-fixtures.sh), Python's zipfile and Info-ZIP's
// unzip as oracles, and a small archive writer of the tests' own, written
// from APPNOTE independently of ZipRewriter, for the forms no tool at hand
// writes (data descriptors without a signature, methods not read, damage).

import CPFDecoders
import CPFTestSupport
import Foundation

enum ZipSamples {
    /// The folder of the committed fixtures.
    static let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Zip")

    /// Every fixture's file name.
    static let fixtureNames = [
        "stored.zip", "deflated.zip", "zip64.zip", "stream.zip", "stream64.zip", "encrypted.zip", "comment.zip",
        "sfx.zip", "sfx-adjusted.zip", "latin1-name.zip", "py-zip64.zip", "py-stream.zip", "py-stream64.zip",
        "py-empty.zip", "nested.zip",
    ]

    /// The bytes of fixture `name`.
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtureFolder.appendingPathComponent(name)))
    }

    /// An archive read from `bytes` in memory.
    static func open(_ bytes: [UInt8], maximumCentralDirectorySize: Int = 64 << 20) throws -> ZipArchive {
        try ZipArchive(bytes: bytes, maximumCentralDirectorySize: maximumCentralDirectorySize)
    }

    /// The contents of `entry`, read whole.
    static func contents(of entry: ZipEntry, in archive: ZipArchive, limits: DecompressionLimits = .default) throws
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        try archive.withContents(of: entry, limits: limits) { bytes += $0 }
        return bytes
    }

    /// A member as Python's zipfile reads it.
    struct PythonMember: Equatable {
        var name: [UInt8]
        var flags: UInt16
        var method: UInt16
        var crc: UInt32
        var compressedSize: UInt64
        var size: UInt64
        var offset: UInt64
        /// Nil when encrypted or in a method zipfile does not read here.
        var contents: [UInt8]?
    }

    /// Python's reading of the archive `bytes` (and `testzip()`'s verdict
    /// as `python.bad`: the first damaged member's name, or nil).
    static func pythonMembers(_ bytes: [UInt8]) throws -> (members: [PythonMember], bad: String?) {
        let program = """
            import sys, zipfile, io, json
            z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
            out = []
            for i in z.infolist():
                raw = i.filename.encode("utf-8") if i.flag_bits & 0x800 else i.orig_filename.encode("cp437")
                data = None
                if not i.flag_bits & 1 and i.compress_type in (0, 8):
                    data = z.read(i).hex()
                out.append(dict(name=raw.hex(), flags=i.flag_bits, method=i.compress_type, crc=i.CRC,
                                csize=i.compress_size, size=i.file_size, offset=i.header_offset, data=data))
            bad = None if any(i.flag_bits & 1 for i in z.infolist()) else z.testzip()
            print(json.dumps(dict(members=out, bad=bad)))
            """
        let output = try python(program, input: bytes)
        let object = try JSONSerialization.jsonObject(with: Data(output)) as! [String: Any]
        let members = (object["members"] as! [[String: Any]]).map { member in
            PythonMember(
                name: hexBytes(member["name"] as! String), flags: UInt16(member["flags"] as! Int),
                method: UInt16(member["method"] as! Int), crc: UInt32(member["crc"] as! Int),
                compressedSize: UInt64(member["csize"] as! Int), size: UInt64(member["size"] as! Int),
                offset: UInt64(member["offset"] as! Int), contents: (member["data"] as? String).map(hexBytes))
        }
        return (members, object["bad"] as? String)
    }

    static func hexBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    /// `unzip -t`'s verdict on `bytes` (exit status and output), or nil
    /// when unzip is not installed.
    static func unzipTest(_ bytes: [UInt8], password: String? = nil) throws -> ToolOutcome? {
        guard InstalledTool.areInstalled("unzip") else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpf-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.zip")
        try Data(bytes).write(to: file)
        return try runTool("unzip -t \(password.map { "-P \($0) " } ?? "")'\(file.path)'")
    }

    // MARK: The tests' own writer

    /// How a generated member records its CRC-32 and sizes.
    enum Descriptor: CaseIterable {
        /// In the local header (bit 3 clear).
        case none
        /// In a data descriptor with its signature, 32-bit sizes.
        case signed32
        /// In a data descriptor without a signature, 32-bit sizes.
        case unsigned32
        /// In a data descriptor with its signature, 64-bit sizes (zip64 field in the local header).
        case signed64
        /// In a data descriptor without a signature, 64-bit sizes.
        case unsigned64
    }

    /// A member to generate.
    struct Member {
        var name: [UInt8]
        var contents: [UInt8]
        var method: UInt16 = 8
        var descriptor: Descriptor = .none
        /// Sizes and offset in zip64 fields (local header and central record).
        var zip64 = false
        var flags: UInt16 = 0
        var extra: [UInt8] = []
        /// The data as stored; by default the contents, deflated by Deflater when the method is 8.
        var data: [UInt8]?
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
    static func le64(_ value: UInt64) -> [UInt8] { le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32)) }

    /// A whole archive of `members` (after `prefix`, offsets counting it
    /// unless `adjustOffsets` is false), with zip64 end records when
    /// `zip64End`, and `comment`. Also returns each member's byte range.
    static func make(
        _ members: [Member], prefix: [UInt8] = [], adjustOffsets: Bool = true, zip64End: Bool = false,
        comment: [UInt8] = []
    ) -> (bytes: [UInt8], ranges: [Range<Int>]) {
        var out = prefix
        var central: [UInt8] = []
        var ranges: [Range<Int>] = []
        let base = adjustOffsets ? 0 : prefix.count
        for member in members {
            let data = member.data ?? (member.method == 8 ? Array(deflated(member.contents)) : member.contents)
            let crc = CRC32.checksum(of: member.contents)
            let offset = UInt64(out.count - base)
            let descriptor = member.descriptor != .none
            let wideLocal = member.zip64 || member.descriptor == .signed64 || member.descriptor == .unsigned64
            let flags = member.flags | (descriptor ? 8 : 0)
            var localExtra = member.extra
            if wideLocal {
                localExtra =
                    le16(1) + le16(16) + le64(descriptor ? 0 : UInt64(member.contents.count))
                    + le64(descriptor ? 0 : UInt64(data.count)) + localExtra
            }
            let start = out.count
            out += le32(0x0403_4B50) + le16(wideLocal ? 45 : 20) + le16(flags) + le16(member.method) + le16(0x1820)
            out += le16(0x5822) + le32(descriptor ? 0 : crc)
            out += le32(wideLocal ? 0xFFFF_FFFF : descriptor ? 0 : UInt32(data.count))
            out += le32(wideLocal ? 0xFFFF_FFFF : descriptor ? 0 : UInt32(member.contents.count))
            out += le16(UInt16(member.name.count)) + le16(UInt16(localExtra.count)) + member.name + localExtra + data
            switch member.descriptor {
            case .none: break
            case .signed32:
                out += le32(0x0807_4B50) + le32(crc) + le32(UInt32(data.count)) + le32(UInt32(member.contents.count))
            case .unsigned32: out += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(member.contents.count))
            case .signed64:
                out += le32(0x0807_4B50) + le32(crc) + le64(UInt64(data.count)) + le64(UInt64(member.contents.count))
            case .unsigned64: out += le32(crc) + le64(UInt64(data.count)) + le64(UInt64(member.contents.count))
            }
            ranges.append(start..<out.count)
            var centralExtra = member.extra
            if member.zip64 {
                centralExtra =
                    le16(1) + le16(24) + le64(UInt64(member.contents.count)) + le64(UInt64(data.count)) + le64(offset)
                    + centralExtra
            }
            central += le32(0x0201_4B50) + le16(0x031E) + le16(member.zip64 ? 45 : 20) + le16(flags)
            central += le16(member.method) + le16(0x1820) + le16(0x5822) + le32(crc)
            central += le32(member.zip64 ? 0xFFFF_FFFF : UInt32(data.count))
            central += le32(member.zip64 ? 0xFFFF_FFFF : UInt32(member.contents.count))
            central += le16(UInt16(member.name.count)) + le16(UInt16(centralExtra.count)) + le16(0) + le16(0) + le16(0)
            central += le32(0o100644 << 16) + le32(member.zip64 ? 0xFFFF_FFFF : UInt32(offset)) + member.name
            central += centralExtra
        }
        let directoryOffset = UInt64(out.count - base)
        out += central
        if zip64End {
            let recordOffset = UInt64(out.count - base)
            out += le32(0x0606_4B50) + le64(44) + le16(0x031E) + le16(45) + le32(0) + le32(0)
            out += le64(UInt64(members.count)) + le64(UInt64(members.count)) + le64(UInt64(central.count))
            out += le64(directoryOffset)
            out += le32(0x0706_4B50) + le32(0) + le64(recordOffset) + le32(1)
        }
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(members.count)) + le16(UInt16(members.count))
        out += le32(UInt32(central.count)) + le32(zip64End ? 0xFFFF_FFFF : UInt32(directoryOffset))
        out += le16(UInt16(comment.count)) + comment
        return (out, ranges)
    }

    /// `contents` deflated by the package's Deflater.
    static func deflated(_ contents: [UInt8]) -> [UInt8] {
        let deflater = Deflater()
        var data: [UInt8] = []
        deflater.compress(contents) { data += $0 }
        deflater.finish { data += $0 }
        return data
    }
}
