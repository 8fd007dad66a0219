/// A deterministic automaton over UTF-8 bytes that tells whether a whole text matches a
/// pattern of the ``RegexTree`` subset: one table step per byte, no backtracking, so no
/// match limit is needed and a pattern such as `(a+)+$` answers in linear time.
///
/// Built by Thompson's construction (an NFA whose edges are byte ranges) and the subset
/// construction, over byte classes (bytes that no edge tells apart share a column).
/// `build` gives up (nil) past ``maxStates`` or the table and work bounds, and the pattern
/// is left to PCRE2.
package final class ByteDFA: @unchecked Sendable {
    // Immutable after init. Table entries and column offsets are byte offsets into `table`, so
    // that one step is a single load from (column's base + state): nothing but that load lies
    // on the chain from one byte's state to the next.
    /// Byte to column offset (column × 4).
    private let columnOffset: UnsafeMutablePointer<UInt32>
    /// Row-major transitions; an entry is the next state's byte offset (state × columns × 4).
    private let table: UnsafeMutableRawPointer
    /// Indexed by a state's byte offset ÷ 4; 1 where the state accepts.
    private let accepting: UnsafeMutablePointer<UInt8>
    private let startRow: UInt32

    /// The largest automaton built; a pattern needing more states is left to PCRE2.
    package static let maxStates = 2_000
    /// At most this many table entries (states × byte classes, 4 bytes each: 1 MiB).
    static let maxTableEntries = 1 << 18
    /// A bound on the work of building one automaton (NFA states visited in all), so that a
    /// pathological pattern costs little at load before it is left to PCRE2.
    static let maxBuildWork = 20_000_000

    private init(classOf: [UInt8], columns: Int, rows: [[Int32]], accepting accepts: [Bool], start: Int) {
        let rowBytes = columns * 4
        columnOffset = .allocate(capacity: 256)
        for b in 0..<256 { columnOffset[b] = UInt32(classOf[b]) * 4 }
        table = .allocate(byteCount: rows.count * rowBytes, alignment: 4)
        accepting = .allocate(capacity: rows.count * columns)
        accepting.initialize(repeating: 0, count: rows.count * columns)
        for (state, row) in rows.enumerated() {
            for (column, next) in row.enumerated() {
                table.storeBytes(of: UInt32(Int(next) * rowBytes), toByteOffset: state * rowBytes + column * 4, as: UInt32.self)
            }
            accepting[state * columns] = accepts[state] ? 1 : 0
        }
        startRow = UInt32(start * rowBytes)
    }

    deinit {
        columnOffset.deallocate()
        table.deallocate()
        accepting.deallocate()
    }

    /// True when all of `bytes` (valid UTF-8) is in the pattern's language.
    @inline(__always)
    package func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var row = startRow
        var i = 0
        while i < bytes.count {
            // The dead state leads only to itself: it is looked for once per 16 bytes, not per byte.
            let end = Swift.min(i &+ 16, bytes.count)
            while i < end {
                let column = UnsafeRawPointer(table) + Int(columnOffset[Int(bytes[i])])
                row = column.load(fromByteOffset: Int(row), as: UInt32.self)
                i &+= 1
            }
            if row == 0 { return false }
        }
        return accepting[Int(row) >> 2] != 0
    }

    /// The automaton for a whole-text match of `pattern`, or nil when the pattern is outside
    /// the subset or its automaton would pass one of the bounds above.
    package static func build(_ pattern: String) -> ByteDFA? {
        guard let tree = RegexTree.parse(pattern) else { return nil }
        var nfa = ByteNFA()
        let start = nfa.addState()
        guard let end = nfa.add(tree, from: start) else { return nil }
        return determinize(nfa, start: start, accept: end)
    }

    private static func determinize(_ nfa: ByteNFA, start: Int32, accept: Int32) -> ByteDFA? {
        let (classOf, columns) = nfa.byteClasses()
        var index: [[Int32]: Int32] = [[]: 0]
        var sets: [[Int32]] = [[]]
        var rows: [[Int32]] = []
        var walk = ClosureWalk(stateCount: nfa.edges.count)
        let first = walk.closure(of: [start], in: nfa)
        index[first] = 1
        sets.append(first)
        var next = 0
        var work = 0
        var moves = [[Int32]](repeating: [], count: columns)
        while next < sets.count {
            work += sets[next].count * columns
            guard work <= maxBuildWork, sets.count * columns <= maxTableEntries else { return nil }
            var row = [Int32](repeating: 0, count: columns)
            nfa.moves(from: sets[next], classOf: classOf, into: &moves)
            for column in 0..<columns where !moves[column].isEmpty {
                let target = walk.closure(of: moves[column], in: nfa)
                if let known = index[target] {
                    row[column] = known
                } else {
                    guard sets.count < maxStates else { return nil }
                    index[target] = Int32(sets.count)
                    row[column] = Int32(sets.count)
                    sets.append(target)
                }
            }
            rows.append(row)
            next += 1
        }
        return ByteDFA(classOf: classOf, columns: columns, rows: rows, accepting: sets.map { $0.contains(accept) }, start: 1)
    }
}

