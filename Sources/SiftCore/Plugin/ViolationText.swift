import Foundation
import SiftJSON
import SiftMessages
import SiftConfig

/// The words of a violation (field, reason, message, rule) with their result-line JSON
/// encoded once, in both languages. A check that fails the same way on many records hands
/// out the same `ViolationText`, so a violation costs one reference and writing it costs a
/// copy of bytes.
package final class ViolationText: @unchecked Sendable {  // immutable; `bytes` is freed in deinit
    package let field: String
    package let reason: ReasonCode
    package let message: LocalizedText
    package let rule: Mark?
    /// The encoded parts as plain memory, so that writing them counts no references: the English
    /// head `{"field":…,"reason":…,"message":…`, the same with the Chinese message, and the tail
    /// `,"rule":"file:line:col"}` (`}` without a rule).
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let headENEnd: Int
    private let headZHEnd: Int

    package init(field: String, reason: ReasonCode, message: LocalizedText, rule: Mark?) {
        self.field = field
        self.reason = reason
        self.message = message
        self.rule = rule
        var w = JSONWriter()
        w.appendFragment("{\"field\":")
        w.appendString(field)
        w.appendFragment(",\"reason\":")
        w.appendReason(reason)
        w.appendFragment(",\"message\":")
        let common = w.count
        w.appendString(message.en)
        let headEN = w.bytes
        w.truncate(to: common)
        w.appendString(message.zh)
        let headZH = w.bytes
        w.reset()
        if let rule {
            w.appendFragment(",\"rule\":")
            w.appendMark(rule)
        }
        w.appendFragment("}")
        let all = headEN + headZH + w.bytes
        bytes = .allocate(capacity: all.count)
        _ = bytes.initialize(from: all)
        headENEnd = headEN.count
        headZHEnd = headEN.count + headZH.count
    }

    deinit { bytes.deallocate() }

    /// The words of `failure` of `field`.
    convenience init(field: String, _ failure: Failure) {
        self.init(field: field, reason: failure.reason, message: failure.message, rule: failure.rule)
    }

    /// Appends the head for `language`.
    @inline(__always) func appendHead(_ language: Language, to w: inout JSONWriter) {
        w.appendBytes(UnsafeBufferPointer(rebasing: language == .zh ? bytes[headENEnd..<headZHEnd] : bytes[..<headENEnd]))
    }

    /// Appends the tail.
    @inline(__always) func appendTail(to w: inout JSONWriter) { w.appendBytes(UnsafeBufferPointer(rebasing: bytes[headZHEnd...])) }

    /// True when this text says exactly this.
    @inline(__always) func says(field: String, _ failure: Failure) -> Bool {
        reason == failure.reason && message == failure.message && rule == failure.rule && self.field == field
    }
}

/// One worker's `ViolationText`s: at each place a rule can fail (a "site"), the last few
/// made there, so records that fail alike share words without a lock. A site that fails in
/// more ways than it keeps (a mismatch, then a wrong type, then a mismatch...) finds the
/// earlier words again instead of making new ones. The table covers the sites of one
/// pipeline and never grows.
package final class ViolationTexts: @unchecked Sendable {
    /// The words kept at one site, newest replacing the oldest.
    private struct Site {
        static let ways = 8
        var kept: [ViolationText] = []
        var next = 0
    }

    private let first: Int
    /// Words found by the identity of a fixed rejection (`Rejection.fixed`) at a site, for
    /// fields whose path has no positions: an index over the kept words, `fixedWays` per site,
    /// unretained (`owned` keeps them), filled in order and never replaced. A site that fails
    /// in more fixed ways finds the others by their words, as before.
    private let fixed: UnsafeMutableBufferPointer<FixedSlot>
    private var owned: [ViolationText] = []
    private static let fixedWays = 4

    private struct FixedSlot {
        var key: UnsafeRawPointer?
        var text: Unmanaged<ViolationText>?
    }
    /// Plain memory, not an array property: the table belongs to one worker, and an array
    /// property of a class would be checked for exclusive access on every failure.
    private let sites: UnsafeMutableBufferPointer<Site>

    /// A table for the sites in `range` (`Pipeline.siteRange`); others get new words each time.
    package init(sites range: Range<Int> = 0..<0) {
        first = range.lowerBound
        sites = .allocate(capacity: range.count)
        sites.initialize(repeating: Site())
        fixed = .allocate(capacity: range.count * Self.fixedWays)
        fixed.initialize(repeating: FixedSlot())
    }

    deinit {
        _ = sites.deinitialize()
        sites.deallocate()
        fixed.deallocate()
    }

    /// The words kept for fixed rejection `key` at `site`, found without reading any text or
    /// counting references; nil when there are none yet.
    @inline(__always)
    func text(site: Int, key: UnsafeRawPointer) -> ViolationText? {
        let k = site - first
        guard k >= 0, k < sites.count else { return nil }
        for slot in fixed[(k * Self.fixedWays)..<((k + 1) * Self.fixedWays)] where slot.key == key {
            return slot.text!.takeUnretainedValue()
        }
        return nil
    }

    /// The words for fixed rejection `key` at `site`: the kept ones, or the words of the
    /// failure `make` builds, found or made as `text(site:field:_:)` does and then kept under
    /// `key` while the site has room.
    @inline(__always)
    func text(site: Int, key: UnsafeRawPointer, field: () -> String, _ make: () -> Failure) -> ViolationText {
        if let kept = text(site: site, key: key) { return kept }
        let t = text(site: site, field: field(), make())
        let k = site - first
        guard k >= 0, k < sites.count else { return t }
        for w in (k * Self.fixedWays)..<((k + 1) * Self.fixedWays) where fixed[w].key == nil {
            owned.append(t)
            fixed[w] = FixedSlot(key: key, text: .passUnretained(t))
            break
        }
        return t
    }

    /// The words for counted rejection `key` naming `count` at `site`: the kept ones, or the
    /// words of the failure `make` builds, then kept (up to `maxCounted` in all, so that a
    /// run of ever new numbers costs a bounded table).
    func text(site: Int, key: UnsafeRawPointer, count: Int, field: () -> String, _ make: () -> Failure) -> ViolationText {
        let id = CountedKey(site: site, key: key, count: count)
        if let kept = counted[id] { return kept }
        let t = text(site: site, field: field(), make())
        if counted.count < Self.maxCounted { counted[id] = t }
        return t
    }

    private struct CountedKey: Hashable {
        let site: Int
        let key: UnsafeRawPointer
        let count: Int
    }
    private var counted: [CountedKey: ViolationText] = [:]
    /// The most words kept for counted rejections, per worker.
    static let maxCounted = 4_096

    /// The text for `failure` of `field` at `site`: a kept one when it says the same.
    func text(site: Int, field: String, _ failure: Failure) -> ViolationText {
        let k = site - first
        guard k >= 0, k < sites.count else { return ViolationText(field: field, failure) }
        for t in sites[k].kept where t.says(field: field, failure) { return t }
        let t = ViolationText(field: field, failure)
        if sites[k].kept.count < Site.ways {
            sites[k].kept.append(t)
        } else {
            sites[k].kept[sites[k].next] = t
            sites[k].next = (sites[k].next + 1) % Site.ways
        }
        return t
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var next = 0

    /// Reserves `count` site numbers, unique in the process (taken when rules compile).
    static func reserveSites(_ count: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let first = next
        next += count
        return first
    }
}
