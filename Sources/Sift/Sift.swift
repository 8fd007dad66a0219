@_exported import SiftCore
import SiftFields
import SiftReceipts
import SiftAppleID

extension PluginRegistry {
    /// A registry with every built-in plugin family.
    public static func builtIn() -> PluginRegistry {
        var registry = PluginRegistry()
        registry.registerBuiltIns()
        return registry
    }

    /// Registers every built-in plugin family: field validators, Apple receipts and
    /// Sign in with Apple tokens.
    public mutating func registerBuiltIns() {
        registerFieldValidators()
        registerReceipts()
        registerAppleID()
    }
}