/// Empty-edge closures, with a visit mark per NFA state reused from one closure to the next.
private struct ClosureWalk {
    var mark: [UInt32]
    var generation: UInt32 = 0
    var stack: [Int32] = []

    init(stateCount: Int) { mark = [UInt32](repeating: 0, count: stateCount) }

    /// The states reachable from `states` by empty edges (sorted, no duplicates).
    mutating func closure(of states: [Int32], in nfa: ByteNFA) -> [Int32] {
        generation += 1
        var out: [Int32] = []
        stack.removeAll(keepingCapacity: true)
        for s in states where mark[Int(s)] != generation {
            mark[Int(s)] = generation
            stack.append(s)
        }
        while let s = stack.popLast() {
            out.append(s)
            for t in nfa.empty[Int(s)] where mark[Int(t)] != generation {
                mark[Int(t)] = generation
                stack.append(t)
            }
        }
        out.sort()
        return out
    }
}

/// A Thompson NFA whose edges are byte ranges, with empty (ε) edges between them.
private struct ByteNFA {
    var edges: [[(low: UInt8, high: UInt8, to: Int32)]] = []
    var empty: [[Int32]] = []
    /// Each set's UTF-8 sequences, worked out once however often the set repeats.
    private var sequences: [[ClosedRange<UInt32>]: [[ClosedRange<UInt8>]]] = [:]

    /// The largest NFA built (its size grows with counted repetitions).
    static let maxStates = 100_000

    mutating func addState() -> Int32 {
        edges.append([])
        empty.append([])
        return Int32(edges.count - 1)
    }

    /// Adds `tree`'s states, entered from `from`; returns the state where it ends, or nil past the size limit.
    mutating func add(_ tree: RegexTree, from: Int32) -> Int32? {
        guard edges.count < Self.maxStates else { return nil }
        switch tree {
        case .set(let ranges):
            let end = addState()
            let all = sequences[ranges] ?? ranges.flatMap(UTF8Sequences.of)
            sequences[ranges] = all
            for sequence in all {
                var state = from
                for (k, bytes) in sequence.enumerated() {
                    let to = k == sequence.count - 1 ? end : addState()
                    edges[Int(state)].append((bytes.lowerBound, bytes.upperBound, to))
                    state = to
                }
            }
            return end
        case .concat(let items):
            var state = from
            for item in items {
                guard let end = add(item, from: state) else { return nil }
                state = end
            }
            return state
        case .alternation(let branches):
            let end = addState()
            for branch in branches {
                let entry = addState()
                empty[Int(from)].append(entry)
                guard let exit = add(branch, from: entry) else { return nil }
                empty[Int(exit)].append(end)
            }
            return end
        case .repetition(let item, let min, let max):
            return addRepetition(item, min: min, max: max, from: from)
        }
    }

    private mutating func addRepetition(_ item: RegexTree, min: Int, max: Int?, from: Int32) -> Int32? {
        var state = from
        for _ in 0..<min {
            guard let end = add(item, from: state) else { return nil }
            state = end
        }
        guard let max else {
            // Star: a loop through a fresh state (so an item that matches empty cannot skip back).
            let loop = addState()
            empty[Int(state)].append(loop)
            let entry = addState()
            empty[Int(loop)].append(entry)
            guard let exit = add(item, from: entry) else { return nil }
            empty[Int(exit)].append(loop)
            return loop
        }
        let end = addState()
        for _ in min..<max {
            empty[Int(state)].append(end)
            guard let exit = add(item, from: state) else { return nil }
            state = exit
        }
        empty[Int(state)].append(end)
        return end
    }

    /// For each byte class, the states one byte of that class away from `states`.
    func moves(from states: [Int32], classOf: [UInt8], into moves: inout [[Int32]]) {
        for column in moves.indices { moves[column].removeAll(keepingCapacity: true) }
        for s in states {
            for e in edges[Int(s)] {
                for column in Int(classOf[Int(e.low)])...Int(classOf[Int(e.high)]) { moves[column].append(e.to) }
            }
        }
    }

    /// Bytes that no edge tells apart share a class: each byte's class, and how many classes.
    func byteClasses() -> (classOf: [UInt8], count: Int) {
        var boundary = [Bool](repeating: false, count: 257)
        for list in edges {
            for e in list {
                boundary[Int(e.low)] = true
                boundary[Int(e.high) + 1] = true
            }
        }
        var classOf = [UInt8](repeating: 0, count: 256)
        var count = 1
        for b in 1..<256 {
            if boundary[b] { count += 1 }
            classOf[b] = UInt8(count - 1)
        }
        return (classOf, count)
    }
}
