import Foundation
import SiftJSON

/// A stable reason code: `phone.regex`, `receipt.replayed_transaction`, `input.malformed_json`.
///
/// Codes are interned: each distinct text is stored once for the life of the process, so a
/// code is one word, copies without reference counting, compares and hashes by identity, and
/// writes itself into result lines from bytes encoded once. Rule codes are interned when the
/// rules are compiled; the fixed codes of each family are static members (`ReasonCode.Input`).
/// A code never changes meaning (docs/OUTPUT.md lists them).
public struct ReasonCode: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible, Codable {
    // Entries are never freed (the table keeps them), so an unowned reference is safe.
    private unowned(unsafe) let entry: Interned

    /// The code for `text`, interned.
    public init(_ text: String) { entry = Interned.table.entry(text) }

    public init(stringLiteral text: String) { self.init(text) }

    /// The code's text, as in result lines.
    public var text: String { entry.text }
    public var description: String { entry.text }

    /// The code with a detail appended: `phone.regex` + `limit` is `phone.regex.limit`.
    public func appending(_ detail: String) -> ReasonCode { ReasonCode(entry.text + "." + detail) }

    /// True when this code is `family` itself or one of its details (`phone.regex.limit` is under `phone.regex`).
    public func isUnder(_ family: ReasonCode) -> Bool {
        self == family || entry.text.hasPrefix(family.text + ".")
    }

    /// The code's place in the order codes were first seen by the process: a small number,
    /// distinct for each code, for counting without hashing.
    package var ordinal: Int { entry.ordinal }

    /// The code as a quoted, escaped JSON string, encoded once.
    package var json: [UInt8] { entry.json }

    public static func == (a: ReasonCode, b: ReasonCode) -> Bool { a.entry === b.entry }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(entry)) }
    public static func < (a: ReasonCode, b: ReasonCode) -> Bool { a.entry.text < b.entry.text }

    /// Decodes a code from its text. Codes a process has not seen (not from its rules, plugins or
    /// earlier decodes) are interned too, but at most `decodedLimit` of them and each at most
    /// 200 bytes: verdicts from an untrusted source cannot grow the table without bound.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let entry = Interned.table.decodedEntry(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    text.utf8.count > 200
                    ? "a reason code is at most 200 bytes"
                    : "more than \(Self.decodedLimit) reason codes that no rule reports were decoded")
        }
        self.entry = entry
    }

    /// How many codes unknown to the process decoding may add.
    package static let decodedLimit = 10_000

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(entry.text)
    }

    /// One interned code.
    private final class Interned: Sendable {
        let text: String
        let json: [UInt8]
        let ordinal: Int

        init(_ text: String, ordinal: Int) {
            self.text = text
            self.ordinal = ordinal
            var w = JSONWriter()
            w.appendString(text)
            json = w.bytes
        }

        static let table = Table()

        /// Every code seen by the process. Codes come from rule files, plugins and (bounded)
        /// decoding, never from input records, so the table stays small.
        final class Table: @unchecked Sendable {
            private var entries: [String: Interned] = [:]
            private let lock = NSLock()

            func entry(_ text: String) -> Interned {
                lock.lock()
                defer { lock.unlock() }
                if let e = entries[text] { return e }
                let e = Interned(text, ordinal: entries.count)
                entries[text] = e
                return e
            }

            /// Codes added by decoding, counted against `decodedLimit`.
            private var decoded = 0

            /// The entry for a decoded code: an existing one, or a new one while under the limit.
            func decodedEntry(_ text: String) -> Interned? {
                lock.lock()
                defer { lock.unlock() }
                if let e = entries[text] { return e }
                guard text.utf8.count <= 200, decoded < ReasonCode.decodedLimit else { return nil }
                decoded += 1
                let e = Interned(text, ordinal: entries.count)
                entries[text] = e
                return e
            }
        }
    }
}

extension ReasonCode {
    /// Codes of records that could not be read.
    public enum Input: Sendable {
        /// The line is not valid JSON.
        public static let malformedJSON: ReasonCode = "input.malformed_json"
        /// The line is not valid UTF-8.
        public static let invalidUTF8: ReasonCode = "input.invalid_utf8"
        /// The JSON value is not an object.
        public static let notObject: ReasonCode = "input.not_object"
        /// The line is longer than the record size limit.
        public static let tooLarge: ReasonCode = "input.too_large"
        /// The record nests arrays and objects deeper than the limit (512 levels), valid JSON or not.
        public static let tooDeep: ReasonCode = "input.too_deep"
        /// An object of the record names the same key twice (with `--duplicate-keys reject`, the default).
        public static let duplicateKey: ReasonCode = "input.duplicate_key"
    }

    /// Codes about the record as a whole.
    public enum Record: Sendable {
        /// No pack's `applies_to:` selected the record.
        public static let noPack: ReasonCode = "record.no_pack"
        /// A host session could not make the record's claims durable (a ledger locked or
        /// unwritable): nothing of it was credited.
        public static let unsettled: ReasonCode = "record.unsettled"
        /// `record: {exactly_one_of: [...]}`: none, or more than one, of the fields is given.
        public static let exactlyOneOf: ReasonCode = "record.exactly_one_of"
        /// `record: {at_least_one_of: [...]}`: none of the fields is given.
        public static let atLeastOneOf: ReasonCode = "record.at_least_one_of"
        /// `record: {at_most_one_of: [...]}`: more than one of the fields is given.
        public static let atMostOneOf: ReasonCode = "record.at_most_one_of"
        /// `record: {requires: {a: [b]}}`: `a` is given and `b` (the violation's field) is not.
        public static let requires: ReasonCode = "record.requires"
        /// `record: {fields: closed}`: the record has a key (the violation's field) the pack does not name.
        public static let unknownField: ReasonCode = "record.unknown_field"
    }
}
