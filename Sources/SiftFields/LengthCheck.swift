import SiftCore
import SiftJSON
import SiftMessages

/// `length`: a text's length (in a chosen unit) or a list's item count within bounds.
struct LengthCheck: ValueCheck {
    enum Unit: String { case characters, graphemes, utf16, bytes }
    let min: Int?
    let max: Int?
    let unit: Unit
    /// The words of each failure the bounds allow, made once (for a text, then for a list):
    /// a failing value builds no text.
    private let exactly, atLeast, atMost: (text: Rejection.Counted, list: Rejection.Counted)?

    init(min: Int?, max: Int?, unit: Unit) {
        self.min = min
        self.max = max
        self.unit = unit
        func words(_ bound: MessageTemplate, _ limit: Int) -> (text: Rejection.Counted, list: Rejection.Counted) {
            let (text, list) = (Self.unitWords(unit), ("items", "项"))
            func counted(_ unit: (String, String)) -> Rejection.Counted {
                let unit = Message.localized(LocalizedText(en: unit.0, zh: unit.1))
                return Rejection.Counted(FieldsMessages.lengthIs(messages: ["unit": unit, "bound": bound(["limit": "\(limit)"])]))
            }
            return (counted(text), counted(list))
        }
        exactly = min.flatMap { min in min == max ? words(FieldsMessages.lengthExactly, min) : nil }
        atLeast = exactly == nil ? min.map { words(FieldsMessages.lengthAtLeast, $0) } : nil
        atMost = exactly == nil ? max.map { words(FieldsMessages.lengthAtMost, $0) } : nil
    }

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "length",
            summary: "The text's length, or the list's item count, must be within bounds.",
            options: [
                PluginSpec.Option("min", .integer, doc: "Shortest allowed length."),
                PluginSpec.Option("max", .integer, doc: "Longest allowed length."),
                PluginSpec.Option("exact", .integer, doc: "The only allowed length."),
                PluginSpec.Option(
                    "unit", .choice(["characters", "graphemes", "utf16", "bytes"]), default: .string("characters"),
                    doc:
                        "characters: Unicode scalars; graphemes: what a reader sees as one character; utf16: as NSString counts; "
                        + "bytes: UTF-8 bytes."
                ),
            ],
            shorthand: "exact",
            examples: ["length: {min: 6, max: 20}", "length: 11"]),
        make: { options, context in
            let exact = options.int("exact")
            if exact != nil, options.has("min") || options.has("max") {
                context.error(FieldsMessages.lengthTakesExactMinMax(), at: options.mark("exact"))
                return nil
            }
            let lo = exact ?? options.int("min"), hi = exact ?? options.int("max")
            if lo == nil, hi == nil {
                context.error(FieldsMessages.lengthNeedsMinMaxExact(), at: options.mark)
                return nil
            }
            if (lo ?? 0) < 0 || (hi ?? 0) < 0 {
                context.error(
                    FieldsMessages.lengthCannotNegative(),
                    at: options.mark(exact != nil ? "exact" : (options.int("min") ?? 0) < 0 ? "min" : "max"))
                return nil
            }
            if let lo, let hi, lo > hi {
                context.error(FieldsMessages.lengthHasMinGreaterThan(["lo": "\(lo)", "hi": "\(hi)"]), at: options.mark("min"))
                return nil
            }
            if (lo ?? 0) == 0, hi == nil {
                context.warning(
                    FieldsMessages.lengthMinMaxAcceptsEvery(),
                    at: options.mark(exact == nil && options.has("min") ? "min" : "max"))
            }
            return LengthCheck(min: lo, max: hi, unit: Unit(rawValue: options.string("unit") ?? "characters")!)
        })

    func measure(_ value: JSONValue) -> Int? {
        if value.kind == .array { return value.count }
        switch unit {
        case .bytes:
            var n = 0
            return value.withStringBytes { n = $0.count } ? n : nil
        case .characters:
            var n = 0
            return value.withStringBytes { b in n = Self.scalarCount(b) } ? n : nil
        case .graphemes:
            // ASCII text without a carriage return has a grapheme per byte (CR LF is one): counted
            // in place, with no `String` made.
            var n = -1
            guard value.withStringBytes({ b in if !b.contains(where: { $0 >= 0x80 || $0 == 0x0D }) { n = b.count } }) else {
                return nil
            }
            return n >= 0 ? n : value.string?.count
        case .utf16: return value.string?.utf16.count
        }
    }

    /// The Unicode scalars of valid UTF-8: the bytes that are not continuation bytes.
    static func scalarCount(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        var n = b.count
        for byte in b where byte & 0xC0 == 0x80 { n -= 1 }
        return n
    }

    /// Decides from the byte count alone when it can: text of `n` UTF-8 bytes has between
    /// n/4 and n scalars, so most values within the bounds need no count of scalars. Only for
    /// strings without escapes, whose byte count is known without decoding them.
    /// In graphemes: a grapheme is one or more scalars, and text that is not empty has at least
    /// one, so a text whose scalars are within the maximum fits when the minimum is 0, or 1 and
    /// the text is not empty: names of CJK or accented letters are decided from their bytes,
    /// without making a `String` and walking its grapheme breaks.
    private func fitsForSure(_ value: JSONValue) -> Bool {
        switch unit {
        case .characters:
            guard let n = value.plainStringBytes?.count else { return false }
            return n <= (max ?? .max) && (n + 3) / 4 >= (min ?? 0)
        case .graphemes:
            let least = min ?? 0
            guard least <= 1, value.kind == .string else { return false }
            var fits = false
            _ = value.withStringBytes { b in fits = (least == 0 || !b.isEmpty) && Self.scalarCount(b) <= (max ?? .max) }
            return fits
        case .bytes, .utf16:
            return false
        }
    }

    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool {
        if fitsForSure(value) { return true }
        return measure(value).map(fits) ?? false
    }

    private func fits(_ n: Int) -> Bool { (min.map { n >= $0 } ?? true) && (max.map { n <= $0 } ?? true) }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        if fitsForSure(value) { return nil }
        guard let n = measure(value) else { return WrongType.aStringOrArray[value.kind] }
        if fits(n) { return nil }
        let isList = value.kind == .array
        let words = exactly ?? (min.map { n < $0 } == true ? atLeast : atMost)
        guard let words else { return nil }
        return isList ? words.list(n) : words.text(n)
    }

    var unitWords: (String, String) { Self.unitWords(unit) }

    static func unitWords(_ unit: Unit) -> (String, String) {
        switch unit {
        case .characters: return ("characters", "个字符")
        case .graphemes: return ("graphemes", "个字形")
        case .utf16: return ("UTF-16 units", "个 UTF-16 单元")
        case .bytes: return ("bytes", "字节")
        }
    }

    /// The length of a text in its unit, or of a list in items: the explanation says the text's
    /// first (most fields are text) and the list's after, only the bounds that are set.
    func explain(_ language: Language) -> String {
        let u = language == .zh ? unitWords.1 : unitWords.0
        let bound: (en: String, zh: String)
        switch (min, max) {
        case (let lo?, let hi?) where lo == hi: bound = ("exactly \(lo)", "恰好 \(lo)")
        case (let lo?, let hi?): bound = ("\(lo) to \(hi)", " \(lo) 到 \(hi)")
        case (let lo?, nil): bound = ("at least \(lo)", "至少 \(lo)")
        case (nil, let hi?): bound = ("at most \(hi)", "最多 \(hi)")
        case (nil, nil): bound = ("any number of", "任意")
        }
        return language == .zh ? "长度\(bound.zh) \(u)（列表则为项数）" : "length must be \(bound.en) \(u) (items, for a list)"
    }
}
