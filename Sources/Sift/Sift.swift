@_exported import SiftCore
import SiftFields
import SiftReceipts

extension PluginRegistry {
    /// A registry with every built-in plugin family.
    public static func builtIn() -> PluginRegistry {
        var registry = PluginRegistry()
        registry.registerBuiltIns()
        return registry
    }

    /// Registers every built-in plugin family: field validators and Apple receipts.
    public mutating func registerBuiltIns() {
        registerFieldValidators()
        registerReceipts()
    }
}
