import CPFDecoders
import Testing

@Suite("MailError")
struct MailErrorTests {
    @Test(
        "describes each error in a sentence fragment",
        arguments: [
            (MailError.headerTooLong(limit: 65536), "a header block longer than 65536 bytes"),
            (.nestingTooDeep(limit: 64), "multipart parts nested deeper than 64 levels"),
        ])
    func describes(error: MailError, text: String) {
        #expect(error.description == text)
    }
}
