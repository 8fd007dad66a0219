import SiftJSON
import SiftMessages

/// The outcome for one input record: valid, or the rules it breaks, or why it could not be read.
public struct RecordVerdict: Sendable {
    /// The packs that applied.
    public var packs: [String]
    /// The rules the record breaks, in pack and rule order; empty when it is valid.
    public var violations: [Violation]
    /// Typed results from stages (`route`, `receipt`, `apple_id`), in pack and stage order.
    package var output: [any StageOutput]
    /// Set when the record could not be read (bad JSON, not an object).
    public var inputError: RecordVerdict.InputError?
    /// Where each pack's violations end in `violations` (one per pack, in order), so that a
    /// pack's counts see only its own; empty for verdicts made elsewhere (decoded ones).
    package var packViolationEnds: [Int] = []

    /// A verdict made by hand (tests, or a host's own checks beside Sift's).
    public init(packs: [String] = [], violations: [Violation] = [], inputError: RecordVerdict.InputError? = nil) {
        self.init(packs: packs, violations: violations, output: [], inputError: inputError)
    }

    package init(packs: [String] = [], violations: [Violation] = [], output: [any StageOutput], inputError: RecordVerdict.InputError? = nil)
    {
        self.packs = packs
        self.violations = violations
        self.output = output
        self.inputError = inputError
    }

    /// True when the record was read and breaks no rule.
    @inlinable public var isValid: Bool { inputError == nil && violations.isEmpty }

    /// True when pack number `n` (of `packs`) reported a violation: for pack thresholds. A verdict
    /// that does not know where each pack's violations end answers for the whole record.
    package func packReported(_ n: Int) -> Bool {
        guard packViolationEnds.count == packs.count else { return !isValid }
        return packViolationEnds[n] > (n == 0 ? 0 : packViolationEnds[n - 1])
    }

    /// The reason codes, in order.
    public var reasons: [ReasonCode] {
        if let inputError { return [inputError.reason] }
        return violations.map(\.reason)
    }
}

extension RecordVerdict {
    /// Why an input record could not be read: one of the `ReasonCode.Input` codes.
    public struct InputError: Sendable, Error, Equatable {
        /// Why the record could not be read: `input.malformed_json`, `input.not_object`, ...
        public var reason: ReasonCode
        /// What is wrong, in English; `localized` has both languages.
        public var message: String { localized.en }
        /// What is wrong, in every language.
        public var localized: LocalizedText

        /// An input error with an English-only message.
        public init(reason: ReasonCode, message: String) {
            self.init(reason: reason, localized: LocalizedText(message))
        }

        /// An input error with a message in every language.
        public init(reason: ReasonCode, localized: LocalizedText) {
            self.reason = reason
            self.localized = localized
        }

        package init(_ e: JSONParseError) {
            if e.duplicateKeyPath != nil {
                self.init(
                    reason: ReasonCode.Input.duplicateKey,
                    localized: CoreMessages.keyTwiceInRecord(messages: ["problem": e.localizedMessage]).localized)
                return
            }
            let utf8 = e.message.contains("UTF-8")
            self.init(
                reason: e.tooDeep ? ReasonCode.Input.tooDeep : utf8 ? ReasonCode.Input.invalidUTF8 : ReasonCode.Input.malformedJSON,
                localized: e.localizedMessage.localized)
        }

        package static let notObject = RecordVerdict.InputError(
            reason: ReasonCode.Input.notObject,
            localized: CoreMessages.notAnObject().localized)
    }
}

extension Violation: Equatable {
    /// Same field, reason, message (both languages), rule location and value excerpt.
    public static func == (a: Violation, b: Violation) -> Bool {
        a.field == b.field && a.reason == b.reason && a.message == b.message && a.rule == b.rule && a.value == b.value
    }
}

extension RecordVerdict: Equatable {
    /// Same packs, violations, input error, and stage outputs with the same JSON.
    public static func == (a: RecordVerdict, b: RecordVerdict) -> Bool {
        a.packs == b.packs && a.violations == b.violations && a.inputError == b.inputError
            && a.output.count == b.output.count && zip(a.output, b.output).allSatisfy { $0.key == $1.key && $0.json == $1.json }
    }
}
