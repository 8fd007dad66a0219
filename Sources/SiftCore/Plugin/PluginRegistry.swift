import Foundation
import SiftJSON
import SiftMessages
import SiftConfig
import SiftExpr
/// A field-validator plugin: its spec and a factory for checks.
public struct CheckPlugin: Sendable {
    /// What the check is called and which options it takes.
    public var spec: PluginSpec
    /// Builds a check from validated options; reports its own errors (a bad regex) and returns nil.
    public var make: @Sendable (PluginOptions, inout BuildContext) -> (any ValueCheck)?

    /// A check plugin declared by `spec`, whose checks `make` builds.
    public init(spec: PluginSpec, make: @escaping @Sendable (PluginOptions, inout BuildContext) -> (any ValueCheck)?) {
        self.spec = spec
        self.make = make
    }
}

/// A pack-level plugin, written as its own top-level key of a pack (`receipt:`, `routes:`).
package struct SectionPlugin: Sendable {
    public var spec: PluginSpec
    public var make: @Sendable (PluginOptions, inout BuildContext) -> (any Stage)?

    public init(spec: PluginSpec, make: @escaping @Sendable (PluginOptions, inout BuildContext) -> (any Stage)?) {
        self.spec = spec
        self.make = make
    }
}

/// What a plugin factory may use and report to.
public struct BuildContext: Sendable {
    package var diagnostics = DiagnosticList()
    /// The folder of the rule file being compiled, for paths in options (a JWKS file).
    public var directory: String
    /// The rules root: paths in options may not leave it.
    public var root: String
    /// The pack's name.
    public var pack: String
    /// Values given on the command line that replace options of the rules (`--aasa FILE` is
    /// `aasa`): paths here are taken as they are, not relative to the rule file.
    public var overrides: [String: String] = [:]
    /// Texts of other files a plugin read and located problems in (a JSON Schema), by the name
    /// its marks give, so that messages show the line with a caret as they do for rule files.
    package var sources: [String: String] = [:]
    /// Field rules a section asks the pack to run with its `fields:` (`SectionField`).
    package var sectionFields: [SectionField] = []
    /// The field whose checks are being built, when a field's (set by the pack compiler).
    package var field: FieldPath?
    /// Paths the rules read besides their own fields, for lint's warnings (`NeverActsLint`).
    package var references: [FieldReference] = []

    /// Tells lint that the check `kind` reads `path` inside each element of the list it checks
    /// (`unique_by: sku`): a path that no rule or example of the pack names is then a warning,
    /// with a did-you-mean.
    package mutating func readsInEachElement(_ path: FieldPath, written text: String, by kind: String, at mark: Mark) {
        guard let field else { return }
        let list = field.components.last == .wildcard ? field.components : field.components + [.wildcard]
        references.append(FieldReference(path: FieldPath(list + path.components), text: text, mark: mark, reader: .named(kind)))
    }

    /// A context for building the plugins of pack `pack`, in a rule file in `directory` under the rules folder `root`.
    public init(directory: String, root: String, pack: String) {
        self.directory = directory
        self.root = root
        self.pack = pack
    }

    /// The file a rule option names (`ledger:`, `jwks:`, `aasa:`), relative to the rule file,
    /// with symbolic links resolved (of its folder, when the file does not exist yet). Nil, with
    /// an error at `mark`, when that leads outside the rules folder: a rule file may only name
    /// files inside it; a file elsewhere is given by the operator (`flag`, e.g. `--ledger`).
    public mutating func pathInsideRules(_ path: String, option: String, flag: String?, at mark: Mark) -> String? {
        pathInsideRules(path, option: .verbatim(option), flag: flag, at: mark)
    }

    /// `pathInsideRules` with the option's name in every language (`RuleFileOption`).
    package mutating func pathInsideRules(_ path: String, option: RuleFileOption, flag: String?, at mark: Mark) -> String? {
        pathInsideRules(path, option: option.message, flag: flag, at: mark)
    }

