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
func isoTime(_ ms: Int64) -> String {
    let secs = ms / 1000
    var days = Int(secs / 86_400)
    var rem = Int(secs % 86_400)
    if rem < 0 { rem += 86_400; days -= 1 }
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(y)-\(two(m))-\(two(d))T\(two(rem / 3600)):\(two(rem / 60 % 60)):\(two(rem % 60))Z"
}
