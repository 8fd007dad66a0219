import SiftJSON
import SiftMessages

/// A field's checks compiled into one flat list of instructions, run with a `switch` over
/// plain memory instead of a call through `CheckNode` for each composition node (`all`,
/// `any`, `not`, `when`, named validators and their relabelling): the tree is walked once,
/// when the rules load. The program asks the plugins' checks exactly what the tree's
/// `evaluate` and `passes` ask, in the same order, so it reports the same failures with the
/// same calls; a passing value builds nothing. The nodes stay the source of explanations,
/// reason codes and the words of a failure.
struct CheckProgram: @unchecked Sendable {  // immutable; its owner frees it once
    private enum Op: UInt8 {
        /// A plugin's check (`plugin`).
        case plugin
        /// Every node of the subtree that follows passes; the first failure is reported.
        case all
        /// One node of the subtree that follows passes (`nodes[info]`: an `AnyNode`).
        case any
        /// The node that follows fails (`nodes[info]`: a `NotNode`).
        case not
        /// The condition that follows holds on `subject` (or the value) and the next node
        /// passes; or it does not hold and the node after that (`hasElse`) passes.
        case when
        /// The node that follows, reported in the use site's words (`nodes[info]`: a `RelabelNode`).
        case relabel
        /// A node of a kind the program does not know, asked through `CheckNode` (`nodes[info]`).
        case node
    }

    private struct Instruction {
        var op: Op
        var hasElse = false
        /// The index after this node's subtree.
        var end: Int32 = 0
        /// The node (`nodes[info]`); for a plugin's check, its number among the program's plugins.
        var info: Int32 = 0
        var plugin: Unmanaged<PluginCheckNode>?
        var subject: Unmanaged<Condition.Subject>?
    }

    private let code: UnsafeMutableBufferPointer<Instruction>
    /// Where each of the field's checks starts.
    private let roots: UnsafeMutableBufferPointer<Int32>
    /// The nodes whose words a failure needs (read on the failure path only).
    private let nodes: [any CheckNode]
    /// How many plugins' checks `outcome` can report a rejection of (each its own violation site):
    /// those under `all`, `when`'s branches and relabelling, not under `any`, `not` or a condition.
    let pluginCount: Int

    /// The program of `checks`, which must outlive it (it holds their plugins unretained).
    init(_ checks: [any CheckNode]) {
        var code: [Instruction] = [], nodes: [any CheckNode] = []
        roots = .allocate(capacity: max(1, checks.count))
        for (n, check) in checks.enumerated() {
            roots[n] = Int32(code.count)
            Self.emit(check, reachable: true, into: &code, &nodes)
        }
        var plugins: Int32 = 0
        for pc in code.indices where code[pc].op == .plugin && code[pc].info == 0 {
            code[pc].info = plugins
            plugins += 1
        }
        pluginCount = Int(plugins)
        self.code = .allocate(capacity: max(1, code.count))
        _ = self.code.initialize(from: code)
        self.nodes = nodes
    }

    func deallocate() {
        code.deallocate()
        roots.deallocate()
    }

    /// Emits `node`; `reachable`: `outcome` can pass up its plugins' rejections (under `all`,
    /// `when`'s branches and relabelling only), so each of them gets a number and a site.
    private static func emit(
        _ node: any CheckNode, reachable: Bool, into code: inout [Instruction], _ nodes: inout [any CheckNode]
    ) {
        let at = code.count
        var info: Int32 {
            nodes.append(node)
            return Int32(nodes.count - 1)
        }
        switch node {
        case let n as NamedNode: return emit(n.child, reachable: reachable, into: &code, &nodes)  // the same checks, explained by name
        case let n as PluginCheckNode:
            code.append(Instruction(op: .plugin, info: reachable ? 0 : -1, plugin: .passUnretained(n)))  // numbered in init
        case let n as AllNode:
            code.append(Instruction(op: .all))
            for child in n.children { emit(child, reachable: reachable, into: &code, &nodes) }
        case let n as AnyNode:
            code.append(Instruction(op: .any, info: info))
            for child in n.children { emit(child, reachable: false, into: &code, &nodes) }
        case let n as NotNode:
            code.append(Instruction(op: .not, info: info))
            emit(n.child, reachable: false, into: &code, &nodes)
        case let n as RelabelNode:
            code.append(Instruction(op: .relabel, info: info))
            emit(n.child, reachable: reachable, into: &code, &nodes)
        case let n as WhenNode where n.condition.check != nil:  // a presence condition runs as a node
            code.append(
                Instruction(op: .when, hasElse: n.otherwise != nil, subject: n.condition.subject.map { .passUnretained($0) }))
            emit(n.condition.check!, reachable: false, into: &code, &nodes)
            emit(n.then, reachable: reachable, into: &code, &nodes)
            if let otherwise = n.otherwise { emit(otherwise, reachable: reachable, into: &code, &nodes) }
        default:
            code.append(Instruction(op: .node, info: info))
        }
        code[at].end = Int32(code.count)
    }

    /// What check `n` of the field found on `value` (what `CheckNode.evaluate` reports), with a
    /// plugin's rejection passed up as it is (through `all`, `when` and relabelling), so that its
    /// words can be the ones kept for it: a composition's failure then builds no text either.
    @inline(__always)
    func outcome(check n: Int, _ value: JSONValue, _ context: EvaluationContext) -> Outcome {
        outcome(Int(roots[n]), value, context)
    }

