import SiftCore
import SiftRegex
import SiftMessages
import SiftConfig

/// A route pattern: `videos/new`, `videos/:id(int)`, `files/**`, `*/settings`.
/// Parses and prints back to the same text (types inline; `:name` alone is `string`).
struct RoutePattern: Sendable, CustomStringConvertible {
    enum Segment: Sendable {
        case literal(String)
        case param(String, ParamType)
        /// `*`: exactly one segment.
        case any
        /// `**`: the rest of the path (zero or more segments); only last.
        case rest
    }

    let segments: [Segment]

    struct ParseError: Error {
        var message: Message
    }

    /// - Parameter types: types for `:name` given apart (the YAML `params:` mapping).
    init(parsing text: String, types: [String: ParamType] = [:]) throws(ParseError) {
        var t = Substring(text)
        if t.hasPrefix("/") { t = t.dropFirst() }
        if t.hasSuffix("/") && t.count > 1 { t = t.dropLast() }
        var out: [Segment] = []
        if t.isEmpty { segments = []; return }
        let parts = t.split(separator: "/", omittingEmptySubsequences: false)
        for (i, part) in parts.enumerated() {
            if part.isEmpty { throw ParseError(message: RoutesMessages.emptySegment(["pattern": text])) }
            if part == "**" {
                guard i == parts.count - 1 else { throw ParseError(message: RoutesMessages.restNotLast(["pattern": text])) }
                out.append(.rest)
            } else if part == "*" {
                out.append(.any)
            } else if part.hasPrefix(":") {
                var name = part.dropFirst()
                var type = ParamType.string
                if let open = name.firstIndex(of: "(") {
                    guard name.hasSuffix(")") else { throw ParseError(message: RoutesMessages.openParen(["part": String(part)])) }
                    let typeText = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
                    do {
                        guard let parsed = try ParamType.parse(typeText) else {
                            throw ParseError(
                                message: RoutesMessages.unknownParameterType(
                                    ["type": typeText, "part": String(part), "names": ParamType.names.joined(separator: ", ")],
                                    messages: ["hint": Suggestion.hint(typeText, in: ParamType.names)]))
                        }
                        type = parsed
                    } catch let e as RegexError {
                        throw ParseError(message: RoutesMessages.invalidRegexIn(["part": String(part)], messages: ["problem": e.problem]))
                    } catch let e as ParseError { throw e } catch { throw ParseError(message: .verbatim("\(error)")) }
                    name = name[..<open]
                }
                guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" })
                else {
                    throw ParseError(message: RoutesMessages.parameterName(["part": String(part)]))
                }
                if out.contains(where: { if case .param(let n, _) = $0 { return n == String(name) } else { return false } }) {
                    throw ParseError(message: RoutesMessages.parameterTwice(["name": String(name), "pattern": text]))
                }
                if let given = types[String(name)] { type = given }
                out.append(.param(String(name), type))
            } else if part.contains("*") || part.contains(":") {
                throw ParseError(message: RoutesMessages.wholeSegments(["part": String(part)]))
            } else {
                out.append(.literal(String(part)))
            }
        }
        segments = out
    }

    var description: String {
        segments.map { s -> String in
            switch s {
            case .literal(let l): return l
            case .param(let n, .string): return ":" + n
            case .param(let n, let t): return ":\(n)(\(t))"
            case .any: return "*"
            case .rest: return "**"
            }
        }.joined(separator: "/")
    }

    var parameterNames: [String] {
        segments.compactMap { if case .param(let n, _) = $0 { return n } else { return nil } }
    }

    /// True when every path this pattern matches, `other` matches too.
    func isCovered(by other: RoutePattern) -> Bool {
        var i = 0
        for o in other.segments {
            if case .rest = o { return true }
            guard i < segments.count else { return false }
            let mine = segments[i]
            switch (mine, o) {
            case (.rest, _): return false
            case (_, .any): break
            case (.literal(let a), .literal(let b)): guard a == b else { return false }
            case (.literal(let a), .param(_, let t)): guard t.accept(a) != nil else { return false }
            case (.param(_, let a), .param(_, let b)): guard a.isSubset(of: b) else { return false }
            case (.any, .param(_, .string)): break
            default: return false
            }
            i += 1
        }
        return i == segments.count
    }
}
