import SiftCore
import SiftJSON

/// A value read from a receipt field: absent (missing or null), a value, or present but
/// unreadable. Three cases rather than a double optional, so that a value that fails to
/// parse can never be mistaken for an absent one.
enum AppleField<Value: Sendable>: Sendable {
    case absent
    case value(Value)
    case malformed

    /// The value, or nil when absent or malformed.
    var value: Value? {
        if case .value(let v) = self { return v }
        return nil
    }
}

/// Reading values as Apple sends them: most numbers and booleans are strings
/// (`"quantity": "1"`, `"expires_date_ms": "1510933291000"`, `"is_trial_period": "false"`).
enum AppleValue {
    /// A whole number given as a decimal string (optionally signed) or a JSON number.
    /// Values beyond Int64 saturate (`"9999999999999999999"` is a date far in the future,
    /// not an error); fractions, exponents in strings, and other text are malformed.
    static func int64(_ v: JSONValue?) -> AppleField<Int64> {
        guard let v, !v.isNull else { return .absent }
        if v.kind == .number {
            guard let d = v.double, d.rounded() == d else { return .malformed }
            if let i = Int64(v.rawText) { return .value(i) }
            return .value(d >= 9.2e18 ? .max : d <= -9.2e18 ? .min : Int64(d))
        }
        guard let s = v.string else { return .malformed }
        return decimal(s).map(AppleField.value) ?? .malformed
    }

    /// Parses `-?[0-9]+`, saturating at the ends of Int64.
    static func decimal(_ s: String) -> Int64? {
        var digits = Substring(s)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var total: Int64 = 0
        for c in digits.utf8 {
            let (times, o1) = total.multipliedReportingOverflow(by: 10)
            let (next, o2) = times.addingReportingOverflow(Int64(c - 0x30))
            if o1 || o2 { return negative ? .min : .max }
            total = next
        }
        return negative ? -total : total
    }

    /// A boolean given as true/false or "true"/"false".
    static func bool(_ v: JSONValue?) -> AppleField<Bool> {
        guard let v, !v.isNull else { return .absent }
        if let b = v.bool { return .value(b) }
        switch v.string {
        case "true"?: return .value(true)
        case "false"?: return .value(false)
        default: return .malformed
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
