/// A check on one field value: the contract of field-validator plugins.
///
/// Checks are built once by the compiler and shared by all workers, so they are
/// immutable and `Sendable`.
public protocol ValueCheck: Sendable {
    /// Nil when the value passes; otherwise why it does not.
    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection?
    /// True when the value passes. Conditions (`when:`, `required: {when:}`, `not:`) ask this
    /// instead of `check`, so a check whose messages cost something to build (numbers,
    /// lists, dates) should answer it without building one. Defaults to `check(...) == nil`.
    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool
    /// What the check requires, in plain words: "must fully match /^1\d{10}$/".
    func explain(_ language: Language) -> String
}

extension ValueCheck {
    public func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool { check(value, in: context) == nil }
}

/// Why a value failed a check.
public struct Rejection: Sendable {
    /// A suffix for the reason code when the failure is of a different nature than a plain
    /// mismatch, e.g. `limit` for `phone.regex.limit`. Nil for the check's own code.
    public var detail: String?
    /// What is wrong, in every language; replaced by the author's `message:` for a plain mismatch.
    public var message: LocalizedText
    /// True when the value is of the wrong JSON type for the check ("expected a string, got a
    /// number"): the message then stands even where the author wrote their own `message:`.
    public var isTypeMismatch: Bool

    /// A rejection saying `message`; see `detail` and `isTypeMismatch`.
    public init(_ message: LocalizedText, detail: String? = nil, isTypeMismatch: Bool = false) {
        self.message = message
        self.detail = detail
        self.isTypeMismatch = isTypeMismatch
    }
}

/// What a check may read besides the value: the record and the run's clock.
public struct EvaluationContext: Sendable {
    /// The whole record, for checks that compare fields.
    public var record: JSONValue
    /// The as-of time in milliseconds since 1970 (`--as-of`, or the start of the run).
    public var asOfMillis: Int64
    /// The array positions of the value being checked, one per `[*]` of its field path:
    /// conditions on a sibling field (`field: .kind`) read the same element.
    public var indices: [Int] = []
    /// The worker's reusable violation words (batch runs); nil makes new ones each time.
    package var texts: ViolationTexts?

    /// A context for checking values of `record` as of `asOfMillis` (milliseconds since 1970).
    public init(record: JSONValue, asOfMillis: Int64) {
        self.record = record
        self.asOfMillis = asOfMillis
    }
}
