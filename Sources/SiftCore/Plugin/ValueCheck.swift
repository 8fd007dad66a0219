import Foundation
import SiftJSON
import SiftMessages
import SiftConfig

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
    /// True when the check reads nothing but the value it is given (never `context.record`).
    /// The batch runner then skips the parts of a record that no rule names (docs/PERFORMANCE.md,
    /// "Skipping what no rule reads"); rules that compile a check that says false (in any pack
    /// or library of the run) read every record in full. Defaults to false.
    var readsOnlyItsValue: Bool { get }
    /// The texts the check allows, when it allows a short list of them (`enum`): lint suggests
    /// one for a condition value the check refuses. Defaults to nil.
    var allowedTexts: [String]? { get }
}

extension ValueCheck {
    public func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool { check(value, in: context) == nil }
    public var readsOnlyItsValue: Bool { false }
    public var allowedTexts: [String]? { nil }
}

/// Why a value failed a check.
///
/// A check that fails the same way every time (a pattern mismatch, a wrong type) returns a
/// `Rejection.fixed(...)` kept in a `static let`: copying it costs no reference count, and
/// the rule loop finds the field's violation words for it again by its identity, so such a
/// failure builds no text. A rejection whose words name one number (`is 300 characters
/// long`) comes from a `Rejection.Counted` made with the check: it too builds no text until
/// its words are read. Other words that vary are made with `init(_:detail:isTypeMismatch:)`.
public struct Rejection: Sendable {
    /// The words and flags of a rejection, shared by its copies.
    final class Content: Sendable {
        let detail: String?
        let message: LocalizedText
        let isTypeMismatch: Bool
        /// For a counted rejection: the words before and after the number, in each language.
        let counted: Counted.Words?
        /// Where the rule that failed is written, when not where the check is (`at(_:)`).
        let rule: Mark?

        init(_ message: LocalizedText, detail: String?, isTypeMismatch: Bool, counted: Counted.Words? = nil, rule: Mark? = nil) {
            self.message = message
            self.detail = detail
            self.isTypeMismatch = isTypeMismatch
            self.counted = counted
            self.rule = rule
        }
    }

    /// The content, read without a reference count: `owner` keeps a made one alive, and a
    /// fixed one lives as long as the process.
    private var content: Unmanaged<Content>
    /// Nil for a fixed rejection.
    private var owner: Content?
    /// The number a counted rejection's words name (0 for others).
    package private(set) var count = 0

    /// A rejection saying `message`; see `detail` and `isTypeMismatch`.
    public init(_ message: LocalizedText, detail: String? = nil, isTypeMismatch: Bool = false) {
        let made = Content(message, detail: detail, isTypeMismatch: isTypeMismatch)
        owner = made
        content = .passUnretained(made)
    }

    /// The rejection saying `message`, made once and kept for the life of the process (the
    /// same words give the same rejection). For failures that read the same every time, kept
    /// in a `static let`; words that vary belong in `init(_:detail:isTypeMismatch:)`.
    public static func fixed(_ message: LocalizedText, detail: String? = nil, isTypeMismatch: Bool = false) -> Rejection {
        fixed(message, detail: detail, isTypeMismatch: isTypeMismatch, at: nil)
    }

    /// A fixed rejection of a check that applies several rules written in different places (a
    /// JSON Schema's `type` and `pattern`): its reason is the check's code with `detail`
    /// appended, and its `rule` is `at`.
    package static func fixed(_ message: LocalizedText, detail: String?, isTypeMismatch: Bool = false, at rule: Mark?) -> Rejection {
        let key = FixedKey(message: message, detail: detail, isTypeMismatch: isTypeMismatch, counted: nil, rule: rule)
        return Rejection(fixed: kept(key) { Content(message, detail: detail, isTypeMismatch: isTypeMismatch, rule: rule) })
    }

    private init(fixed: Unmanaged<Content>, count: Int = 0) {
        content = fixed
        owner = nil
        self.count = count
    }

    /// Words that name one number, such as a length: "is 277 characters long; must be at most
    /// 254". Made once with the check; `callAsFunction(_:)` gives the rejection for a number
    /// without building any text, and the number is put into the words only when they are read.
    /// The rule loop keeps the violation words it made for each number it met.
    public struct Counted: Sendable {
        struct Words: Sendable, Hashable {
            let en: [String]
            let zh: [String]
        }
        private let content: Unmanaged<Content>

        /// Words with the number between `before` and `after`, in English and in Chinese.
        public init(en: (before: String, after: String), zh: (before: String, after: String), detail: String? = nil) {
            let words = Words(en: [en.before, en.after], zh: [zh.before, zh.after])
            let message = LocalizedText(en: en.before + "{n}" + en.after, zh: zh.before + "{n}" + zh.after)
            content = Rejection.kept(FixedKey(message: message, detail: detail, isTypeMismatch: false, counted: words, rule: nil)) {
                Content(message, detail: detail, isTypeMismatch: false, counted: words)
            }
        }

