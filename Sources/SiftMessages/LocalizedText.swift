/// The languages Sift writes messages in, chosen with `--lang`.
public enum Language: String, Sendable, CaseIterable {
    /// English and Simplified Chinese.
    case en, zh
}

/// A message in every supported language.
public struct LocalizedText: Sendable, Hashable {
    /// The English text.
    public var en: String
    /// The Chinese text.
    public var zh: String

    /// A text given in both languages.
    public init(en: String, zh: String) {
        self.en = en
        self.zh = zh
    }

    /// The same text in every language (a rule author's single-language `message:`).
    public init(_ text: String) {
        self.en = text
        self.zh = text
    }

    /// The text in `language`.
    public func text(_ language: Language) -> String {
        switch language {
        case .en: return en
        case .zh: return zh
        }
    }
}
