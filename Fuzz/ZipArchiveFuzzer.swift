// libFuzzer target: the zip reader and rewriter (ZipArchive, ZipRewriter).
//
// `Scripts/fuzz.sh ZipArchiveFuzzer` builds and runs it, linked with the
// CPFDecoders target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the first byte is a selector, the rest is the archive.
//   bits 0-2: which member (modulo their count) is replaced on rewriting;
//   bit 3: the replacement is empty (set) or 300 bytes of text (clear).
//
// Properties checked (a failure is a crash):
//   (a) opening, listing, taking each member's range and reading every
//       member under small limits (1 MiB, ratio 1100) throw only the
//       decoders' own errors, and never hand over more than the limit;
//   (b) a member read without error has the size and CRC-32 its entry says;
//   (c) rewriting with nothing replaced, then with one readable member
//       replaced, gives an archive that opens with as many members, the
//       replaced one reading back as its replacement and every member read
//       before reading back the same.

@testable import CPFDecoders

private let limits = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 1100, ratioAllowance: 1 << 16)

private func isOwnError(_ error: any Error) -> Bool {
    error is ZipError || error is InflateError || error is DecompressionLimitError
}

/// Each member's contents, or nil where reading it failed.
private func readAll(_ archive: ZipArchive) -> [[UInt8]?] {
    archive.entries.map { entry in
        var contents: [UInt8] = []
        do {
            _ = try archive.memberRange(of: entry)
            try archive.withContents(of: entry, limits: limits) { contents += $0 }
        } catch {
            if !isOwnError(error) { fatalError("an error that is not the decoders': \(error)") }
            if contents.count > limits.maximumOutputSize { fatalError("\(contents.count) bytes past the limit") }
            return nil
        }
        if UInt64(contents.count) != entry.uncompressedSize || CRC32.checksum(of: contents) != entry.crc32 {
            fatalError("a member read without error does not match its entry")
        }
        return contents
    }
}

private func rewrite(_ archive: ZipArchive, _ replacements: [Int: [UInt8]]) -> [UInt8]? {
    var output: [UInt8] = []
    do {
        try ZipRewriter.rewrite(archive, replacements: replacements) { output += $0 }
    } catch {
        if !isOwnError(error) { fatalError("an error that is not the decoders': \(error)") }
        return nil
    }
    return output
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    _ = ZipArchive.isZip(input)
    let archive: ZipArchive
    do {
        archive = try ZipArchive(bytes: input, maximumCentralDirectorySize: 1 << 20)
    } catch {
        if !isOwnError(error) { fatalError("an error that is not the decoders': \(error)") }
        return 0
    }
    let before = readAll(archive)

    guard let same = rewrite(archive, [:]) else { return 0 }
    guard let copy = try? ZipArchive(bytes: same) else { fatalError("a copy with nothing replaced does not open") }
    if readAll(copy) != before { fatalError("a copy with nothing replaced reads differently") }

    let readable = archive.entries.indices.filter { archive.entries[$0].isReadable }
    guard !readable.isEmpty else { return 0 }
    let index = readable[Int(selector & 7) % readable.count]
    let replacement: [UInt8] =
        selector & 8 != 0 ? [] : Array(String(repeating: "CPF ***.***.***-** ", count: 16).utf8.prefix(300))
    guard let changed = rewrite(archive, [index: replacement]) else { return 0 }
    guard let reopened = try? ZipArchive(bytes: changed) else { fatalError("a rewritten archive does not open") }
    if reopened.entries.count != archive.entries.count { fatalError("the rewrite changed the member count") }
    var expected = before
    expected[index] = replacement
    let after = readAll(reopened)
    for (member, (wanted, got)) in zip(expected, after).enumerated() where wanted != nil && wanted != got {
        fatalError("member \(member) reads differently after the rewrite")
    }
    return 0
}
