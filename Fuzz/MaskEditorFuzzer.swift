// libFuzzer target: random sequences of edits on a masked CPF field, through
// CPFMaskEditor directly and through CPFFieldViewModel's intents.
//
// `Scripts/fuzz.sh MaskEditorFuzzer` builds and runs it, linked with the
// CPFKit and CPFTextField targets built with the fuzzer's coverage and
// `-enable-testing`, so internal helpers are visible and both libraries are
// instrumented.
//
// Input layout: a sequence of operations, each an opcode byte and its operands.
//   opcode % 3 == 0 or 1: CPFMaskEditor.edit on the field's text, with
//       lower bound  = the next byte as a signed Int8 (so out of range too),
//       length       = the next byte % 24 - 4 (negative lengths give an
//                      empty or reversed-then-sorted range),
//       replacement  = the next (byte % 20) bytes, decoded as UTF-8 (lossy:
//                      junk, separators, other scripts' digits, emoji);
//   opcode % 3 == 2: one intent of a CPFFieldViewModel, chosen by opcode / 3
//       (insert, deleteBackward, deleteForward, moveLeft, moveRight,
//       moveToStart, moveToEnd, moveCaret(to:), replaceCharacters, accept),
//       with the same operands where it takes some.
// A missing operand byte reads as 0.
//
// Properties checked after every operation (a failure is a crash, with the
// state printed):
//   (a) text == CPFMask.apply(to: text): the mask of its own digits;
//   (b) at most 11 digits, and the caret in 0...text.utf16.count; after an
//       edit, the caret right after a digit (maskedLength of the digits
//       before it);
//   (c) the digits of an edit are exactly those worked out on Characters by
//       an independent reference (digits before the range, the replacement's
//       ASCII digits up to the limit, digits after; a digitless deletion takes
//       the digit before; 11 pasted digits make the field);
//   (d) the model's state agrees with its text: incomplete(n) for n < 11
//       digits, otherwise valid exactly when the readable rule says so, and
//       accept() gives the digits exactly when valid; its boxes notified
//       exactly when their values changed.

@testable import CPFKit
@testable import CPFTextField

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = MaskEditorFuzzer.Input(UnsafeBufferPointer(start: data, count: size))
    var text = ""
    let model = CPFFieldViewModel()
    let watcher = MaskEditorFuzzer.Watcher(model)
    while let opcode = input.next() {
        if opcode % 3 < 2 {
            let (range, replacement) = input.edit()
            let edit = CPFMaskEditor.edit(text, range: range, replacement: replacement)
            MaskEditorFuzzer.checkEdit(before: text, range: range, replacement: replacement, edit: edit)
            text = edit.text
        } else {
            let before = (model.text.value, model.caret.value, model.state.value)
            let action = MaskEditorFuzzer.perform(opcode / 3, on: model, input: &input)
            MaskEditorFuzzer.checkModel(model, after: action)
            watcher.check(before: before, action: action)
        }
    }
    return 0
}

enum MaskEditorFuzzer {
    /// The bytes of one input, read front to back; past the end, zeros.
    struct Input {
        var bytes: Slice<UnsafeBufferPointer<UInt8>>

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            bytes = buffer[...]
        }

        mutating func next() -> UInt8? {
            bytes.popFirst()
        }

        mutating func operand() -> UInt8 {
            bytes.popFirst() ?? 0
        }

