import SiftCore
import SiftJSON
import SiftMessages

/// `checksum`: the value's check character must be right for the chosen algorithm.
struct ChecksumCheck: ValueCheck {
    enum Algorithm: String, CaseIterable {
        case gb11643, luhn, iban, isbn10, isbn13, gtin, uscc, verhoeff, damm

        var title: String {
            switch self {
            case .gb11643: return "GB 11643 (Chinese resident ID)"
            case .luhn: return "Luhn"
            case .iban: return "IBAN (mod 97)"
            case .isbn10: return "ISBN-10"
            case .isbn13: return "ISBN-13"
            case .gtin: return "GTIN"
            case .uscc: return "GB 32100 (unified social credit code)"
            case .verhoeff: return "Verhoeff"
            case .damm: return "Damm"
            }
        }

        var titleZH: String {
            switch self {
            case .gb11643: return "GB 11643（居民身份证号码）"
            case .iban: return "IBAN（mod 97）"
            case .uscc: return "GB 32100（统一社会信用代码）"
            default: return title
            }
        }

        /// The Chinese title inside a sentence: a space after a Latin name, none after a full-width bracket.
        var titleZHPhrase: String { titleZH.hasSuffix("）") ? titleZH : titleZH + " " }

        /// The failure of each algorithm, built once: a failing value costs no message.
        static let rejections: [Algorithm: Rejection] = Dictionary(
            uniqueKeysWithValues: allCases.map {
                (
                    $0,
                    .fixed(
                        FieldsMessages.checksumFails(messages: ["title": .localized(LocalizedText(en: $0.title, zh: $0.titleZHPhrase))])
                            .localized)
                )
            })
    }

    let algorithm: Algorithm
    let lowercaseX: Bool
    /// Characters removed before checking (e.g. spaces and hyphens in "978-0-306-40615-7").
    let ignore: Set<UInt8>
    /// The algorithm's rejection, looked up once.
    let rejection: Rejection

    init(algorithm: Algorithm, lowercaseX: Bool, ignore: Set<UInt8>) {
        self.algorithm = algorithm
        self.lowercaseX = lowercaseX
        self.ignore = ignore
        rejection = Algorithm.rejections[algorithm]!
    }

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "checksum",
            summary: "The value's check digit or character must be right.",
            options: [
                PluginSpec.Option(
                    "algorithm", .choice(Algorithm.allCases.map(\.rawValue)), required: true,
                    doc: "gb11643, luhn, iban, isbn10, isbn13, gtin, uscc, verhoeff or damm."),
                PluginSpec.Option(
                    "lowercase_x", .boolean, default: .bool(false), doc: "gb11643: accept 'x' as well as 'X' for the check character 10."),
                PluginSpec.Option("ignore", .string, default: .string(""), doc: "Characters to remove first, such as ' -'."),
            ],
            shorthand: "algorithm",
            examples: ["checksum: gb11643", "checksum: {algorithm: isbn13, ignore: '- '}"]),
        make: { options, _ in
            ChecksumCheck(
                algorithm: Algorithm(rawValue: options.string("algorithm")!)!,
                lowercaseX: options.bool("lowercase_x") ?? false,
                ignore: Set((options.string("ignore") ?? "").utf8))
        })

    /// Nil when the value is not a string.
    private func verified(_ value: JSONValue) -> Bool? {
        var ok = false
        let isString = value.withStringBytes { raw in
            // The value's bytes as they are (no copy), or without the ignored characters.
            ok = ignore.isEmpty ? verify(raw) : raw.filter { !ignore.contains($0) }.withUnsafeBufferPointer(verify)
        }
        return isString ? ok : nil
    }

    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool { verified(value) ?? false }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        guard let ok = verified(value) else { return WrongType.aString[value.kind] }
        return ok ? nil : rejection
    }

    private func verify(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        switch algorithm {
        case .gb11643: return Checksums.gb11643(s, lowercaseX: lowercaseX)
        case .luhn: return Checksums.luhn(s)
        case .iban: return Checksums.iban(s)
        case .isbn10: return Checksums.isbn10(s)
        case .isbn13: return Checksums.isbn13(s)
        case .gtin: return Checksums.gtin(s)
        case .uscc: return Checksums.uscc(s)
        case .verhoeff: return Checksums.verhoeff(s)
        case .damm: return Checksums.damm(s)
        }
    }

    func explain(_ language: Language) -> String {
        language == .zh ? "必须通过 \(algorithm.titleZHPhrase)校验" : "must pass the \(algorithm.title) check"
    }
}
