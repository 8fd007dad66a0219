/// One wording of a message, in every language Sift speaks, with named places for its arguments:
/// `{name}` in each language's text. Each module keeps its own templates side by side in a
/// catalog (`MessageCatalog`), as rustc keeps a crate's Fluent messages; nothing is translated
/// from English.
///
/// ```swift
/// static let unexpectedCharacter = MessageTemplate(
///     "json.unexpected_character", en: "unexpected character {char}", zh: "意外的字符 {char}")
/// let m = unexpectedCharacter(["char": "'x'"])   // a Message
/// m.text(.zh)                                    // "意外的字符 'x'"
/// ```
public struct MessageTemplate: Sendable, Hashable {
    /// A stable identifier: the module's prefix, a dot, then snake_case words (`json.invalid_escape`).
    public let id: String
    /// The English text, with `{name}` where an argument goes.
    public let en: String
    /// The Chinese text, with the same arguments.
    public let zh: String

    /// Each wording cut into its text and arguments once, when the template is made: a message
    /// is rendered (a failing record's violation) without reading its wording again.
    let enParts: [Message.Part]
    let zhParts: [Message.Part]

    /// A template with its identifier and its wording in each language.
    public init(_ id: String, en: String, zh: String) {
        self.id = id
        self.en = en
        self.zh = zh
        enParts = Message.parts(en)
        zhParts = Message.parts(zh)
    }

    /// The wording of `language`, cut into text and arguments.
    func parts(_ language: Language) -> [Message.Part] {
        switch language {
        case .en: return enParts
        case .zh: return zhParts
        }
    }

    /// The text of `language`.
    public func wording(_ language: Language) -> String {
        switch language {
        case .en: return en
        case .zh: return zh
        }
    }

    /// The message this template says with `arguments`.
    public func callAsFunction(_ arguments: [String: String] = [:]) -> Message {
        Message(self, arguments)
    }

    /// The message this template says with `arguments`, and `messages` as arguments rendered
    /// in the same language as the whole.
    public func callAsFunction(_ arguments: [String: String] = [:], messages: [String: Message]) -> Message {
        var all = arguments.mapValues(Message.Argument.text)
        for (name, m) in messages { all[name] = .message(m) }
        return Message(self, arguments: all)
    }

    /// The names of the arguments `language`'s text uses, in order of first use.
    public func argumentNames(_ language: Language) -> [String] {
        var names: [String] = []
        for part in parts(language) {
            if case .argument(let name) = part, !names.contains(name) { names.append(name) }
        }
        return names
    }
}

/// A message a person reads: a template and the values of its arguments, rendered in a language
/// when it is shown.
public struct Message: Sendable, Hashable {
    /// What is said.
    public let template: MessageTemplate
    /// The value of each named argument.
    public let arguments: [String: Argument]

    /// An argument: text shown as it is in every language, or a message in the same language as the whole.
    public indirect enum Argument: Sendable, Hashable {
        /// Shown as it is (a name, a value, a number).
        case text(String)
        /// Rendered in the language of the message it is in.
        case message(Message)

        func text(_ language: Language) -> String {
            switch self {
            case .text(let t): return t
            case .message(let m): return m.text(language)
            }
        }
    }

    /// `template` with text `arguments`.
    public init(_ template: MessageTemplate, _ arguments: [String: String] = [:]) {
        self.init(template, arguments: arguments.mapValues(Argument.text))
    }

    /// `template` with `arguments`.
    public init(_ template: MessageTemplate, arguments: [String: Argument]) {
        self.template = template
        self.arguments = arguments
    }

    /// The message's identifier.
    public var id: String { template.id }

    /// `text` as it is, in every language (a name, a value, a quoted word).
    public static func verbatim(_ text: String) -> Message { Message(verbatimTemplate, ["text": text]) }
    private static let verbatimTemplate = MessageTemplate("verbatim", en: "{text}", zh: "{text}")

    /// A text already given in every language (what a check says of itself, a rule author's message).
    public static func localized(_ text: LocalizedText) -> Message { Message(localizedTemplate, ["en": text.en, "zh": text.zh]) }
    private static let localizedTemplate = MessageTemplate("localized", en: "{en}", zh: "{zh}")

    /// Nothing, in every language: an optional part of a message that is absent (no
    /// did-you-mean to add).
    public static let empty = Message(MessageTemplate("", en: "", zh: ""))

    /// The message in `language`, its arguments filled in. An argument the caller did not give
    /// is left as `{name}`, where a test sees it.
    public func text(_ language: Language) -> String {
        var out = ""
        for part in template.parts(language) {
            switch part {
            case .text(let t): out += t
            case .argument(let name): out += arguments[name]?.text(language) ?? "{\(name)}"
            }
        }
        return out
    }

    /// The message in every language.
    public var localized: LocalizedText { LocalizedText(en: text(.en), zh: text(.zh)) }

    enum Part: Hashable, Sendable {
        case text(Substring)
        case argument(String)
    }

    /// A wording cut into its text and `{name}` places (a name is ASCII letters, digits and `_`,
    /// not starting with a digit; any other brace is text, such as `[0-9]{6}`).
    static func parts(_ wording: String) -> [Part] {
        var parts: [Part] = []
        var rest = wording[...]
        while let open = rest.firstIndex(of: "{") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "}"),
                close > after, rest[after].isASCII, rest[after].isLetter || rest[after] == "_",
                rest[after..<close].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                parts.append(.text(rest[...open]))
                rest = rest[after...]
                continue
            }
            if open > rest.startIndex { parts.append(.text(rest[..<open])) }
            parts.append(.argument(String(rest[after..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(rest)) }
        return parts
    }
}

/// A module's messages: every template it says things with, so that tests can check each has
/// all its languages with the same arguments (`MessageCatalogCheck`).
public protocol MessageCatalog {
    /// Every template of the module.
    static var templates: [MessageTemplate] { get }
}

/// What is wrong with a catalog: templates whose languages take different arguments, or that
/// share an identifier, or have an empty wording.
public enum MessageCatalogCheck: Sendable {
    /// One line per problem; empty when the catalog is sound.
    public static func problems(_ templates: [MessageTemplate]) -> [String] {
        var out: [String] = []
        var seen: Set<String> = []
        for t in templates {
            if !seen.insert(t.id).inserted { out.append("\(t.id): two templates have this identifier") }
            if t.en.isEmpty || t.zh.isEmpty { out.append("\(t.id): a language has no wording") }
            let en = Set(t.argumentNames(.en)), zh = Set(t.argumentNames(.zh))
            if en != zh { out.append("\(t.id): English takes \(en.sorted()), Chinese takes \(zh.sorted())") }
        }
        return out
    }
}
