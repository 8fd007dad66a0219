import Foundation
import SiftCore
import SiftReceipts
import SwiftASN1
import X509
import SiftJSON
import SiftConfig

extension PluginRegistry {
    /// Registers the `app_store` section: App Store signed transactions, renewal info and
    /// Server Notifications V2 (JWS with an x5c chain to trusted roots).
    public mutating func registerAppStore() {
        register(AppStorePlugin.plugin)
    }
}

enum AppStorePlugin {
    static let productTypes = ProductType.allCases.map(\.rawValue)

    static let plugin = SectionPlugin(
        spec: PluginSpec(
            kind: "app_store",
            summary:
                "App Store signed data (StoreKit 2, App Store Server API, Server Notifications V2): x5c chain, ES256 signature, "
                + "bundle, environment, products, refunds, subscriptions and replays.",
            options: options,
            examples: [
                "app_store: {field: signed_transaction, roots: [keys/AppleRootCA-G3.cer], bundle_id: com.example.app, "
                    + "products: {com.example.coins: consumable}}"
            ]),
        make: { options, context in make(options, &context) })

    static func make(_ options: PluginOptions, _ context: inout BuildContext) -> (any Stage)? {
        let before = context.diagnostics.errors.count
        let roots = loadRoots(options, &context)
        let asOf = asOfOption(options, &context)
        checkBounds(options, &context)
        let actions = actions(options, &context)
        let paidBefore = paidBeforeVersion(options, &context)
        guard let field = options.fieldPath("field", &context), context.diagnostics.errors.count == before else { return nil }
        var products: [String: ProductRule] = [:]
        for p in options.node("products")?.pairs ?? [] {
            guard let id = p.key.scalarText, let type = ProductType(rawValue: p.value.scalarText ?? "") else { continue }
            products[id] = ProductRule(type: type, group: id)
        }
        let policy = AppStorePolicy(
            field: field, kind: AppStorePolicy.Kind(rawValue: options.string("kind") ?? "") ?? .detect,
            verifier: ChainVerifier(roots: roots), maxTokenBytes: options.int("max_token_bytes") ?? 65536,
            validationTime: AppStorePolicy.ValidationTime(rawValue: options.string("validation_time") ?? "") ?? .signedDate,
            bundleIDs: Set(options.strings("bundle_id") ?? []), environments: Set(options.strings("environment") ?? ["Production"]),
            appAppleID: options.int("app_apple_id").map(Int64.init), products: products,
            graceSeconds: Int64(options.int("expiry_grace_seconds") ?? 0),
            familySharedAccepted: options.string("family_shared") != "refuse",
            accountTokenField: options.fieldPath("account_token_field", &context),
            accountToken: AppStorePolicy.AccountToken(rawValue: options.string("account_token") ?? "") ?? .required,
            quantityMin: Int64(options.int("quantity_min") ?? 1), quantityMax: options.int("quantity_max").map(Int64.init),
            storefronts: options.strings("storefronts").map(Set.init),
            transactionReasons: options.strings("transaction_reasons").map(Set.init),
            upgradedAccepted: options.string("upgraded") == "accept",
            notificationTypes: options.strings("notification_types").map(Set.init),
            actions: actions, paidBeforeVersion: paidBefore,
            orderField: options.fieldPath("order_field", &context) ?? FieldPath([.key("order_id")]),
            userField: options.fieldPath("user_field", &context) ?? FieldPath([.key("user_id")]),
            ledger: RuleFileLedger.resolve(options, &context),
            replayOwner: ReceiptPolicy.ReplayOwner(rawValue: options.string("replay_owner") ?? "") ?? .orderAndUser,
            replayKey: ReceiptPolicy.ReplayKey(rawValue: options.string("replay_key") ?? "") ?? .transactionAndOriginal,
            asOfMillis: asOf, rule: options.mark)
        return AppStoreStage(policy: policy)
    }

    /// `as_of`: nil for now (the run's as-of time).
    static func asOfOption(_ options: PluginOptions, _ context: inout BuildContext) -> Int64? {
        guard let t = options.string("as_of"), t != "now" else { return nil }
        let asOf = Int64(t) ?? CivilTime.rfc3339(t)
        if asOf == nil {
            context.error(AppStoreMessages.appStoreNowRfcTime(["t": "\(t)"]), at: options.mark("as_of"))
        }
        return asOf
    }

    /// The numeric options within their bounds.
    static func checkBounds(_ options: PluginOptions, _ context: inout BuildContext) {
        for name in ["max_token_bytes", "quantity_min"] where (options.int(name) ?? 1) < 1 {
            context.error(AppStoreMessages.mustAtLeast(["name": "\(name)", "name2": "\(options.int(name)!)"]), at: options.mark(name))
        }
        if let max = options.int("quantity_max"), max < (options.int("quantity_min") ?? 1) {
            context.error(
                AppStoreMessages.quantityMaxBelowQuantityMin(["max": "\(max)", "quantity_min": "\(options.int("quantity_min") ?? 1)"]),
                at: options.mark("quantity_max"))
        }
        let grace = options.int("expiry_grace_seconds") ?? 0
        if grace < 0 {
            context.error(AppStoreMessages.expiryGraceSecondsCannotNegative(), at: options.mark("expiry_grace_seconds"))
        } else if grace > 315_360_000 {
            context.error(AppStoreMessages.expiryGraceSecondsAtMost(["grace": "\(grace)"]), at: options.mark("expiry_grace_seconds"))
        }
    }

