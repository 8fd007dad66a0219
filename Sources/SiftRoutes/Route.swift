import SiftCore
import SiftConfig

/// One declared route: a pattern, a destination and its query rules.
struct Route: Sendable {
    struct QueryParam: Sendable {
        let name: String
        let type: ParamType
        let required: Bool
        let defaultValue: JSONLiteral?
    }

    let index: Int
    let pattern: RoutePattern
    let destination: String
    let query: [QueryParam]
    let rejectUnknownQuery: Bool
    let mark: Mark
}

/// A route that matched a path, with its typed parameters.
struct RouteMatch: Sendable {
    let route: Route
    let params: [(String, JSONLiteral)]
}