        /// A range (maybe outside the text) and a replacement.
        mutating func edit() -> (Range<Int>, String) {
            let lower = Int(Int8(bitPattern: operand()))
            let other = lower + Int(operand() % 24) - 4
            let count = Int(operand() % 20)
            var replacement: [UInt8] = []
            for _ in 0..<count {
                guard let byte = bytes.popFirst() else { break }
                replacement.append(byte)
            }
            return (min(lower, other)..<max(lower, other), String(decoding: replacement, as: UTF8.self))
        }
    }

    /// Applies intent number `selector` (mod 10) to the model; says what it did.
    static func perform(_ selector: UInt8, on model: CPFFieldViewModel, input: inout Input) -> String {
        switch selector % 10 {
        case 0:
            let (_, replacement) = input.edit()
            model.insert(replacement)
            return "insert(\(replacement.debugDescription))"
        case 1:
            model.deleteBackward()
            return "deleteBackward()"
        case 2:
            model.deleteForward()
            return "deleteForward()"
        case 3:
            model.moveLeft()
            return "moveLeft()"
        case 4:
            model.moveRight()
            return "moveRight()"
        case 5:
            model.moveToStart()
            return "moveToStart()"
        case 6:
            model.moveToEnd()
            return "moveToEnd()"
        case 7:
            let offset = Int(Int8(bitPattern: input.operand()))
            model.moveCaret(to: offset)
            return "moveCaret(to: \(offset))"
        case 8:
            let (range, replacement) = input.edit()
            let result = model.replaceCharacters(in: range, with: replacement)
            precondition(result == false, "replaceCharacters must return false")
            return "replaceCharacters(in: \(range), with: \(replacement.debugDescription))"
        default:
            let accepted = model.accept()
            precondition(
                accepted == model.state.value.cpf?.digits,
                "accept() is \(String(describing: accepted)) in \(model.state.value)")
            return "accept()"
        }
    }

    static func checkEdit(before text: String, range: Range<Int>, replacement: String, edit: CPFMaskEditor.Edit) {
        func fail(_ message: String) -> Never {
            preconditionFailure(
                """
                \(message): edit(\(text.debugDescription), range: \(range), replacement: \
                \(replacement.debugDescription)) = \(edit)
                """
            )
        }
        checkText(edit.text, caret: edit.caret, fail: fail)
        let digitsBefore = CPFMaskEditor.digitCount(in: edit.text, before: edit.caret)
        if edit.caret != CPFMask.maskedLength(digitCount: digitsBefore) { fail("the caret is not right after a digit") }
        if digits(of: edit.text) != expectedDigits(text, range: range, replacement: replacement) {
            fail("the digits are not \(expectedDigits(text, range: range, replacement: replacement))")
        }
    }

    static func checkModel(_ model: CPFFieldViewModel, after action: String) {
        let text = model.text.value
        func fail(_ message: String) -> Never {
            preconditionFailure(
                """
                \(message) after \(action): text \(text.debugDescription), caret \(model.caret.value), state \
                \(model.state.value)
                """
            )
        }
        checkText(text, caret: model.caret.value, fail: fail)
        let digits = digits(of: text)
        if model.digits != digits || model.digitCount != digits.count {
            fail("digits or digitCount disagree with the text")
        }
        switch model.state.value {
        case .incomplete(let count):
            if count != digits.count || count >= 11 { fail("incomplete with the wrong count") }
        case .valid(let cpf):
            if cpf.digits != digits || !digits.isValidCPF { fail("valid, but not by the readable rule") }
        case .invalid(let reason):
            if digits.count != 11 || digits.cpfParsingResult(options: .lenient).failure != reason {
                fail("invalid for the wrong reason")
            }
        }
        if model.accept() != model.state.value.cpf?.digits { fail("accept() disagrees with the state") }
    }

    /// (a) and (b) for any text and caret.
    static func checkText(_ text: String, caret: Int, fail: (String) -> Never) {
        if text != CPFMask.apply(to: text) { fail("the text is not the mask of its digits") }
        if digits(of: text).count > 11 { fail("more than 11 digits") }
        if caret < 0 || caret > text.utf16.count { fail("the caret is outside the text") }
    }

    static func digits(of text: String) -> String {
        String(text.filter { $0.isASCII && $0.isWholeNumber })
    }

    /// The digits an edit must leave, worked out on Characters (the field's
    /// text is ASCII) rather than on UTF-16 code units as the editor does.
    static func expectedDigits(_ text: String, range: Range<Int>, replacement: String) -> String {
        let inserted = digits(of: String(String.UnicodeScalarView(replacement.unicodeScalars.filter { $0.isASCII })))
        if inserted.count >= 11 { return String(inserted.prefix(11)) }
        let characters = Array(text)
        let lower = min(max(range.lowerBound, 0), characters.count)
        let upper = min(max(range.upperBound, lower), characters.count)
        var before = digits(of: String(characters[..<lower]))
        let inside = digits(of: String(characters[lower..<upper]))
        let after = digits(of: String(characters[upper...]))
        if replacement.isEmpty, lower < upper, inside.isEmpty, !before.isEmpty { before.removeLast() }
        return before + inserted.prefix(max(0, 11 - before.count - after.count)) + after
    }

    /// Counts the notifications of the model's boxes, to check (d): a box
    /// notifies once when its value changed, never when it did not.
    final class Watcher {
        let model: CPFFieldViewModel
        var counts = [0, 0, 0]
        var tokens: [ObservationToken] = []

        init(_ model: CPFFieldViewModel) {
            self.model = model
            model.text.bind { [unowned self] _ in counts[0] += 1 }.store(in: &tokens)
            model.caret.bind { [unowned self] _ in counts[1] += 1 }.store(in: &tokens)
            model.state.bind { [unowned self] _ in counts[2] += 1 }.store(in: &tokens)
        }

        func check(before: (String, Int, CPFFieldState), action: String) {
            let changed = [
                before.0 != model.text.value, before.1 != model.caret.value, before.2 != model.state.value,
            ].map { $0 ? 1 : 0 }
            precondition(counts == changed, "after \(action): notifications \(counts), changes \(changed)")
            counts = [0, 0, 0]
        }
    }
}
