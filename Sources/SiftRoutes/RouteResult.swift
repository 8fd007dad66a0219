import SiftCore
import SiftJSON
import SiftMessages

/// Where a link goes: the route's destination and its typed parameters (`verdict.route`).
public struct RouteResult: StageOutput, Equatable {
    /// A parameter's value, typed as its route declares it.
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        /// Text (`:name` or `:name(string)`).
        case string(String)
        /// A signed integer (`:id(int)`).
        case int(Int64)
        /// An unsigned integer (`:id(uint)`).
        case uint(UInt64)
        /// A boolean (`:flag(bool)`).
        case bool(Bool)

        public var description: String {
            switch self {
            case .string(let s): return s
            case .int(let i): return String(i)
            case .uint(let u): return String(u)
            case .bool(let b): return String(b)
            }
        }
    }

    /// Named values in link order: `parameters["id"]`, `parameters.get("id", as: Int.self)`.
    public struct Parameters: Sendable, Equatable {
        /// Every name and value, in link order.
        public let items: [(name: String, value: Value)]

        /// The value named `name`, or nil.
        public subscript(name: String) -> Value? { items.first { $0.name == name }?.value }

        /// The value as `Int`, `Int64`, `UInt64`, `Bool` or `String`, or nil when absent or of another type.
        public func get<T>(_ name: String, as type: T.Type = T.self) -> T? {
            switch self[name] {
            case .string(let s)?: return s as? T
            case .int(let i)?: return (Int(exactly: i) as? T) ?? (i as? T)
            case .uint(let u)?: return (u as? T) ?? (Int(exactly: u) as? T)
            case .bool(let b)?: return b as? T
            case nil: return nil
            }
        }

        public static func == (a: Parameters, b: Parameters) -> Bool {
            a.items.count == b.items.count && zip(a.items, b.items).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }
    }

    public var key: String { "route" }
    /// The destination's name (`video.detail`), or the fallback's.
    public let destination: String
    /// The matched route's pattern; nil when the fallback took the link.
    public let pattern: String?
    /// `scheme` (custom scheme) or `universal` (https).
    public let kind: String
    /// The route's parameters, typed as the pattern declares them.
    public let parameters: Parameters
    /// The query items the route declares, typed.
    public let query: Parameters
    /// The query and fragment as written: nil without `?` / `#`.
    public let rawQuery: String?
    /// The fragment as written, after `#`.
    public let fragment: String?

    /// True when no route matched and the fallback took the link.
    public var isFallback: Bool { pattern == nil }

    package func write(into w: inout JSONWriter) {
        w.beginObject()
        w.field("destination", destination)
        if let pattern { w.field("pattern", pattern) } else { w.field("fallback", true) }
        w.field("kind", kind)
        for (name, values) in [("params", parameters), ("query", query)] {
            w.key(name)
            w.beginObject()
            for (k, v) in values.items {
                w.key(k)
                switch v {
                case .string(let s): w.string(s)
                case .int(let i): w.raw(String(i).utf8)
                case .uint(let u): w.raw(String(u).utf8)
                case .bool(let b): w.bool(b)
                }
            }
            w.endObject()
        }
        w.key("raw_query")
        if let rawQuery { w.string(rawQuery) } else { w.null() }
        w.key("fragment")
        if let fragment { w.string(fragment) } else { w.null() }
        w.endObject()
    }

    public static func == (a: RouteResult, b: RouteResult) -> Bool { a.json == b.json }
}

extension RecordVerdict {
    /// The link's route, when a routes pack resolved it.
    public var route: RouteResult? { output(RouteResult.self) }
}

extension JSONLiteral {
    /// The typed value: numbers (int and uint parameters) as `.int`, or `.uint` beyond Int64.
    var value: RouteResult.Value {
        switch self {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .number(let n): return Int64(n).map { .int($0) } ?? UInt64(n).map { .uint($0) } ?? .string(n)
        }
    }
}

extension RouteResult {
    /// Why `pipeline.route(_:)` refused a link: the reason code and message a result line would carry.
    public struct Refusal: Error, Sendable, Equatable {
        /// `route.excluded`, `route.unmatched`, `route.bad_character`, ...
        public let reason: ReasonCode
        /// Why, in every language.
        public let message: LocalizedText
    }
}

extension Pipeline {
    /// Resolves one link with the first pack that has `routes:` (or the pack named `pack`),
    /// as an app's router would: the route, or why the link is refused.
    public func route(_ url: String, pack: String? = nil) throws(RouteResult.Refusal) -> RouteResult {
        for p in packs where pack == nil || p.name == pack {
            for case let stage as RoutesStage in p.stages {
                let record = JSONDocument.record(with: url, at: stage.field)
                let result = stage.evaluate(record.root, in: EvaluationContext(record: record.root, asOfMillis: 0))
                if let v = result.violations.first { throw RouteResult.Refusal(reason: v.reason, message: v.message) }
                if let route = result.output.first as? RouteResult { return route }
            }
        }
        throw RouteResult.Refusal(
            reason: .Route.noRoutes, message: RoutesMessages.noRoutes().localized)
    }
}