    private mutating func pathInsideRules(_ path: String, option: Message, flag: String?, at mark: Mark) -> String? {
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        let url = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL
        let resolved: String
        var st = stat()
        if lstat(url.path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, !FileManager.default.fileExists(atPath: url.path) {
            // A link to a file that does not exist yet would be created wherever the link leads.
            let said = flag.map { CoreMessages.fileMissingLinkFlag(["path": path, "flag": $0], messages: ["option": option]) }
            error(said ?? CoreMessages.fileMissingLink(["path": path], messages: ["option": option]), at: mark)
            return nil
        } else if FileManager.default.fileExists(atPath: url.path) {
            resolved = url.resolvingSymlinksInPath().path
        } else {
            resolved = url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
        }
        let rootPath = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(rootPath + "/") else {
            let said = flag.map { CoreMessages.fileOutsideFlag(["path": path, "flag": $0], messages: ["option": option]) }
            error(said ?? CoreMessages.fileOutside(["path": path], messages: ["option": option]), at: mark)
            return nil
        }
        return resolved
    }

    /// Reports a problem with the options at `mark`; the rules do not load.
    public mutating func error(_ message: String, at mark: Mark) { diagnostics.append(.error(message, at: mark)) }
    /// Reports advice at `mark` (shown by `sift lint`); the rules still load.
    public mutating func warning(_ message: String, at mark: Mark) { diagnostics.append(.warning(message, at: mark)) }
    /// Reports a problem with the options at `mark`, from a module's catalog; the rules do not load.
    public mutating func error(_ message: Message, at mark: Mark) { diagnostics.error(message, at: mark) }
    /// Reports advice at `mark`, from a module's catalog (shown by `sift lint`); the rules still load.
    public mutating func warning(_ message: Message, at mark: Mark) { diagnostics.warning(message, at: mark) }
}

/// The plugins a loader knows, by kind. A value you build and pass in; there is no global.
public struct PluginRegistry: Sendable {
    /// The check plugins by kind.
    public private(set) var checks: [String: CheckPlugin] = [:]
    package private(set) var sections: [String: SectionPlugin] = [:]

    /// Whether rule files may declare `exec_checks:` (checks run as external programs).
    /// Refused by default: rules are data, and whoever can edit a rule file would otherwise run
    /// any program as the user who applies it. The operator allows it (`sift run --allow-exec`,
    /// or a host's `allowExecChecks()` from `SiftExec`).
    package var execChecks: ExecChecksPermission = .refused
    /// Reads a rule file's `exec_checks:` section; set by `SiftExec`, nil without it (then such
    /// a section is an error).
    package var execSection: ExecSectionReader?
    /// Opens the ledger's key claims for `unique_across_runs`; set by the family that owns the
    /// ledger (`registerReceipts()`), nil without it.
    package var keyClaims: KeyClaimsOpener?
    /// Compiles the patterns of `matches(...)` in formulas; set by the family that owns the regex
    /// engine (`registerFieldValidators()`), nil without it.
    package var textPatterns: TextMatcher.Compiler?

    /// An empty registry; `PluginRegistry.builtIn()` has every built-in plugin.
    public init() {}

    /// Adds a check plugin, replacing one of the same kind.
    public mutating func register(_ plugin: CheckPlugin) { checks[plugin.spec.kind] = plugin }
    package mutating func register(_ plugin: SectionPlugin) { sections[plugin.spec.kind] = plugin }

    /// All specs, checks first, sorted by kind (for docs and the schema).
    public var specs: [PluginSpec] {
        checks.values.map(\.spec).sorted { $0.kind < $1.kind } + sections.values.map(\.spec).sorted { $0.kind < $1.kind }
    }
}

/// Reads an `exec_checks:` mapping (its file's folder, the rules folder): registers its checks
/// into the registry and lists their commands.
package typealias ExecSectionReader =
    @Sendable (
        _ node: ConfigNode, _ directory: String, _ root: String, _ registry: inout PluginRegistry, _ commands: inout [DeclaredCommand],
        _ diagnostics: inout DiagnosticList
    ) -> Void

/// A program that rules declare (`exec_checks:`), for `sift lint` and `sift explain` to list.
package struct DeclaredCommand: Sendable, Equatable {
    /// The check's name.
    public let name: String
    /// The program and its arguments.
    public let command: [String]
    /// Where the command is written.
    public let mark: Mark

    package init(name: String, command: [String], mark: Mark) {
        self.name = name
        self.command = command
        self.mark = mark
    }

    /// The command as one quoted text (at most about 120 characters): `'sh -c id > pwned'`.
    public static func shown(_ command: [String]) -> String {
        "'" + Diagnostic.clamped(command.joined(separator: " ")) + "'"
    }
}

/// What the loader does with `exec_checks:` in rule files.
package enum ExecChecksPermission: Sendable {
    /// Loading fails with an error at each declared command (the default).
    case refused
    /// Declared and compiled, never started (`sift lint`, `explain`, `schema`, `plugins`).
    case declaredOnly
    /// Started on first use (`--allow-exec`, `allowExecChecks()`).
    case allowed
}

/// A file a rule option names, as messages call it.
package enum RuleFileOption: Sendable {
    case ledger, keySet, aasa, rootCertificate, schema, schemaMap

    var message: Message {
        switch self {
        case .ledger: return CoreMessages.optionLedger()
        case .keySet: return CoreMessages.optionKeySet()
        case .aasa: return CoreMessages.optionAASA()
        case .rootCertificate: return CoreMessages.optionRootCertificate()
        case .schema: return CoreMessages.optionSchema()
        case .schemaMap: return CoreMessages.optionSchemaMap()
        }
    }
}