        /// Words from `message`, with the number where its `{n}` is: a template's argument left
        /// out (`"has {n} digits after the decimal point; at most {max} allowed"` with only `max`).
        /// A message without `{n}` gets the number at its end, after a space.
        public init(_ message: Message, detail: String? = nil) {
            func split(_ text: String) -> (before: String, after: String) {
                guard let n = text.range(of: "{n}") else { return (text + " ", "") }
                return (String(text[..<n.lowerBound]), String(text[n.upperBound...]))
            }
            self.init(en: split(message.text(.en)), zh: split(message.text(.zh)), detail: detail)
        }

        /// The rejection whose words name `n`.
        public func callAsFunction(_ n: Int) -> Rejection { Rejection(fixed: content, count: n) }
    }

    /// The content kept for the process under `key`, made by `make` the first time.
    private static func kept(_ key: FixedKey, _ make: () -> Content) -> Unmanaged<Content> {
        fixedLock.lock()
        defer { fixedLock.unlock() }
        if let kept = fixedTable[key] { return kept }
        let kept = Unmanaged.passRetained(make())  // never released: a fixed rejection lives on
        fixedTable[key] = kept
        return kept
    }

    /// Where the failed rule is written, when not where the check is (`fixed(_:detail:isTypeMismatch:at:)`).
    package var rule: Mark? { content._withUnsafeGuaranteedRef { $0.rule } }

    /// A suffix for the reason code when the failure is of a different nature than a plain
    /// mismatch, e.g. `limit` for `phone.regex.limit`. Nil for the check's own code.
    public var detail: String? {
        get { content._withUnsafeGuaranteedRef { $0.detail } }
        set { self = Rejection(message, detail: newValue, isTypeMismatch: isTypeMismatch) }
    }

    /// What is wrong, in every language; replaced by the author's `message:` for a plain mismatch.
    public var message: LocalizedText {
        get {
            content._withUnsafeGuaranteedRef { c in
                guard let w = c.counted else { return c.message }
                return LocalizedText(en: w.en[0] + String(count) + w.en[1], zh: w.zh[0] + String(count) + w.zh[1])
            }
        }
        set { self = Rejection(newValue, detail: detail, isTypeMismatch: isTypeMismatch) }
    }

    /// True when the value is of the wrong JSON type for the check ("expected a string, got a
    /// number"): the message then stands even where the author wrote their own `message:`.
    public var isTypeMismatch: Bool {
        get { content._withUnsafeGuaranteedRef { $0.isTypeMismatch } }
        set { self = Rejection(message, detail: detail, isTypeMismatch: newValue) }
    }

    /// The identity of a fixed rejection (nil for a made one): the same words, the same key.
    /// A counted rejection's words are the same only for the same `count` as well.
    package var fixedKey: UnsafeRawPointer? { owner == nil ? UnsafeRawPointer(content.toOpaque()) : nil }

    /// True for a rejection from a `Counted`, whose words depend on `count`.
    package var isCounted: Bool { content._withUnsafeGuaranteedRef { $0.counted != nil } }

    private struct FixedKey: Hashable {
        let message: LocalizedText
        let detail: String?
        let isTypeMismatch: Bool
        let counted: Counted.Words?
        let rule: Mark?
    }
    private static let fixedLock = NSLock()
    nonisolated(unsafe) private static var fixedTable: [FixedKey: Unmanaged<Content>] = [:]
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
    /// `[0]`, `[1]`, ... for `indices`, made once per worker (`EvaluationContext.positions()`):
    /// an element's position then costs neither an allocation nor a reference count that
    /// another worker's core also counts (the table every context shares, `shared`, is counted
    /// by all of them). Empty: the shared table.
    package var positions: [[Int]] = []

    /// A table for `positions`: one per worker, never shared between threads.
    package static func positions() -> [[Int]] { (0..<64).map { [$0] } }

    /// The table of contexts without their own (hosts, `sift test`, stateful runs).
    private static let shared = positions()

    /// The indices of element `n` of a one-`[*]` path.
    @inline(__always) package func position(_ n: Int) -> [Int] {
        if n < positions.count { return positions[n] }
        return n < Self.shared.count ? Self.shared[n] : [n]
    }

    /// A context for checking values of `record` as of `asOfMillis` (milliseconds since 1970).
    public init(record: JSONValue, asOfMillis: Int64) {
        self.record = record
        self.asOfMillis = asOfMillis
    }
}
