@_exported import SiftCore
import SiftFields

extension PluginRegistry {
    /// A registry with every built-in plugin family.
    public static func builtIn() -> PluginRegistry {
        var registry = PluginRegistry()
        registry.registerBuiltIns()
        return registry
    }

    /// Registers every built-in plugin family: the field validators.
    public mutating func registerBuiltIns() {
        registerFieldValidators()
    }
}
