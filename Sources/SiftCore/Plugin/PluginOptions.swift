import SiftJSON
import SiftConfig

/// A plugin's options after validation against its spec. Typed accessors fall back to
/// the spec's defaults; every value keeps its mark for further errors.
public struct PluginOptions: Sendable {
    /// The node the options were read from (the plugin's mapping, or the shorthand value).
    package let node: ConfigNode
    /// The option nodes by name.
    package let values: [String: ConfigNode]
    /// The plugin's declared options, whose defaults the accessors fall back to.
    public let spec: [PluginSpec.Option]

    package init(node: ConfigNode, values: [String: ConfigNode], spec: [PluginSpec.Option]) {
        self.node = node
        self.values = values
        self.spec = spec
    }

    /// Where the plugin is used in the rule file, for errors about the options as a whole.
    public var mark: Mark { node.mark }

    /// True when the rule file gives option `name` (defaults do not count).
    public func has(_ name: String) -> Bool { values[name] != nil }
    package func node(_ name: String) -> ConfigNode? { values[name] }
    /// Where option `name` is written (the plugin's own mark when it is absent), for errors about it.
    public func mark(_ name: String) -> Mark { values[name]?.mark ?? node.mark }

    private func value(_ name: String) -> ResolvedScalar? {
        if let n = values[name] { return n.resolved }
        return spec.first { $0.name == name }?.defaultValue
    }

    /// Option `name` as text, or its default; nil when neither exists.
    public func string(_ name: String) -> String? {
        if let n = values[name] { return n.scalarText }
        if case .string(let s)? = value(name) { return s }
        return nil
    }

    /// Option `name` as a whole number, or its default.
    public func int(_ name: String) -> Int? {
        if case .int(let i)? = value(name) { return i }
        return nil
    }

    /// Option `name` as a number (whole or decimal), or its default.
    public func double(_ name: String) -> Double? {
        switch value(name) {
        case .int(let i)?: return Double(i)
        case .double(let d)?: return d
        default: return nil
        }
    }

    /// Option `name` as `true`/`false`, or its default.
    public func bool(_ name: String) -> Bool? {
        if case .bool(let b)? = value(name) { return b }
        return nil
    }

    /// A list of texts; a single scalar counts as a one-item list.
    public func strings(_ name: String) -> [String]? {
        guard let n = values[name] else { return nil }
        if let items = n.items { return items.compactMap(\.scalarText) }
        return n.scalarText.map { [$0] }
    }

    /// A field-path option, parsed; reports a bad path at the option and returns nil.
    package func fieldPath(_ name: String, _ context: inout BuildContext) -> FieldPath? {
        guard let text = string(name) else { return nil }
        do { return try FieldPath(parsing: text) } catch {
            context.error(error.problem, at: mark(name))
            return nil
        }
    }
}
