import SiftMessages

/// Where the record being settled came from, for settlers whose messages name an earlier record
/// ("the same as on line 3"). The batch runner says each record's file and line (and element,
/// in a JSON array); a host's records are counted from 1. One per session, read and written on
/// the session's thread only; settlers get it from the session's resources.
package final class RecordPosition: @unchecked Sendable {
    package static let resourceKey = "record.position"

    /// The input's name, nil for a host's records.
    package private(set) var source: String?
    /// The 1-based line of the record in `source`.
    package private(set) var line = 0
    /// The record's position in a JSON array input, from 0.
    package private(set) var element: Int?
    /// Records settled in the session so far, this one included.
    package private(set) var ordinal = 0
    /// The names of the inputs seen, so that a remembered place costs 8 bytes (`packed`).
    private var sources: [String] = []
    private var sourceNumbers: [String: Int] = [:]

    package init() {}

    /// The batch runner's next record: `line` of `source` (element `element` of its array).
    package func at(source: String, line: Int, element: Int? = nil) {
        if self.source != source {
            self.source = source
            if sourceNumbers[source] == nil {
                sourceNumbers[source] = sources.count
                sources.append(source)
            }
        }
        self.line = line
        self.element = element
    }

    /// Counts a record settled (the session calls it).
    func advance() { ordinal += 1 }

    /// Back to `ordinal`: the records counted since were not kept (their block is settled again).
    func rewind(to ordinal: Int) { self.ordinal = ordinal }

    /// The current place in 8 bytes: a flag for "element", the input's number, and the line,
    /// element or ordinal.
    package var packed: UInt64 {
        guard let source, let n = sourceNumbers[source] else { return UInt64(ordinal) & Self.numberMask }
        let flag: UInt64 = element == nil ? 1 << 62 : 3 << 62
        return flag | (UInt64(n) & 0x3FFFF) << 44 | UInt64(element ?? line) & Self.numberMask
    }

    private static let numberMask: UInt64 = (1 << 44) - 1

    /// The current place as a ledger note: `line 3 a.jsonl`, `element 2 b.json`, `record 3`
    /// (`describeNote` puts it into words).
    package var note: String {
        guard let source else { return "record \(ordinal)" }
        return element.map { "element \($0) \(source)" } ?? "line \(line) \(source)"
    }

    /// A place `note` made, in words: "line 3 of a.jsonl".
    package static func describeNote(_ note: String) -> Message {
        let parts = note.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count >= 2 else { return .verbatim(note) }
        switch (parts[0], parts.count == 3 ? parts[2] : nil) {
        case ("line", let source?): return CoreMessages.atLineOf(["n": parts[1], "source": source])
        case ("element", let source?): return CoreMessages.atElementOf(["n": parts[1], "source": source])
        case ("record", _): return CoreMessages.atRecord(["n": parts[1]])
        default: return .verbatim(note)
        }
    }

    /// A place `packed` made, in words, seen from the current record: "line 3", "line 3 of
    /// a.jsonl", "element 2 of a.json", "record 3".
    package func describe(_ packed: UInt64) -> Message {
        let number = Int(packed & Self.numberMask)
        guard packed >> 62 != 0 else { return CoreMessages.atRecord(["n": "\(number)"]) }
        let isElement = packed >> 63 == 1
        let n = Int((packed >> 44) & 0x3FFFF)
        let name = n < sources.count ? sources[n] : "?"
        let here = name == source
        switch (isElement, here) {
        case (false, true): return CoreMessages.atLine(["n": "\(number)"])
        case (false, false): return CoreMessages.atLineOf(["n": "\(number)", "source": name])
        case (true, true): return CoreMessages.atElement(["n": "\(number)"])
        case (true, false): return CoreMessages.atElementOf(["n": "\(number)", "source": name])
        }
    }
}
