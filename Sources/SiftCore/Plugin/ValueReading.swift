import SiftJSON
import SiftMessages

/// How a check reads the value it checks, so that comparisons between fields (`after: {field:
/// start_date}`, `at_most: {field: limit}`) compare what the values mean: two dates as instants,
/// read in each field's own layout; two numbers by their exact decimal value.
public enum ValueReading: Sendable {
    /// The value names an instant, read by this check (a `date:` check with its layout).
    case instant(any InstantReading)
    /// The value is a number (a `type: number` or `range` check).
    case number

    /// What it reads, in words: "a date", "a number".
    var nounMessage: Message {
        switch self {
        case .instant: CoreMessages.nounDate()
        case .number: CoreMessages.nounNumber()
        }
    }
}

/// A check that reads an instant out of a value (a date in a layout).
public protocol InstantReading: Sendable {
    /// The instant in milliseconds since 1970, or nil when the value does not hold one.
    func instant(of value: JSONValue) -> Int64?
}

/// A check that says how it reads values; the field comparisons read a field's value the way
/// its first such check does.
public protocol ReadingCheck: ValueCheck {
    /// How values are read; nil when this check does not decide it (`type: string`).
    var reading: ValueReading? { get }
}
