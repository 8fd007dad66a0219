import Foundation
@_exported import SiftCore
// Values, JSON documents and messages in every language, which the core's API speaks in.
@_exported import SiftConfig
@_exported import SiftJSON
@_exported import SiftMessages
import SiftFields
// The families' typed results (verdict.route, verdict.receipt, verdict.appleID) come with `import Sift`.
@_exported import SiftReceipts
@_exported import SiftAppleID
@_exported import SiftRoutes
@_exported import SiftAppStore
import SiftJSONSchema

extension PluginRegistry {
    /// A registry with every built-in plugin family.
    public static func builtIn() -> PluginRegistry {
        var registry = PluginRegistry()
        registry.registerBuiltIns()
        return registry
    }

    /// Registers every built-in plugin family: field validators, Apple receipts,
    /// Sign in with Apple tokens, routes and App Store signed data.
    public mutating func registerBuiltIns() {
        registerFieldValidators()
        registerReceipts()
        registerAppleID()
        registerRoutes()
        registerAppStore()
        registerJSONSchema()
    }
}

/// Why rules could not be loaded: every problem, located, and their rendered text
/// (`file:line:col: error: message`, the source line and a caret), as `sift lint` prints them.
public struct LoadError: Error, Sendable, CustomStringConvertible {
    /// Every error and warning, in file order.
    public let diagnostics: [Diagnostic]
    /// The diagnostics as text, for a log or a terminal.
    public let rendered: String
    public var description: String { rendered }
}

extension RulesLoader {
    /// Loads a rule file or a folder of rule packs with the built-in plugins (or `registry`).
    public static func load(path: String, registry: PluginRegistry = .builtIn()) throws(LoadError) -> Pipeline {
        try pipeline(RulesLoader(registry: registry).load(path: path))
    }

    /// Loads rules given as YAML text; `file` names it in diagnostics.
    public static func load(text: String, file: String = "rules.yaml", registry: PluginRegistry = .builtIn()) throws(LoadError) -> Pipeline
    {
        try pipeline(RulesLoader(registry: registry).load(text: text, file: file))
    }

    /// Loads a rule file shipped as a resource of `bundle` (`Bundle.module` in a package target),
    /// by name with or without its extension (`signup` finds `signup.yaml` or `signup.yml`).
    public static func load(bundleResource name: String, in bundle: Bundle, registry: PluginRegistry = .builtIn()) throws(LoadError)
        -> Pipeline
    {
        let url =
            bundle.url(forResource: name, withExtension: nil) ?? bundle.url(forResource: name, withExtension: "yaml")
            ?? bundle.url(forResource: name, withExtension: "yml")
        guard let url else {
            let text = "error: no rule file '\(name)' in \(bundle.bundlePath)"
            throw LoadError(diagnostics: [], rendered: text)
        }
        return try load(path: url.path, registry: registry)
    }

    private static func pipeline(_ result: LoadResult) throws(LoadError) -> Pipeline {
        guard let pipeline = result.pipeline, result.errors.isEmpty else {
            throw LoadError(diagnostics: result.diagnostics, rendered: result.rendered())
        }
        return pipeline
    }
}
