import CPFSystem

/// What `format`, `strip` and `complete` write for an input that can be
/// rewritten, whatever the kind of number.
enum RewriteStyle: Equatable {
    /// `format`: `DDD.DDD.DDD-DD` (and `XX.XXX.XXX/XXXX-DD`).
    case masked
    /// `strip`: 11 bare digits (or 14 characters, letters in upper case).
    case bare
    /// `format --partial`: the mask of an incomplete number, as a text
    /// field shows it.
    case partial
    /// `complete`: a base (9 digits, or 12 characters) and its check
    /// digits, masked (`--formatted`) or not.
    case complete(formatted: Bool)
}

/// The kind of number `format`, `strip` and `complete` rewrite, as
/// ``RewriteEngine`` needs it: the run's settings, and the value they make
/// to read each line or field into. ``CPFRewriteKind`` rewrites CPFs
/// (`--document cpf`, the default), ``TaxpayerIDRewriteKind`` a CPF or a
/// CNPJ (`--document cnpj|any`).
///
/// ```swift
/// let engine = RewriteEngine(kind: CPFRewriteKind(style: .bare), context: context)
/// engine.rewrite(argument: "390.533.447-05")   // 39053344705
/// ```
///
/// What differs between the kinds is in their values, and only that: the
/// loop, the header, the lines read in pieces, the reports and the counts
/// are the engine's, written once; the fields are ``FieldRewriter``'s.
protocol RewriteKind {
    /// A line or a CSV field as this kind reads it.
    associatedtype Value: RewrittenValue where Value.Kind == Self
}

extension RewriteKind {
    /// The value every line and field of a run is read into; made once per
    /// engine, begun again for each.
    func makeValue(context: Context) -> Value {
        Value(kind: self, context: context)
    }
}

/// A line or a CSV field that ``RewriteEngine`` rewrites, with what is
/// known of it so far: read whole (``rewrite(line:to:)``, the hot path),
/// in pieces when the line is longer than the read buffer, or byte by byte
/// by ``FieldRewriter`` (``FieldValueRewriting``).
///
/// For each piece of a long line the engine calls ``FieldValueRewriting/beginValue()``
/// (first piece only), ``consume(_:)``, then ``pass(_:decided:to:)`` with
/// what it can decide so far (``FieldValueRewriting/valueIsSettled``); on
/// the last piece it asks ``FieldValueRewriting/valueFailure()``, and writes
/// the new form (``FieldValueRewriting/writeValue(to:)``) or reports why
/// not (``report(_:location:)``).
protocol RewrittenValue: FieldValueRewriting {
    /// The kind whose settings the value reads by.
    associatedtype Kind

    init(kind: Kind, context: Context)
    /// Rewrites a whole line, its terminator aside: writes its new form to
    /// `out` and returns `nil`, or writes nothing and returns why it cannot
    /// be rewritten (in the run's language).
    func rewrite(line: UnsafeRawBufferPointer, to out: OutputBuffer) -> String?
    /// Reads the next piece of a line too long to hold whole.
    func consume(_ bytes: UnsafeRawBufferPointer)
    /// Copies a piece of the line to `out` once it is known to go out
    /// unchanged (`decided` true), drops it when not (false), or keeps it
    /// while that is unknown (`nil`), if it can.
    func pass(_ bytes: UnsafeRawBufferPointer, decided: Bool?, to out: OutputBuffer)
    /// Whether the line's pieces could not be kept while that was unknown,
    /// so that they went out unchanged: the line is then not rewritten.
    var couldNotHold: Bool { get }
    /// Whether a line refused whose pieces could not be copied out at its
    /// very end (a temporary file that cannot be read back) is also reported
    /// and counted as not rewritten, or only reported as not held.
    var reportsRefusalOfUnheldLine: Bool { get }
    /// Reports the line on standard error: `cpf: SOURCE:LINE: 'INPUT': MESSAGE`.
    func report(_ message: String, location: (source: RawText, line: Int)?)
    /// Reports a line whose pieces could not be held, and makes the run
    /// end with exit status 2.
    func reportIfNotHeld(location: (source: RawText, line: Int)?)
}
