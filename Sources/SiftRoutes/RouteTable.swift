/// Routes compiled into a trie. When several routes match, the first in file order wins.
struct RouteTable: Sendable {
    final class Node: Sendable {
        let literals: [String: Node]
        let params: [(name: String, type: ParamType, node: Node)]
        let any: Node?
        /// Routes ending here, and routes ending in `**` here.
        let terminal: Int?
        let rest: Int?

        init(literals: [String: Node], params: [(name: String, type: ParamType, node: Node)], any: Node?, terminal: Int?, rest: Int?) {
            self.literals = literals
            self.params = params
            self.any = any
            self.terminal = terminal
            self.rest = rest
        }
    }

    let routes: [Route]
    let root: Node

    init(_ routes: [Route]) {
        self.routes = routes
        root = Self.build(routes.map { ($0.index, $0.pattern.segments[...]) })
    }

    /// Builds a node from the routes' remaining segments (first route wins a spot).
    private static func build(_ items: [(Int, ArraySlice<RoutePattern.Segment>)]) -> Node {
        var terminal: Int?, rest: Int?
        var literalOrder: [String] = []
        var literal: [String: [(Int, ArraySlice<RoutePattern.Segment>)]] = [:]
        var params: [(String, ParamType, [(Int, ArraySlice<RoutePattern.Segment>)])] = []
        var any: [(Int, ArraySlice<RoutePattern.Segment>)] = []
        for (index, segs) in items {
            guard let first = segs.first else {
                if terminal == nil { terminal = index }
                continue
            }
            let tail = segs.dropFirst()
            switch first {
            case .literal(let l):
                if literal[l] == nil { literalOrder.append(l) }
                literal[l, default: []].append((index, tail))
            case .param(let name, let type):
                if let k = params.firstIndex(where: { $0.0 == name && $0.1.description == type.description }) {
                    params[k].2.append((index, tail))
                } else {
                    params.append((name, type, [(index, tail)]))
                }
            case .any: any.append((index, tail))
            case .rest: if rest == nil { rest = index }
            }
        }
        return Node(
            literals: literal.mapValues { build($0) }, params: params.map { ($0.0, $0.1, build($0.2)) },
            any: any.isEmpty ? nil : build(any), terminal: terminal, rest: rest)
    }

    /// The first route in file order that matches the segments.
    func match(_ segments: [String]) -> RouteMatch? {
        var best: (Int, [(String, JSONLiteral)])?
        func walk(_ node: Node, _ i: Int, _ captured: [(String, JSONLiteral)]) {
            if let r = node.rest, r < (best?.0 ?? .max) { best = (r, captured) }
            if i == segments.count {
                if let t = node.terminal, t < (best?.0 ?? .max) { best = (t, captured) }
                return
            }
            let s = segments[i]
            if let next = node.literals[s] { walk(next, i + 1, captured) }
            for p in node.params {
                if let v = p.type.accept(s) { walk(p.node, i + 1, captured + [(p.name, v)]) }
            }
            if let a = node.any { walk(a, i + 1, captured) }
        }
        walk(root, 0, [])
        guard let (index, params) = best else { return nil }
        return RouteMatch(route: routes[index], params: params)
    }

    /// A route whose literals and length fit but whose parameter type does not: for a clearer reason.
    func nearMiss(_ segments: [String]) -> (route: Route, param: String, value: String, type: ParamType)? {
        for route in routes {
            let segs = route.pattern.segments
            guard segs.count == segments.count else { continue }
            var miss: (String, String, ParamType)?
            var fits = true
            for (s, v) in zip(segs, segments) {
                switch s {
                case .literal(let l): if l != v { fits = false }
                case .param(let n, let t): if t.accept(v) == nil, miss == nil { miss = (n, v, t) }
                default: break
                }
            }
            if fits, let miss { return (route, miss.0, miss.1, miss.2) }
        }
        return nil
    }

    /// The trie, one node a line, with each route's destination: what `sift explain` prints.
    func printed() -> String {
        var lines = ["/" + (root.terminal.map { "  → \(routes[$0].destination) (#\($0 + 1))" } ?? "")]
        func label(_ n: Node) -> String {
            var s = ""
            if let t = n.terminal { s += "  → \(routes[t].destination) (#\(t + 1))" }
            return s
        }
        func children(_ n: Node) -> [(String, Node?, Int?)] {
            var out: [(String, Node?, Int?)] = n.literals.keys.sorted().map { ($0, n.literals[$0]!, nil) }
            out += n.params.map { p in (p.type.description == "string" ? ":\(p.name)" : ":\(p.name)(\(p.type))", p.node, nil) }
            if let a = n.any { out.append(("*", a, nil)) }
            if let r = n.rest { out.append(("**", nil, r)) }
            return out
        }
        func walk(_ n: Node, _ prefix: String) {
            let kids = children(n)
            for (k, kid) in kids.enumerated() {
                let last = k == kids.count - 1
                let head = prefix + (last ? "└─ " : "├─ ")
                if let node = kid.1 {
                    lines.append(head + kid.0 + label(node))
                    walk(node, prefix + (last ? "   " : "│  "))
                } else if let r = kid.2 {
                    lines.append(head + kid.0 + "  → \(routes[r].destination) (#\(r + 1))")
                }
            }
        }
        walk(root, "")
        return lines.joined(separator: "\n")
    }
}
