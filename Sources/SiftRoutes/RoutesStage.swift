import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// Resolves each record's link to a destination with typed parameters, refusing unsafe links.
struct RoutesStage: Stage {
    let field: FieldPath
    let parser: LinkParser
    /// AASA-style patterns over the decoded path; checked before the routes.
    let exclusions: [String]
    /// Which links the exclusions apply to: all, universal or scheme.
    let excludeLinks: String
    /// An AASA file: universal links it does not send to the app are refused.
    let aasa: AASAFile?
    let table: RouteTable
    let fallback: String?
    let rule: Mark

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var result = StageResult()
        let value = field.first(in: record)
        guard let value, let text = value.string else {
            result.violations.append(violation(.Route.urlMissing, M.urlMissing(), value: value))
            return result
        }
        let link: LinkURL
        do { link = try parser.parse(text) } catch {
            result.violations.append(violation(error.code, error.message, value: value))
            return result
        }
        if let refused = refusal(of: link, value: value) {
            result.violations.append(refused)
            return result
        }
        guard let match = table.match(link.segments) else { return unmatched(link, value: value) }
        let route = match.route
        // An opaque query is read only for a route that reads it.
        if let problem = link.queryProblem, !route.query.isEmpty || route.rejectUnknownQuery {
            result.violations.append(violation(problem.code, problem.message, value: value))
            return result
        }
        let query = queryParameters(of: link, for: route, value: value, into: &result.violations)
        if result.violations.isEmpty {
            result.output = [
                Self.output(link, destination: route.destination, pattern: route.pattern.description, params: match.params, query: query)
            ]
        }
        return result
    }

    /// A violation of this stage's field: its reason, message and value, and the stage's rule unless `r` is given.
    private func violation(_ code: ReasonCode, _ message: Message, value: JSONValue? = nil, rule r: Mark? = nil) -> Violation {
        Violation(field: field.description, reason: code, message: message.localized, valueOf: value, rule: r ?? rule)
    }

    /// Why a parsed link is refused before routing (an exclusion, or an AASA file that does not open it); nil if it is not.
    private func refusal(of link: LinkURL, value: JSONValue) -> Violation? {
        // Exclusions see the decoded path, as routes do, so '%70rivate' cannot slip past '/private/*',
        // with its trailing '/', as the generated AASA file's exclusions do: '/private/' is excluded too.
        if excludeLinks == "all" || excludeLinks == link.kind.rawValue, let ex = exclusion(link.decodedPath) {
            return violation(.Route.excluded, M.excluded(["path": link.decodedPath, "pattern": "\(ex)"]), value: value)
        }
        if link.kind == .universal, let aasa {
            let decision = aasa.decide(
                encodedPath: link.encodedPath, query: link.query, fragment: link.fragment ?? "", c1: parser.c1Controls)
            if decision == nil || decision!.component.exclude {
                let why = decision.map { M.aasaFirstMatch(["label": "\($0.component.label)"]) } ?? M.aasaNoMatch()
                return violation(.Route.notAssociated, M.notAssociated(["path": link.encodedPath], messages: ["why": why]), value: value)
            }
        }
        return nil
    }

    /// The result for a link no route matches: the fallback destination, or why it was refused.
    private func unmatched(_ link: LinkURL, value: JSONValue) -> StageResult {
        var result = StageResult()
        if let fallback {
            result.output = [Self.output(link, destination: fallback, pattern: nil, params: [], query: [])]
        } else if let miss = table.nearMiss(link.segments) {
            result.violations.append(
                violation(
                    .Route.paramType,
                    M.paramType([
                        "value": "\(miss.value)", "type": "\(miss.type)", "param": "\(miss.param)", "route": "\(miss.route.pattern)",
                    ]),
                    value: value, rule: miss.route.mark))
        } else {
            result.violations.append(
                violation(.Route.unmatched, M.unmatched(["path": link.encodedPath]), value: value))
        }
        return result
    }

    /// The matched route's query parameters, typed and with defaults; appends a violation for each invalid,
    /// missing or (when the route rejects them) unknown parameter.
    private func queryParameters(
        of link: LinkURL, for route: Route, value: JSONValue, into violations: inout [Violation]
    ) -> [(String, JSONLiteral)] {
        var query: [(String, JSONLiteral)] = []
        for q in route.query {
            if let given = link.query.first(where: { $0.name == q.name }) {
                guard let v = q.type.accept(given.value) else {
                    violations.append(
                        violation(
                            .Route.queryType, M.queryType(["name": q.name, "value": given.value, "type": "\(q.type)"]), value: value,
                            rule: route.mark))
                    continue
                }
                query.append((q.name, v))
            } else if q.required {
                violations.append(
                    violation(.Route.queryMissing, M.queryMissing(["name": q.name]), value: value, rule: route.mark))
            } else if let d = q.defaultValue {
                query.append((q.name, d))
            }
        }
        if route.rejectUnknownQuery {
            for item in link.query where !route.query.contains(where: { $0.name == item.name }) {
                violations.append(
                    violation(
                        .Route.queryUnknown, M.queryUnknown(["name": item.name, "route": "\(route.pattern)"]), value: value,
                        rule: route.mark))
            }
        }
        return query
    }

    /// The first exclusion matching a decoded path (leading '/', trailing '/' as written).
    func exclusion(_ decodedPath: String) -> String? {
        exclusions.first { Glob.matches($0, decodedPath) }
    }

    static func output(
        _ link: LinkURL, destination: String, pattern: String?, params: [(String, JSONLiteral)],
        query: [(String, JSONLiteral)]
    ) -> RouteResult {
        RouteResult(
            destination: destination, pattern: pattern, kind: link.kind.rawValue,
            parameters: .init(items: params.map { ($0.0, $0.1.value) }), query: .init(items: query.map { ($0.0, $0.1.value) }),
            rawQuery: link.rawQuery, fragment: link.fragment)
    }
}

private typealias M = RoutesMessages
