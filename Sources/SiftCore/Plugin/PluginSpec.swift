import SiftMessages
import SiftConfig

/// What a plugin accepts in YAML. The loader validates against it, `sift explain` and
/// `sift schema` describe it, and error messages quote it: one spec, every use.
public struct PluginSpec: Sendable {
    /// The YAML key that names the plugin: `regex`, `checksum`, `receipt`.
    public var kind: String
    /// One line on what it checks.
    public var summary: String
    /// The options it takes, in the order the docs list them.
    public var options: [Option]
    /// The option a scalar or list value stands for: `regex: '^a$'` means `regex: {pattern: '^a$'}`.
    public var shorthand: String?
    /// YAML snippets that show it in use.
    public var examples: [String]

    /// A spec for plugin `kind`; see the properties for each part.
    public init(kind: String, summary: String, options: [Option], shorthand: String? = nil, examples: [String] = []) {
        self.kind = kind
        self.summary = summary
        self.options = options
        self.shorthand = shorthand
        self.examples = examples
    }
}

extension PluginSpec {
    /// One option of a plugin: name, type, whether it is required, its default and a line of docs.
    public struct Option: Sendable {
        /// The YAML key: `pattern`, `min`.
        public var name: String
        /// The shape its value must have.
        public var type: OptionType
        /// True when the option must be given.
        public var required: Bool
        /// The value an absent option takes, for `sift schema` and the docs.
        package var defaultValue: ResolvedScalar?
        /// One line on what it does, for `sift plugins` and the schema.
        public var doc: String

        /// An option named `name` of type `type`; `doc` is the line `sift plugins` prints for it.
        public init(_ name: String, _ type: OptionType, required: Bool = false, doc: String) {
            self.init(name, type, required: required, default: nil, doc: doc)
        }

        package init(_ name: String, _ type: OptionType, required: Bool = false, default defaultValue: ResolvedScalar?, doc: String) {
            self.name = name
            self.type = type
            self.required = required
            self.defaultValue = defaultValue
            self.doc = doc
        }
    }
}

extension PluginSpec {
    /// The shape of an option's value.
    public indirect enum OptionType: Sendable {
        /// Text (a YAML scalar).
        case string
        /// A whole number.
        case integer
        /// An integer or a decimal.
        case number
        /// `true` or `false`.
        case boolean
        /// One of fixed words, e.g. `mode: full | search`.
        case choice([String])
        /// A list whose items have the given type (a single item is accepted as a list of one).
        case list(OptionType)
        /// A nested mapping with its own options.
        case object([Option])
        /// A mapping with free keys, each value of the given type.
        case dictionary(OptionType)
        /// The first of several types that fits.
        case oneOf([OptionType])
        /// Any YAML value; the plugin reads it itself.
        case any

        /// In words, for error messages: "a number", "one of full, search".
        public var phrase: String {
            switch self {
            case .string: return "text"
            case .integer: return "a whole number"
            case .number: return "a number"
            case .boolean: return "true or false"
            case .choice(let words): return "one of " + words.joined(separator: ", ")
            case .list(let t): return "a list of \(t.plural)"
            case .object: return "a mapping"
            case .dictionary: return "a mapping"
            case .oneOf(let ts): return ts.map(\.phrase).joined(separator: " or ")
            case .any: return "a value"
            }
        }

        /// `phrase` in every language.
        package var phraseMessage: Message {
            switch self {
            case .string: return CoreMessages.typeText()
            case .integer: return CoreMessages.typeWholeNumber()
            case .number: return CoreMessages.typeNumber()
            case .boolean: return CoreMessages.typeBoolean()
            case .choice(let words): return CoreMessages.typeChoice(["words": words.joined(separator: ", ")])
            case .list(let t): return CoreMessages.typeList(messages: ["plural": t.pluralMessage])
            case .object, .dictionary: return CoreMessages.typeMapping()
            case .oneOf(let ts):
                return ts.dropFirst().reduce(ts.first?.phraseMessage ?? .empty) {
                    CoreMessages.typeEither(messages: ["first": $0, "second": $1.phraseMessage])
                }
            case .any: return CoreMessages.typeAny()
            }
        }

        var pluralMessage: Message {
            switch self {
            case .string: return CoreMessages.pluralTexts()
            case .integer: return CoreMessages.pluralWholeNumbers()
            case .number: return CoreMessages.pluralNumbers()
            case .boolean: return CoreMessages.pluralBooleans()
            case .object, .dictionary: return CoreMessages.pluralMappings()
            default: return CoreMessages.pluralValues(messages: ["phrase": phraseMessage])
            }
        }

        var plural: String {
            switch self {
            case .string: return "texts"
            case .integer: return "whole numbers"
            case .number: return "numbers"
            case .boolean: return "booleans"
            case .object, .dictionary: return "mappings"
            default: return "values (\(phrase))"
            }
        }
    }
}
