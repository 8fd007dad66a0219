import Foundation
import SiftCore
import SiftConfig

/// Apple's public keys as a value a host keeps up to date: made from JWKS data (fetched from
/// `https://appleid.apple.com/auth/keys` by the host, Sift itself never goes to the network)
/// and replaced with `update(jwks:)` when Apple rotates its keys, without reloading the rules.
///
///     let keys = try AppleKeyStore(jwks: data)
///     var registry = PluginRegistry.builtIn()
///     registry.registerAppleID(keyStores: ["apple": keys])   // rules say `key_store: apple`
///     ...
///     try keys.update(jwks: newData)                          // tokens checked afterwards use the new keys
///
/// Safe to update from any thread while records are checked: each record sees one key set.
public final class AppleKeyStore: @unchecked Sendable {
    // Guarded by `lock`; replaced whole, never mutated.
    private var keySet: AppleKeySet
    private let lock = NSLock()

    /// Why JWKS data cannot be used, and the keys that were skipped.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong with the JWKS data, in English.
        public let message: String
        public var description: String { message }
    }

    /// Keys from JWKS data: `{"keys":[{"kty":"RSA","kid":...,"alg":"RS256","n":...,"e":"AQAB"}]}`.
    public init(jwks: Data) throws(Error) {
        keySet = try Self.read(jwks)
    }

    /// A store holding keys already read (from a rule file's `jwks:`).
    init(_ keySet: AppleKeySet) {
        self.keySet = keySet
    }

    /// Replaces the keys; the old ones stay in use if the data cannot be used.
    public func update(jwks: Data) throws(Error) {
        let fresh = try Self.read(jwks)
        lock.lock()
        keySet = fresh
        lock.unlock()
    }

    /// The key ids now in the store, sorted.
    public var kids: [String] { current.kids }

    /// The key set in use now.
    var current: AppleKeySet {
        lock.lock()
        defer { lock.unlock() }
        return keySet
    }

    private static func read(_ data: Data) throws(Error) -> AppleKeySet {
        var context = BuildContext(directory: "", root: "", pack: "")
        let mark = Mark(file: "jwks", line: 1, column: 1)
        do {
            return try AppleKeySet(jwks: Array(data), file: "jwks", at: mark, context: &context)
        } catch {
            throw Error(message: error.message)
        }
    }
}
