import SiftJSON
import SiftMessages

/// A pack-level stage: the contract of plugin families that look at a whole record
/// (receipts, identity tokens, routes). The `fields:` section is a stage too.
package protocol Stage: Sendable {
    /// Evaluates one record. Runs on any worker, in any order.
    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult
    /// A per-run object that sees results again in input order, for state across records
    /// (replay detection). Nil for stateless stages.
    func makeSettler(_ environment: RunEnvironment) throws -> (any Settler)?
    /// The stage in plain words, for `sift explain`.
    func explain(_ language: Language) -> String
    /// The batch path: appends what `evaluate` finds to `verdict`. A stage that can write its
    /// violations there directly (no `StageResult` per record) says so here.
    func evaluate(_ record: JSONValue, in context: EvaluationContext, into verdict: inout RecordVerdict)
}

extension Stage {
    public func makeSettler(_ environment: RunEnvironment) throws -> (any Settler)? { nil }

    public func evaluate(_ record: JSONValue, in context: EvaluationContext, into verdict: inout RecordVerdict) {
        let r = evaluate(record, in: context)
        if !r.violations.isEmpty { verdict.violations.append(contentsOf: r.violations) }
        if !r.output.isEmpty { verdict.output.append(contentsOf: r.output) }
    }
}

/// Revisits stage results one record at a time, in input order, on one thread.
///
/// State settled in blocks (docs/LEDGER.md): the records settled since the last `send()` are a
/// block. `send()` starts making it durable; `confirm()` waits until it is. A ledger on a server
/// returns from `send()` before the server answers, so the next block is settled while the one
/// before is committed (it sees that block's claims); every other settler makes the block durable
/// in `send()`. A host calls `checkpoint()`: both at once.
package protocol Settler: AnyObject {
    func settle(_ result: inout StageResult, context: EvaluationContext)
    /// Called with a block's results (its own stage's, in input order) before they are settled
    /// one by one: a hint, so that a settler can fetch what the block will ask in one go. `next`:
    /// the results of the block to be settled after it, when known (a ledger on a server looks
    /// its keys up while this one is settled); it is the block of the next call, unless a block
    /// is dropped (`BlockEvent.dropped`) in between.
    func prepare(_ results: [StageResult], next: [StageResult]?)
    /// True when `prepare` does anything (a ledger to ask): otherwise the block's results are
    /// not gathered for it.
    var prepares: Bool { get }
    /// Ends the block settled since the last call and starts making it durable; called after
    /// `confirm()`. Throws when it cannot be sent (`SettleAgain` when it already lost a race):
    /// nothing of it is kept.
    func send() throws
    /// Waits until the block sent last is durable. Throws `SettleAgain` when it lost a race with
    /// another run: nothing of it is kept, nor of the block settled since.
    func confirm() throws
    /// Tells the settler what became of its blocks, for state it keeps in memory (`BlockEvent`).
    func blockEnded(_ event: BlockEvent)
    /// Called once after the last record: make everything durable. A run that never
    /// gets here (killed) leaves durable state as it was before the run.
    func finish() throws
}

/// What became of the blocks a settler settled (`Settler.blockEnded`).
package enum BlockEvent: Sendable {
    /// Every settler sent the block settled since the last event: keep what it changed apart.
    case sent
    /// The oldest block sent is durable: what it changed need never be undone.
    case kept
    /// No block since the last one kept is: undo what they changed (they are settled again).
    case dropped
}

/// What a settler changed in memory, in the order made, split at the block in flight: what
/// `BlockEvent`s keep and undo. (Settlers with a ledger keep nothing here: the store drops.)
package struct BlockUndoLog<Entry> {
    private var settling: [Entry] = [], inFlight: [Entry] = []

    package init() {}

    package mutating func append(_ entry: Entry) { settling.append(entry) }

    /// Follows `event`; on `.dropped`, hands every entry not kept to `undo`, the latest first.
    package mutating func blockEnded(_ event: BlockEvent, undo: (Entry) -> Void) {
        switch event {
        case .sent:
            inFlight += settling
            settling.removeAll(keepingCapacity: true)
        case .kept: inFlight.removeAll(keepingCapacity: true)
        case .dropped:
            for entry in (inFlight + settling).reversed() { undo(entry) }
            inFlight.removeAll(keepingCapacity: true)
            settling.removeAll(keepingCapacity: true)
        }
    }
}

/// A ledger's block lost a race with another run for a key (docs/LEDGER.md, "How exactly-once
/// holds on the server"): none of its claims was kept, and every settler has undone the block.
/// The caller settles the same records again (`Session.settlingAgain`); the ledger's next block
/// waits for the others and cannot lose.
package struct SettleAgain: Error, Sendable, CustomStringConvertible {
    /// The ledger's words for what happened, naming it (a run that keeps losing stops with them).
    public let message: String
    public var description: String { message }

    public init(_ message: String) { self.message = message }
}