    /// `paid_before_version`, when given and readable.
    static func paidBeforeVersion(_ options: PluginOptions, _ context: inout BuildContext) -> AppVersion? {
        guard let v = options.string("paid_before_version") else { return nil }
        guard let version = AppVersion(v) else {
            context.error(
                AppStoreMessages.paidBeforeVersionVersionNumbers(["v": "\(v)"]),
                at: options.mark("paid_before_version"))
            return nil
        }
        return version
    }

    /// `actions:` and `refund_types` (each type `refund`) as one table; a type given both ways
    /// with different actions is an error, a type Apple does not document a warning.
    static func actions(_ options: PluginOptions, _ context: inout BuildContext) -> [String: NotificationAction] {
        var table: [String: NotificationAction] = [:]
        var marks: [String: Mark] = [:]
        for item in options.node("refund_types")?.items ?? [] {
            guard let type = item.scalarText else { continue }
            table[type] = .refund
            marks[type] = item.mark
        }
        for pair in options.node("actions")?.pairs ?? [] {
            guard let type = pair.key.scalarText, let action = NotificationAction(rawValue: pair.value.scalarText ?? "") else { continue }
            if let other = table[type], other != action {
                context.error(
                    AppStoreMessages.refundTypesActionsGiveOne(["type": "\(type)", "action": "\(action.rawValue)"]), at: pair.key.mark)
            }
            table[type] = action
            marks[type] = pair.key.mark
        }
        for (type, mark) in marks.sorted(by: { $0.key < $1.key }) {
            let parts = type.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let base = parts[0]
            if !NotificationAction.knownTypes.contains(base) {
                context.diagnostics.warning(
                    AppStoreMessages.notificationTypeAppleDocuments(
                        ["base": "\(base)"], messages: ["hint": Suggestion.hint(base, in: NotificationAction.knownTypes.sorted())]),
                    at: mark)
            } else if parts.count == 2, !NotificationAction.knownSubtypes.contains(parts[1]) {
                context.diagnostics.warning(
                    AppStoreMessages.notificationSubtypeAppleDocuments(
                        ["parts": "\(parts[1])"],
                        messages: ["hint": Suggestion.hint(parts[1], in: NotificationAction.knownSubtypes.sorted())]),
                    at: mark)
            }
        }
        return table
    }

    /// Why the file at `path` cannot be read, in the operating system's words (lower-cased).
    static func whyUnreadable(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd < 0 else {
            close(fd)
            return "not readable"
        }
        let text = String(cString: strerror(errno))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The trusted roots: each file inside the rules folder, PEM (one or more certificates)
    /// or DER; every problem reported, located at `roots`.
    static func loadRoots(_ options: PluginOptions, _ context: inout BuildContext) -> [Certificate] {
        var roots: [Certificate] = []
        let node = options.node("roots")
        let files = node?.items.map { $0.map { ($0.scalarText ?? "", $0.mark) } } ?? [(node?.scalarText ?? "", options.mark("roots"))]
        for (file, mark) in files where !file.isEmpty {
            guard let path = context.pathInsideRules(file, option: .rootCertificate, flag: nil, at: mark) else { continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                context.error(
                    AppStoreMessages.cannotReadRootCertificate([
                        "file": "\(file)", "path": "\(path)", "path2": "\(Self.whyUnreadable(path))",
                    ]), at: mark)
                continue
            }
            // Every certificate in the file must be read: one skipped would go unnoticed.
            guard let found = certificates(in: [UInt8](data)), !found.isEmpty else {
                context.error(AppStoreMessages.holdsCertificatePemDerCan(["file": "\(file)"]), at: mark)
                continue
            }
            roots += found
        }
        if files.allSatisfy(\.0.isEmpty) {
            context.error(
                AppStoreMessages.rootsNamesCertificateFileGive(), at: options.mark("roots"))
        }
        return roots
    }

    /// The certificates of a PEM file (every block must be one) or of a DER file; nil when one cannot be read.
    static func certificates(in bytes: [UInt8]) -> [Certificate]? {
        if let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN") {
            guard let docs = try? PEMDocument.parseMultiple(pemString: text) else { return nil }
            var out: [Certificate] = []
            for doc in docs {
                guard let c = try? Certificate(pemDocument: doc) else { return nil }
                out.append(c)
            }
            return out
        }
        return (try? Certificate(derEncoded: bytes)).map { [$0] }
    }
}

extension Pack {
    /// True when the pack takes App Store Server Notifications: its `app_store:` section's `kind`
    /// is `notification` (`sift serve` sends Apple's notifications to such packs only).
    package var takesAppStoreNotifications: Bool {
        stages.contains { ($0 as? AppStoreStage)?.policy.kind == .notification }
    }
}
