import SiftCore

/// Reading values as Apple sends them: most numbers and booleans are strings
/// (`"quantity": "1"`, `"expires_date_ms": "1510933291000"`, `"is_trial_period": "false"`).
enum AppleValue {
    /// A whole number given as a decimal string or a JSON number.
    static func int64(_ v: JSONValue?) -> Int64?? {
        guard let v, !v.isNull else { return .some(nil) }
        if v.kind == .number { return v.integer.map { Int64($0) } }
        guard let s = v.string, isDecimal(s) else { return nil }
        return Int64(s)
    }

    /// A boolean given as true/false or "true"/"false".
    static func bool(_ v: JSONValue?) -> Bool?? {
        guard let v, !v.isNull else { return .some(nil) }
        if let b = v.bool { return b }
        switch v.string {
        case "true"?: return true
        case "false"?: return false
        default: return nil
        }
    }

    /// An identifier given as a string (or, leniently, a whole JSON number).
    static func text(_ v: JSONValue?) -> String? {
        guard let v else { return nil }
        if let s = v.string { return s }
        if v.kind == .number { return v.rawText }
        return nil
    }

    static func isDecimal(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 19 && s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}

/// Milliseconds since 1970 as `yyyy-MM-ddTHH:mm:ssZ`, for messages.
func isoTime(_ ms: Int64) -> String { CivilTime.isoTime(ms) }