    /// Passed; rejected by the plugin's check at `plugin` (`failure(_:at:)` makes its words); or
    /// a failure already made (`any`, `not`, other nodes).
    enum Outcome {
        case passed
        case rejected(Rejection, plugin: Int32)
        case failed(Failure)
    }

    /// The number among the program's plugins of the plugin's check at `pc` (its violation site).
    func ordinal(_ pc: Int32) -> Int { Int(code[Int(pc)].info) }

    /// The failure the tree reports for rejection `r` of the plugin's check at `pc`: its own
    /// failure, relabelled by each `relabel` around it, innermost first.
    func failure(_ r: Rejection, at pc: Int32) -> Failure {
        var f = code[Int(pc)].plugin.unsafelyUnwrapped.takeUnretainedValue().failure(r)
        for j in stride(from: Int(pc) - 1, through: 0, by: -1) where code[j].op == .relabel && Int(code[j].end) > Int(pc) {
            f = (nodes[Int(code[j].info)] as! RelabelNode).relabel(f)
        }
        return f
    }

    private func outcome(_ pc: Int, _ value: JSONValue, _ context: EvaluationContext) -> Outcome {
        let i = code[pc]
        switch i.op {
        case .plugin:
            guard let r = i.plugin.unsafelyUnwrapped._withUnsafeGuaranteedRef({ $0.check.check(value, in: context) }) else {
                return .passed
            }
            return .rejected(r, plugin: Int32(pc))
        case .all:
            var c = pc + 1
            while c < Int(i.end) {
                let o = outcome(c, value, context)
                if case .passed = o {} else { return o }
                c = after(c)
            }
            return .passed
        case .when:
            let condition = pc + 1, then = after(condition)
            if holds(i, condition, value, context) { return outcome(then, value, context) }
            return i.hasElse ? outcome(after(then), value, context) : .passed
        case .relabel:
            let o = outcome(pc + 1, value, context)
            guard case .failed(let f) = o else { return o }  // a rejection is relabelled when its words are made
            return .failed((nodes[Int(i.info)] as! RelabelNode).relabel(f))
        case .any, .not, .node:
            return evaluate(pc, value, context).map(Outcome.failed) ?? .passed
        }
    }

    /// The next sibling of the node at `pc`.
    @inline(__always) private func after(_ pc: Int) -> Int { Int(code[pc].end) }

    private func evaluate(_ pc: Int, _ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        let i = code[pc]
        switch i.op {
        case .plugin:
            return i.plugin.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.evaluate(value, context) }
        case .all:
            var c = pc + 1
            while c < Int(i.end) {
                if let f = evaluate(c, value, context) { return f }
                c = after(c)
            }
            return nil
        case .any:
            return evaluateAny(pc, value, context)
        case .not:
            return passes(pc + 1, value, context) ? (nodes[Int(i.info)] as! NotNode).failure : nil
        case .when:
            let condition = pc + 1, then = after(condition)
            if holds(i, condition, value, context) { return evaluate(then, value, context) }
            return i.hasElse ? evaluate(after(then), value, context) : nil
        case .relabel:
            return evaluate(pc + 1, value, context).map { (nodes[Int(i.info)] as! RelabelNode).relabel($0) }
        case .node:
            return nodes[Int(i.info)].evaluate(value, context)
        }
    }

    /// `any`: nil as soon as a child passes; else the failure joining every child's message
    /// (kept on the stack until then).
    private func evaluateAny(_ pc: Int, _ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        let end = Int(code[pc].end)
        var count = 0
        var c = pc + 1
        while c < end {
            count += 1
            c = after(c)
        }
        return withUnsafeTemporaryAllocation(of: LocalizedText.self, capacity: count) { texts in
            var failed = 0
            defer { texts.prefix(failed).deinitialize() }
            var c = pc + 1
            while c < end {
                guard let f = evaluate(c, value, context) else { return nil }
                texts.initializeElement(at: failed, to: f.message)
                failed += 1
                c = after(c)
            }
            return (nodes[Int(code[pc].info)] as! AnyNode).failure(texts)
        }
    }

    /// `CheckNode.passes` of the node at `pc`.
    private func passes(_ pc: Int, _ value: JSONValue, _ context: EvaluationContext) -> Bool {
        let i = code[pc]
        switch i.op {
        case .plugin:
            return i.plugin.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.check.passes(value, in: context) }
        case .all:
            var c = pc + 1
            while c < Int(i.end) {
                if !passes(c, value, context) { return false }
                c = after(c)
            }
            return true
        case .any:
            var c = pc + 1
            while c < Int(i.end) {
                if passes(c, value, context) { return true }
                c = after(c)
            }
            return false
        case .not:
            return !passes(pc + 1, value, context)
        case .when:
            let condition = pc + 1, then = after(condition)
            if holds(i, condition, value, context) { return passes(then, value, context) }
            return i.hasElse ? passes(after(then), value, context) : true
        case .relabel:
            return passes(pc + 1, value, context)
        case .node:
            return nodes[Int(i.info)].passes(value, context)
        }
    }

    /// `Condition.holds`: the subject (another field, or the value) is there, not null, and
    /// passes the condition's check at `condition`.
    @inline(__always)
    private func holds(_ i: Instruction, _ condition: Int, _ value: JSONValue, _ context: EvaluationContext) -> Bool {
        if let field = i.subject {
            guard let subject = field._withUnsafeGuaranteedRef({ $0.value(in: context) }), !subject.isNull else { return false }
            return passes(condition, subject, context)
        }
        return !value.isNull && passes(condition, value, context)  // the value itself: no copy of it made
    }
}
