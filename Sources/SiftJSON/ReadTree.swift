/// The parts of a record that a compiled pipeline reads, as a tree of keys: the parser puts
/// everything else on the tape as one entry, validated but not recorded inside
/// (docs/PERFORMANCE.md, "Skipping what no rule reads").
///
/// Made from every field path the rules name: a path's last step and everything below it are
/// read in full (a check on a field may look at all of its value), and so is an array whose
/// elements a path does not name. Inside a read object, a member whose key no path names
/// there and whose value is an object or an array is skipped. Scalars are always recorded: they
/// cost one entry, and skipping them would cost a key lookup each.
package final class ReadTree: @unchecked Sendable, Equatable {  // immutable; its memory is freed in deinit
    /// The paths it was made from.
    package let paths: [FieldPath]
    /// Node `n` has keys `firstKey[n] ..< firstKey[n + 1]`; key `k` is `keyBytes[keyStart[k] ..<
    /// keyStart[k + 1]]` and leads to node `child[k]`. `elements[n]`: the node of the elements
    /// of an array at `n`. Plain memory, read by the parser without reference counts.
    private let firstKey: UnsafeMutablePointer<Int32>
    private let elements: UnsafeMutablePointer<Int32>
    private let keyStart: UnsafeMutablePointer<Int32>
    private let keyBytes: UnsafeMutablePointer<UInt8>
    private let child: UnsafeMutablePointer<Int32>
    /// Node `n`'s keys by hash (`hash(_:_:_:)`): slots `tableStart[n] ... tableStart[n] + mask[n]`
    /// hold a key's number + 1 (0: empty), probed one after the other.
    private let tableStart: UnsafeMutablePointer<Int32>
    private let mask: UnsafeMutablePointer<Int32>
    private let table: UnsafeMutablePointer<Int32>
    /// True when nothing is skipped: the record itself is read in full.
    package let readsEverything: Bool

    /// A node whose value is read in full.
    package static let whole: Int32 = -1
    /// The record's own node.
    package static let root: Int32 = 0

    /// The tree that reads `paths` (each in full below its last step).
    package init(_ paths: [FieldPath]) {
        self.paths = paths
        // Breadth-first, so that every node has its number before keys point to it.
        // A node where a path ends is read in full: it gets no number, and nothing below it does.
        let top = PathTrie(paths)
        var order: [PathTrie] = top.isEnd ? [] : [top]
        var number: [ObjectIdentifier: Int32] = [:]
        var i = 0
        while i < order.count {
            number[ObjectIdentifier(order[i])] = Int32(i)
            for c in order[i].children + (order[i].elements.map { [$0] } ?? []) where !c.isEnd { order.append(c) }
            i += 1
        }
        var layout = Layout()
        for d in order {
            let children = d.children.map { number[ObjectIdentifier($0)] ?? Self.whole }
            layout.add(d.keys, children, elements: d.elements.flatMap { number[ObjectIdentifier($0)] } ?? Self.whole)
        }
        readsEverything = order.isEmpty
        func copy<T>(_ a: [T]) -> UnsafeMutablePointer<T> {
            let m = UnsafeMutablePointer<T>.allocate(capacity: max(a.count, 1))
            m.initialize(from: a, count: a.count)
            return m
        }
        firstKey = copy(layout.firstKey)
        elements = copy(layout.elements)
        keyStart = copy(layout.keyStart)
        keyBytes = copy(layout.keyBytes)
        child = copy(layout.child)
        tableStart = copy(layout.tableStart)
        mask = copy(layout.mask)
        table = copy(layout.table)
    }

    /// The flat arrays, filled node by node.
    private struct Layout {
        var firstKey: [Int32] = [0], elements: [Int32] = [], keyStart: [Int32] = [0], keyBytes: [UInt8] = [], child: [Int32] = []
        var tableStart: [Int32] = [], mask: [Int32] = [], table: [Int32] = []

        mutating func add(_ keys: [[UInt8]], _ children: [Int32], elements node: Int32) {
            var size = 2
            while size < 2 * keys.count { size *= 2 }
            tableStart.append(Int32(table.count))
            mask.append(Int32(size - 1))
            let slots = table.count
            table += repeatElement(0, count: size)
            for (k, c) in zip(keys, children) {
                var h = k.withUnsafeBufferPointer { ReadTree.hash($0.baseAddress, 0, k.count) } & (size - 1)
                while table[slots + h] != 0 { h = (h + 1) & (size - 1) }
                table[slots + h] = Int32(child.count + 1)
                keyBytes += k
                keyStart.append(Int32(keyBytes.count))
                child.append(c)
            }
            firstKey.append(Int32(child.count))
            elements.append(node)
        }
    }

    deinit {
        firstKey.deallocate()
        elements.deallocate()
        keyStart.deallocate()
        keyBytes.deallocate()
        child.deallocate()
        tableStart.deallocate()
        mask.deallocate()
        table.deallocate()
    }

    /// A key's hash, from its length and its first and last bytes (`count` bytes at `start`).
    @inline(__always)
    fileprivate static func hash(_ base: UnsafePointer<UInt8>?, _ start: Int, _ count: Int) -> Int {
        guard count > 0, let base else { return 0 }
        return (count &* 31 &+ Int(base[start])) &* 31 &+ Int(base[start &+ count &- 1])
    }

    package static func == (a: ReadTree, b: ReadTree) -> Bool { a.paths == b.paths }

    /// The tree that also reads `path` (a run's `--key`).
    package func adding(_ path: FieldPath) -> ReadTree { ReadTree(paths + [path]) }

    /// The node of the elements of an array at `node` (`whole` when no path names them).
    @inline(__always) package func elements(of node: Int32) -> Int32 { elements[Int(node)] }

    /// True when an object at `node` has its members looked up (a node that names no key reads
    /// an object in full).
    @inline(__always) package func namesKeys(_ node: Int32) -> Bool { firstKey[Int(node) &+ 1] > firstKey[Int(node)] }

    /// The child of `node` for the key `b[start..<end]` (plain, without escapes), or nil when no
    /// path names it there.
    @inline(__always)
    package func child(of node: Int32, key b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int32? {
        let n = end &- start
        let m = Int(mask[Int(node)])
        let slots = table + Int(tableStart[Int(node)])
        var h = Self.hash(b.baseAddress, start, n) & m
        while true {
            let k = Int(slots[h]) &- 1
            if k < 0 { return nil }
            let s = Int(keyStart[k])
            if Int(keyStart[k &+ 1]) &- s == n, n == 0 || bytesEqual(keyBytes + s, b.baseAddress.unsafelyUnwrapped + start, count: n) {
                return child[k]
            }
            h = (h &+ 1) & m
        }
    }
}

/// Collects the field paths made while rules are compiled, for the pipeline's `ReadTree`.
/// Every `FieldPath` made inside `recording` is seen, so a stage cannot read a field the
/// tree leaves out by forgetting to declare it; compiling anything that may read a record
/// beyond field paths (a plugin stage, a check that reads `context.record`, a closed record)
/// calls `readsEverything()`.
package final class ReadRecorder: @unchecked Sendable {  // used by one compile, on its thread
    package private(set) var paths: [FieldPath] = []
    package private(set) var everything = false

    @TaskLocal static var current: ReadRecorder?

    /// Runs `body` with a recorder; returns its result and the tree (nil: the record is read in full).
    package static func recording<R>(_ body: () throws -> R) rethrows -> (R, ReadTree?) {
        let recorder = ReadRecorder()
        let result = try $current.withValue(recorder) { try body() }
        return (result, recorder.everything ? nil : ReadTree(recorder.paths))
    }

    package static func add(_ path: FieldPath) { current?.paths.append(path) }

    /// Whatever is being compiled may read any part of a record.
    package static func readsEverything() { current?.everything = true }

    /// Runs `body` without recording the paths it makes: parts of a path already recorded (a
    /// `[*]` path's array and element steps, which alone would read from the record's top).
    package static func unrecorded<R>(_ body: () throws -> R) rethrows -> R { try $current.withValue(nil) { try body() } }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
