import SiftJSON

/// A typed result a stage adds to a record's verdict: a route, what a receipt credits, an
/// Apple ID's claims. Hosts read it through the typed accessors each family defines
/// (`verdict.route?.destination`); result lines get its JSON under `key`.
package protocol StageOutput: Sendable {
    /// The field of the result line: `route`, `receipt`, `apple_id`.
    var key: String { get }
    /// Writes the value as one JSON value (its documented format).
    func write(into w: inout JSONWriter)
}

extension StageOutput {
    /// The value as it appears in result lines.
    public var json: [UInt8] {
        var w = JSONWriter()
        write(into: &w)
        return w.bytes
    }
}

/// A stage output given as JSON bytes (for plugins that have no typed value of their own).
package struct JSONStageOutput: StageOutput {
    public let key: String
    public let bytes: [UInt8]

    public init(key: String, json: [UInt8]) {
        self.key = key
        self.bytes = json
    }

    public func write(into w: inout JSONWriter) { w.raw(bytes) }
}

extension RecordVerdict {
    /// The first output of type `T` (several packs may add one; result lines show the first).
    package func output<T: StageOutput>(_ type: T.Type) -> T? {
        for o in output { if let t = o as? T { return t } }
        return nil
    }
}
