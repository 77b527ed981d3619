import CPFDecoders
import CPFSystem

/// Writes UTF-8 text back the way an input was stored (see
/// ``InputLayers``), for `redact`: transcoded to the input's encoding (its
/// byte order mark first, when it had one), then compressed with gzip when
/// it was, and written to an output buffer.
final class ReencodingWriter {
    private let out: OutputBuffer
    private let transcoder: UTF8ToTextTranscoder?
    private let gzip: GzipWriter?

    init(_ layers: InputLayers, to out: OutputBuffer) {
        self.out = out
        transcoder =
            layers.encoding == .utf8
            ? nil : UTF8ToTextTranscoder(encoding: layers.encoding, writesByteOrderMark: layers.byteOrderMark)
        gzip = layers.gzip ? GzipWriter() : nil
    }

    /// Writes the next piece of UTF-8 text.
    func write(_ text: UnsafeRawBufferPointer) {
        guard text.count > 0 else { return }
        let bytes = UnsafeBufferPointer(start: text.baseAddress!.assumingMemoryBound(to: UInt8.self), count: text.count)
        if let transcoder {
            transcoder.encode(bytes) { compress($0) }
        } else {
            compress(bytes)
        }
    }

    /// Writes what is held back: a character cut short, the last gzip block and trailer.
    func finish() {
        transcoder?.finish { compress($0) }
        gzip?.finish { out.write(UnsafeRawBufferPointer($0)) }
    }

    private func compress(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let gzip {
            gzip.compress(bytes) { out.write(UnsafeRawBufferPointer($0)) }
        } else {
            out.write(UnsafeRawBufferPointer(bytes))
        }
    }
}
