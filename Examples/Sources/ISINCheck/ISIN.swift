import Sift

/// `isin`: an International Securities Identification Number (ISO 6166): two letters, nine
/// letters or digits, and a Luhn check digit computed over the letters spelled as numbers
/// (A = 10 ... Z = 35). `countries:` limits the two-letter prefix.
///
/// A third-party check plugin: a `ValueCheck` and a `CheckPlugin` that declares its options,
/// registered by the host with `registry.register(ISIN.plugin)`.
public struct ISIN: ValueCheck {
    let countries: Set<String>

    /// The plugin to register.
    public static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "isin",
            summary: "The text must be a valid ISIN (ISO 6166), with its check digit.",
            options: [PluginSpec.Option("countries", .list(.string), doc: "Allowed two-letter prefixes (all when absent).")],
            shorthand: "countries",
            examples: ["isin: {}", "isin: [US, CN]"]),
        make: { options, _ in ISIN(countries: Set(options.strings("countries") ?? [])) })

    /// True for a well-formed ISIN with a correct check digit (and an allowed country).
    public static func isValid(_ text: some Collection<UInt8>, countries: Set<String> = []) -> Bool {
        let chars = Array(text)
        guard chars.count == 12, chars[0...1].allSatisfy(isUpper), chars[2...10].allSatisfy({ isUpper($0) || isDigit($0) }),
            isDigit(chars[11])
        else { return false }
        if !countries.isEmpty, !countries.contains(String(decoding: chars[0...1], as: UTF8.self)) { return false }
        // Letters become two digits; then Luhn over the digit string, check digit included.
        var digits: [Int] = []
        for c in chars {
            if isDigit(c) { digits.append(Int(c - 48)) } else { let v = Int(c - 55); digits += [v / 10, v % 10] }
        }
        var sum = 0
        for (i, d) in digits.reversed().enumerated() {
            let x = i % 2 == 1 ? d * 2 : d
            sum += x > 9 ? x - 9 : x
        }
        return sum % 10 == 0
    }

    static func isUpper(_ c: UInt8) -> Bool { c >= 65 && c <= 90 }
    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    public func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool {
        value.withStringUTF8 { Self.isValid($0, countries: countries) } ?? false
    }

    public func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        guard value.kind == .string else {
            return Rejection(LocalizedText(en: "expected a string, got \(value.kind)", zh: "应为字符串"), isTypeMismatch: true)
        }
        if passes(value, in: context) { return nil }
        return Rejection(LocalizedText(en: "is not a valid ISIN", zh: "不是有效的 ISIN 证券代码"))
    }

    /// It reads only the value it is given: a batch run may skip what no rule names.
    public var readsOnlyItsValue: Bool { true }

    public func explain(_ language: Language) -> String {
        let from =
            countries.isEmpty
            ? ""
            : (language == .zh ? "（国家：" : " (countries: ") + countries.sorted().joined(separator: ", ")
                + (language == .zh ? "）" : ")")
        return (language == .zh ? "必须是有效的 ISIN 证券代码" : "must be a valid ISIN") + from
    }
}
