import Foundation
import SiftCore
import SiftJSON
import SiftConfig

extension PluginRegistry {
    /// Registers the `apple_id_token` section: Sign in with Apple identity-token checks.
    /// Rules name their keys with `jwks: FILE`, or with `key_store: NAME` for one of
    /// `keyStores`, which the host keeps up to date (`AppleKeyStore.update(jwks:)`).
    public mutating func registerAppleID(keyStores: [String: AppleKeyStore] = [:]) {
        register(AppleIDPlugin.plugin(keyStores))
    }
}

enum AppleIDPlugin {
    static func plugin(_ stores: [String: AppleKeyStore]) -> SectionPlugin {
        SectionPlugin(
            spec: PluginSpec(
                kind: "apple_id_token",
                summary: "Sign in with Apple identity tokens: RS256 signature by kid, issuer, audience, expiry, subject and nonce.",
                options: [
                    PluginSpec.Option("token_field", .string, required: true, doc: "Record field with the identity token (a compact JWT)."),
                    PluginSpec.Option("user_field", .string, doc: "Record field with the expected user id (the token's sub)."),
                    PluginSpec.Option("nonce_field", .string, doc: "Record field with the expected nonce."),
                    PluginSpec.Option(
                        "nonce_hashed", .boolean, default: .bool(true),
                        doc: "The token carries the SHA-256 hex of the raw nonce (as Apple's docs advise); false: the raw nonce."),
                    PluginSpec.Option(
                        "jwks", .string, doc: "Apple's key set file (JWKS), relative to this rule file; read once, no network."),
                    PluginSpec.Option(
                        "key_store", .string,
                        doc:
                            "Instead of jwks: the name of a key store the host registered and keeps up to date "
                            + "(registerAppleID(keyStores:))."
                    ),
                    PluginSpec.Option(
                        "audiences", .oneOf([.string, .list(.string)]), required: true,
                        doc: "Accepted aud values: bundle ids and Services IDs."),
                    PluginSpec.Option("issuer", .string, default: .string("https://appleid.apple.com"), doc: "The accepted iss."),
                    PluginSpec.Option(
                        "as_of", .string, default: .string("now"),
                        doc: "now (the run's as-of time) or a fixed time: RFC 3339 or epoch seconds."),
                    PluginSpec.Option("leeway_seconds", .integer, default: .int(0), doc: "Clock skew allowed for exp and iat."),
                    PluginSpec.Option(
                        "max_token_bytes", .integer, default: .int(8192),
                        doc: "Longest token (UTF-8 bytes) that is decoded at all; a longer one is apple_id.too_large."),
                    PluginSpec.Option(
                        "malformed_exp", .choice(AppleIDPolicy.MalformedExp.allCases.map(\.rawValue)), default: .string("malformed"),
                        doc: "exp missing or not a number: malformed (apple_id.exp_malformed) or expired (apple_id.expired)."),
                    PluginSpec.Option(
                        "report", .choice(AppleIDPolicy.Report.allCases.map(\.rawValue)), default: .string("every"),
                        doc: "every: every failing claim check of a verified token; first: only the first in check order."),
                ],
                examples: [
                    "apple_id_token: {token_field: identity_token, user_field: user_id, jwks: keys/apple.json, "
                        + "audiences: [com.example.app]}"
                ]),
            make: { options, context in make(options, stores, &context) })
    }

    /// The keys named by `jwks:` (a file) or `key_store:` (a host's store): exactly one of them.
    static func keys(_ options: PluginOptions, _ stores: [String: AppleKeyStore], _ context: inout BuildContext) -> AppleKeyStore? {
        switch (options.string("jwks"), options.string("key_store")) {
        case (nil, nil):
            context.error(
                AppleIDMessages.appleIdTokenNeedsKeys(), at: options.mark)
        case (.some, .some):
            context.error(AppleIDMessages.giveJwksKeyStoreBoth(), at: options.mark("key_store"))
        case (nil, let name?):
            if let store = stores[name] { return store }
            let known = stores.keys.sorted()
            context.error(
                known.isEmpty
                    ? AppleIDMessages.noKeyStoreRegisterIt(["name": name])
                    : AppleIDMessages.noKeyStore(["name": name], messages: ["hint": Suggestion.hint(name, in: known)]),
                at: options.mark("key_store"))
        case (let file?, nil):
            return fileKeys(file, options, &context).map(AppleKeyStore.init)
        }
        return nil
    }

    static func fileKeys(_ jwks: String, _ options: PluginOptions, _ context: inout BuildContext) -> AppleKeySet? {
        guard let abs = context.pathInsideRules(jwks, option: .keySet, flag: nil, at: options.mark("jwks")) else { return nil }
        guard let data = FileManager.default.contents(atPath: abs) else {
            context.error(AppleIDMessages.cannotReadKeySet(["jwks": "\(jwks)"]), at: options.mark("jwks"))
            return nil
        }
        do { return try AppleKeySet(jwks: Array(data), file: jwks, at: options.mark("jwks"), context: &context) } catch {
            context.diagnostics.append(error)
            return nil
        }
    }

    static func make(_ options: PluginOptions, _ stores: [String: AppleKeyStore], _ context: inout BuildContext) -> (any Stage)? {
        func path(_ name: String) -> FieldPath? { options.fieldPath(name, &context) }
        guard let keys = keys(options, stores, &context) else { return nil }
        var asOf: Int64?
        if let t = options.string("as_of"), t != "now" {
            if let secs = Int64(t), secs.magnitude < 1 << 40 {
                asOf = secs * 1000
            } else {
                guard let ms = CivilTime.rfc3339(t) else {
                    context.error(
                        AppleIDMessages.appleIdTokenNowRfc(["t": "\(t)"]), at: options.mark("as_of"))
                    return nil
                }
                asOf = ms
            }
        }
        let leeway = options.int("leeway_seconds") ?? 0
        if leeway < 0 { context.error(AppleIDMessages.leewaySecondsCannotNegative(), at: options.mark("leeway_seconds")) }
        let maxBytes = options.int("max_token_bytes") ?? 8192
        if maxBytes < 1 {
            context.error(AppleIDMessages.maxTokenBytesMustAt(["max_bytes": "\(maxBytes)"]), at: options.mark("max_token_bytes"))
        }
        guard let token = path("token_field") else { return nil }
        let policy = AppleIDPolicy(
            tokenField: token, userField: path("user_field"), nonceField: path("nonce_field"),
            nonceHashed: options.bool("nonce_hashed") ?? true, keys: keys, audiences: Set(options.strings("audiences") ?? []),
            issuer: options.string("issuer") ?? "https://appleid.apple.com", asOfMillis: asOf, leewaySeconds: Int64(max(0, leeway)),
            maxTokenBytes: max(1, maxBytes),
            malformedExp: AppleIDPolicy.MalformedExp(rawValue: options.string("malformed_exp") ?? "") ?? .malformed,
            report: AppleIDPolicy.Report(rawValue: options.string("report") ?? "") ?? .every, rule: options.mark)
        return AppleIDStage(policy: policy)
    }
}
