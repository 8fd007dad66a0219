/// A field path without `[*]`, laid out as plain memory: keys as raw bytes, positions as
/// numbers. Finding a record's value through it takes no reference counts, which matters on
/// the hot path (one lookup per rule per record). Immutable; its owner frees it once.
struct PathProbe: @unchecked Sendable {
    private struct Step {
        /// A key's bytes are `keys[start..<start + count]`; an array position is `count`.
        var isKey: Bool
        var start: Int
        var count: Int
    }

    private let steps: UnsafeMutableBufferPointer<Step>
    private let keys: UnsafeMutableBufferPointer<UInt8>

    /// Nil for a path with `[*]`: those are resolved to every match instead.
    init?(_ path: FieldPath) {
        guard !path.hasWildcard else { return nil }
        steps = .allocate(capacity: path.components.count)
        keys = .allocate(capacity: max(1, path.keyBytes.reduce(0) { $0 + $1.count }))
        var at = 0
        for (n, component) in path.components.enumerated() {
            switch component {
            case .key:
                let k = path.keyBytes[n]
                _ = UnsafeMutableBufferPointer(rebasing: keys[at..<(at + k.count)]).initialize(from: k)
                steps[n] = Step(isKey: true, start: at, count: k.count)
                at += k.count
            case .index(let i):
                steps[n] = Step(isKey: false, start: 0, count: i)
            case .wildcard:
                preconditionFailure("checked above")
            }
        }
    }

    /// Frees the memory; the owner calls it once, when no lookup can run any more.
    func deallocate() {
        steps.deallocate()
        keys.deallocate()
    }

    /// The value at the path, or nil when a step is missing or of the wrong kind.
    @inline(__always)
    func find(in root: JSONValue) -> JSONValue? {
        let doc = root.document
        var at = root.index
        for step in steps {
            let next =
                step.isKey
                ? JSONValue.memberIndex(doc, at, UnsafeBufferPointer(rebasing: keys[step.start..<(step.start + step.count)]))
                : JSONValue.elementIndex(doc, at, step.count)
            guard let next else { return nil }
            at = next
        }
        return JSONValue(document: doc, index: at)
    }
}
