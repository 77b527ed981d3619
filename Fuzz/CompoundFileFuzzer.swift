// libFuzzer target: the compound file reader (CompoundFile) and the text of
// legacy Office files read from it (LegacyOfficeText), with the sweep.
//
// `Scripts/fuzz.sh CompoundFileFuzzer` builds and runs it, linked with the
// CPFDecoders target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the first byte is a selector, the rest is the file after its
// signature (D0 CF 11 E0 A1 B1 1A E1), which the fuzzer puts back.
//   bits 0-1: the kind read (doc, xls, ppt, msg) when the file's streams
//   do not say one.
//
// Properties checked (a failure is a crash):
//   (a) opening and reading every stream throw only CompoundFileError, and
//       a stream read without error is as long as its entry says, never
//       longer than the file;
//   (b) reading the text throws only the decoders' own errors, and a Word
//       or Excel text is never longer than the limit it is read with (1 MiB);
//   (c) the sweep of a stream is at most three bytes of UTF-8 for each of
//       its bytes, twice (Windows-1252, UTF-16LE at two offsets), plus line feeds.

@testable import CPFDecoders

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let bytes = CompoundFile.signature + Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let file: CompoundFile
    do { file = try CompoundFile(bytes) } catch { return 0 }
    for entry in file.entries where entry.kind == .stream {
        // contents(of:) throws only CompoundFileError (a typed throw).
        guard let contents = try? file.contents(of: entry) else { continue }
        if contents.count != entry.size || contents.count > bytes.count {
            fatalError("stream \(entry.path) of \(contents.count) bytes, entry says \(entry.size)")
        }
        let sweep = LegacyOfficeText.sweep(contents)
        if sweep.count > 6 * contents.count + contents.count + 3 {
            fatalError("sweep of \(sweep.count) bytes from \(contents.count)")
        }
    }
    let kind = LegacyOfficeKind.detect(file) ?? LegacyOfficeKind.allCases[Int(selector & 3)]
    let limit = 1 << 20
    do {
        let text = try LegacyOfficeText(file, kind: kind, maximumTextSize: limit)
        for part in text.parts where (kind == .doc || kind == .xls) && part.text.count > limit + 4 {
            fatalError("text of \(part.text.count) bytes past the limit")
        }
    } catch is CompoundFileError {
    } catch is LegacyOfficeError {
    } catch {
        fatalError("not the reader's own error: \(error)")
    }
    return 0
}
