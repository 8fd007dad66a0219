import SiftMessages

/// What the regex layer says, in English and Chinese side by side (`MessageTemplate`). PCRE2's
/// other problems are shown in PCRE2's own English words.
enum RegexMessages: MessageCatalog {
    static let missingClosingParenthesis = MessageTemplate(
        "regex.missing_closing_parenthesis", en: "missing closing parenthesis", zh: "缺少右括号")

    static let templates: [MessageTemplate] = [missingClosingParenthesis]
}
