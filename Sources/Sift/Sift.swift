@_exported import SiftCore
import SiftFields
import SiftReceipts
import SiftAppleID
import SiftRoutes

extension PluginRegistry {
    /// A registry with every built-in plugin family.
    public static func builtIn() -> PluginRegistry {
        var registry = PluginRegistry()
        registry.registerBuiltIns()
        return registry
    }

    /// Registers every built-in plugin family: field validators, Apple receipts,
    /// Sign in with Apple tokens and routes.
    public mutating func registerBuiltIns() {
        registerFieldValidators()
        registerReceipts()
        registerAppleID()
        registerRoutes()
    }
}
