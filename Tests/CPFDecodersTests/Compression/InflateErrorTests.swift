import CPFDecoders
import Testing

@Suite("InflateError")
struct InflateErrorTests {
    @Test(
        "describes its errors readably",
        arguments: [
            (InflateError.invalidBlockType, "invalid block type 3"),
            (.distanceTooFarBack(distance: 5, available: 2), "distance 5 too far back (2 bytes of output before it)"),
            (.invalidCodeLengths(.oversubscribed), "invalid code lengths: over-subscribed"),
        ])
    func descriptions(error: InflateError, text: String) {
        #expect(error.description == text)
    }
}