extension Settler {
    public func send() throws {}
    public func confirm() throws {}
    public func prepare(_ results: [StageResult], next: [StageResult]?) {}
    public var prepares: Bool { false }
}

/// Settings of one run that stages may need.
package struct RunEnvironment: Sendable {
    /// Paths given on the command line that override a stage's own (`ledger`).
    public var overrides: [String: String]
    /// False for `sift test`: examples never touch durable state such as a ledger.
    public var useLedgers: Bool
    /// True when a verdict is seen as soon as it is settled (a host, results on standard
    /// output): claims in a ledger are then final when made. False when results are seen only
    /// once the run completes (files named at the end): claims stay provisional until then, so
    /// those of a run that never completes can be dropped.
    public var claimsAreFinal = true
    /// Ledgers that are not a SQLite file, by URL scheme (`postgresql`): what opens them. Set by
    /// the command line, or a host, that links such a backend (SiftLedgerPostgres).
    public var ledgerOpeners: [String: LedgerOpener] = [:]
    /// Objects the stages of one session share by key (one ledger per file). Each session
    /// gets its own.
    package var resources = SessionResources()

    public init(overrides: [String: String] = [:], useLedgers: Bool = true) {
        self.overrides = overrides
        self.useLedgers = useLedgers
    }
}

/// Objects shared by the stages of one session, made on first use.
package final class SessionResources: @unchecked Sendable {
    // Only touched while a session is being set up, on one thread; the lock is for safety.
    private var items: [String: AnyObject] = [:]
    private let lock = NSLock()

    public init() {}

    public func value<T: AnyObject>(for key: String, make: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if let existing = items[key] as? T { return existing }
        let made = try make()
        items[key] = made
        return made
    }
}

import Foundation
import SiftConfig

/// What a stage found in one record.
package struct StageResult: Sendable {
    public var violations: [Violation]
    /// Typed results for the verdict and the result line: `"receipt": {"creditable": [...]}`.
    public var output: [any StageOutput]
    /// Data the stage's settler needs; opaque to the core.
    public var pending: (any Sendable)?

    public init(violations: [Violation] = [], output: [any StageOutput] = [], pending: (any Sendable)? = nil) {
        self.violations = violations
        self.output = output
        self.pending = pending
    }
}

/// One rule a record breaks.
public struct Violation: Sendable {
    /// The field, reason, message and rule, encoded once and shared by every violation a
    /// check reports the same way: a violation is one reference and a value.
    package private(set) var text: ViolationText
    // The offending value: given as text, or kept as the input value and cut to an excerpt
    // only when it is read or written (most runs write it straight from the input bytes).
    private var valueText: String?
    package var valueSource: JSONValue?

    /// The concrete field path: `in_app[1].product_id`.
    public var field: String {
        get { text.field }
        set { text = ViolationText(field: newValue, reason: text.reason, message: text.message, rule: text.rule) }
    }

    /// A stable reason code: `phone.regex`, `receipt.replayed_transaction`.
    public var reason: ReasonCode {
        get { text.reason }
        set { text = ViolationText(field: text.field, reason: newValue, message: text.message, rule: text.rule) }
    }

    /// What is wrong, in every language.
    public var message: LocalizedText {
        get { text.message }
        set { text = ViolationText(field: text.field, reason: text.reason, message: newValue, rule: text.rule) }
    }

    /// Where the rule is written.
    public var rule: Mark? {
        get { text.rule }
        set { text = ViolationText(field: text.field, reason: text.reason, message: text.message, rule: newValue) }
    }

    /// A violation of the rule at `rule` by `field`, reported as `reason` with `message`; `value` is the offending value as text.
    public init(field: String, reason: ReasonCode, message: LocalizedText, value: String? = nil, rule: Mark? = nil) {
        self.text = ViolationText(field: field, reason: reason, message: message, rule: rule)
        self.valueText = value
        self.valueSource = nil
    }

    /// A violation whose value excerpt is taken from `valueOf` when needed.
    public init(field: String, reason: ReasonCode, message: LocalizedText, valueOf: JSONValue?, rule: Mark? = nil) {
        self.init(text: ViolationText(field: field, reason: reason, message: message, rule: rule), valueOf: valueOf)
    }

    /// A violation with words already encoded (the fields stage reuses them across records).
    package init(text: ViolationText, valueOf: JSONValue?) {
        self.text = text
        self.valueText = nil
        self.valueSource = valueOf
    }

    /// The offending value's JSON text, truncated.
    public var value: String? {
        get { valueText ?? Self.excerpt(valueSource) }
        set { valueText = newValue; valueSource = nil }
    }

    /// How many Unicode scalars of a value results show.
    public static let excerptLimit = 64

    /// The value as shown in results: a string's text, or another value's JSON text,
    /// cut to `limit` characters.
    public static func excerpt(_ value: JSONValue?, limit: Int = excerptLimit) -> String? {
        guard let value else { return nil }
        let text = value.string ?? value.rawText
        guard text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
    }
}
