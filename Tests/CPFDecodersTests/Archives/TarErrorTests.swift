// Tests of TarError.swift: each reason reads as a sentence fragment.

import CPFDecoders
import Testing

@Suite("TarError")
struct TarErrorTests {
    @Test("describes each reason in a few words, with the offset where there is one")
    func descriptions() {
        #expect(TarError.badChecksum(offset: 512).description == "header at byte 512 has a wrong checksum")
        #expect(
            TarError.dataAfterEnd(offset: 2048).description == "data after the end of the archive (at byte 2048)")
        #expect(TarError.truncated.description.hasPrefix("truncated"))
        #expect(TarError.multiVolume.description == "multi-volume archive")
    }
}
