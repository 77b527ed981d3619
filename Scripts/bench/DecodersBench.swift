// The decoders' benchmark driver, built by Scripts/bench_decoders.py with
// the CPFDecoders sources into one program (so it does not `import
// CPFDecoders`): reads standard input in 1 MiB pieces and writes the result
// to standard output.
//
//   DecodersBench inflate-gzip | deflate-gzip | utf16le | crc32

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct DecodersBench {
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < bytes.count {
            let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { exit(3) }
            offset += written
        }
    }

    static func main() throws {
        let mode = CommandLine.arguments.dropFirst().first ?? ""
        let piece = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer { piece.deallocate() }
        let reader = GzipReader(limits: .none)
        let writer = GzipWriter()
        var crc = CRC32()
        let utf16 = TextToUTF8Transcoder(encoding: .utf16LittleEndian)
        while true {
            let count = read(0, piece.baseAddress!, piece.count)
            if count < 0 { exit(3) }
            if count == 0 { break }
            let input = UnsafeBufferPointer(rebasing: piece[..<count])
            switch mode {
            case "inflate-gzip": try reader.decompress(input, output: writeAll)
            case "deflate-gzip": writer.compress(input, output: writeAll)
            case "crc32": crc.update(input)
            case "utf16le": utf16.decode(input) { utf8, _ in writeAll(utf8) }
            default:
                print("usage: DecodersBench inflate-gzip|deflate-gzip|utf16le|crc32")
                exit(2)
            }
        }
        switch mode {
        case "inflate-gzip": try reader.finish()
        case "deflate-gzip": writer.finish(output: writeAll)
        case "utf16le": utf16.finish { utf8, _ in writeAll(utf8) }
        default: print(crc.value)
        }
    }
}
