import SiftCore
import SiftJSON

/// One subscription's (or non-consumable's) entitlement as the ledger keeps it: per original
/// transaction, the latest state (`rank`: the later period, then the one Apple signed last; never
/// by arrival), its buyer, and what made it (docs/SERVE.md, "Entitlements").
///
/// Every verified arrival without a violation writes it (`ClaimsStore.putEntitlement`): a
/// notification, a signed transaction the app posted, a delivery made again. The store keeps the
/// greatest, so an older notification delivered late never overwrites a newer state; the buyer's
/// ids are kept from the first arrival that had them (a notification has none, the app's post has).
package struct EntitlementRow: Sendable, Equatable {
    package var originalTransactionID: String
    /// The transaction whose signed data made the state.
    package var transactionID: String
    package var productID: String
    /// `appAccountToken` of the signed transaction, lower case.
    package var account: String?
    package var order: String?
    package var user: String?
    /// `AppStoreResult.Entitlement.State` as Apple signed it: `active`, `grace_period`, ...
    package var state: String
    package var expiresMs: Int64?
    package var graceExpiresMs: Int64?
    /// Apple was retrying billing when it signed (`isInBillingRetryPeriod`).
    package var billingRetry: Bool
    package var autoRenew: Bool?
    /// When Apple signed what made the state: the notification's `signedDate`, or the transaction's.
    package var signedMs: Int64
    /// How it arrived: `notification`, `transaction`, `api_response`.
    package var via: String
    /// The notification that made it (`notificationUUID`, and its type with the subtype after a dot).
    package var notificationUUID: String?
    package var notificationType: String?

    package init(
        originalTransactionID: String, transactionID: String, productID: String, account: String?, state: String, expiresMs: Int64?,
        graceExpiresMs: Int64?, billingRetry: Bool, autoRenew: Bool?, signedMs: Int64, via: String
    ) {
        self.originalTransactionID = originalTransactionID
        self.transactionID = transactionID
        self.productID = productID
        self.account = account
        self.state = state
        self.expiresMs = expiresMs
        self.graceExpiresMs = graceExpiresMs
        self.billingRetry = billingRetry
        self.autoRenew = autoRenew
        self.signedMs = signedMs
        self.via = via
    }

    /// Which of two rows of one original transaction the ledger keeps (the greater): the later
    /// period (`expires_ms`; a purchase that does not expire has none), then, within a period, the
    /// one Apple signed last, then the notification and the transaction id (so that every order of
    /// arrival ends the same). A refund of an earlier period never ends a later one; a reversal
    /// signed after its refund ends it.
    package var rank: (Int64, Int64, String, String) { (expiresMs ?? -1, signedMs, notificationUUID ?? "", transactionID) }

    /// The state as of `asOf`, and the date that changed it (nil when Apple's word still holds):
    /// past `expires_ms` an active entitlement is expired, or in billing retry a grace period while
    /// the grace end is ahead and billing retry after; past a known grace end, a grace period ends.
    /// The same rules a result line's entitlement follows (`EntitlementRules`).
    package func state(asOf: Int64) -> (state: String, changedBy: String?) {
        if state == "active", let expires = expiresMs, expires <= asOf {
            return (billingRetry ? ((graceExpiresMs ?? Int64.min) > asOf ? "grace_period" : "billing_retry") : "expired", "expires_ms")
        }
        if state == "grace_period", let grace = graceExpiresMs, grace <= asOf {
            return (billingRetry ? "billing_retry" : "expired", "grace_expires_ms")
        }
        return (state, nil)
    }

    /// `{"original_transaction_id":…,"product_id":…,"state":…,…}` as of `asOf` (docs/SERVE.md).
    package func write(asOf: Int64, into w: inout JSONWriter) {
        let now = state(asOf: asOf)
        w.beginObject()
        w.field("original_transaction_id", originalTransactionID)
        w.field("product_id", productID)
        w.field("state", now.state)
        if let changed = now.changedBy {
            w.field("signed_state", state)
            w.field("changed_by", changed)
        }
        if let e = expiresMs { w.key("expires_ms"); w.int(Int(e)) }
        if let g = graceExpiresMs { w.key("grace_expires_ms"); w.int(Int(g)) }
        if billingRetry { w.field("billing_retry", true) }
        if let a = autoRenew { w.field("auto_renew", a) }
        if let a = account { w.field("app_account_token", a) }
        if let u = user { w.field("user_id", u) }
        if let o = order { w.field("order_id", o) }
        w.field("transaction_id", transactionID)
        w.key("signed_ms")
        w.int(Int(signedMs))
        w.field("via", via)
        if let n = notificationUUID { w.field("notification_uuid", n) }
        if let t = notificationType { w.field("notification_type", t) }
        w.endObject()
    }
}

/// Which entitlements to read: a buyer's (`appAccountToken`, or the user id the app posted), one
/// subscription's (its original transaction), or all of them (nil, nil).
package struct EntitlementQuery: Sendable, Equatable {
    package var account: String?
    package var originalTransactionID: String?

    package init(account: String? = nil, originalTransactionID: String? = nil) {
        self.account = account
        self.originalTransactionID = originalTransactionID
    }
}

/// The SQL both ledgers run (SQLite's `entitlements` table, PostgreSQL's `sift_entitlements`):
/// one statement text, `$1`… parameters (SQLite reads `$1` as a parameter named so, numbered in
/// order of appearance).
package enum EntitlementSQL {
    /// The columns, in the order of the insert's parameters and of `select`'s JSON.
    package static let columns = [
        "original_transaction_id", "transaction_id", "product_id", "account", "order_id", "user_id", "state", "expires_ms",
        "grace_expires_ms", "billing_retry", "auto_renew", "signed_ms", "via", "notification_uuid", "notification_type",
    ]

    /// The table: one row per original transaction; looked up by buyer through two indexes.
    /// `byteWise` (PostgreSQL): the texts the upsert compares are compared byte by byte
    /// (`COLLATE "C"`), as SQLite compares every text and Swift the ids' ASCII.
    package static func create(_ table: String, ifMissing: Bool, byteWise: Bool = false) -> [String] {
        let exists = ifMissing ? "IF NOT EXISTS " : ""
        let c = byteWise ? #" COLLATE "C""# : ""
        return [
            """
            CREATE TABLE \(exists)\(table) (
              original_transaction_id TEXT\(c) PRIMARY KEY, transaction_id TEXT\(c) NOT NULL, product_id TEXT NOT NULL,
              account TEXT, order_id TEXT, user_id TEXT, state TEXT NOT NULL, expires_ms BIGINT, grace_expires_ms BIGINT,
              billing_retry BOOLEAN NOT NULL, auto_renew BOOLEAN, signed_ms BIGINT NOT NULL, via TEXT NOT NULL,
              notification_uuid TEXT\(c), notification_type TEXT)
            """,
            "CREATE INDEX \(exists)\(table)_account ON \(table) (account)",
            "CREATE INDEX \(exists)\(table)_user ON \(table) (user_id)",
        ]
    }

    /// Writes a row: the state's columns only when the row is greater than the one kept
    /// (`EntitlementRow.rank`: a later period, or the same period signed later); the buyer's ids
    /// when the kept row has none.
    package static func upsert(_ table: String) -> String {
        let params = (1...columns.count).map { "$\($0)" }.joined(separator: ", ")
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(params))\n" + onConflict(table)
    }

    /// The upsert's `ON CONFLICT` clause: the state's columns from a row signed later, the buyer's
    /// ids where the kept row has none.
    package static func onConflict(_ table: String) -> String {
        func key(_ t: String) -> String {
            "(coalesce(\(t).expires_ms, -1), \(t).signed_ms, coalesce(\(t).notification_uuid, ''), \(t).transaction_id)"
        }
        let newer = "\(key("excluded")) > \(key(table))"
        let owners = ["account", "order_id", "user_id"].map { "\($0) = coalesce(\(table).\($0), excluded.\($0))" }
        let state = columns.filter { !["original_transaction_id", "account", "order_id", "user_id"].contains($0) }.map {
            "\($0) = CASE WHEN \(newer) THEN excluded.\($0) ELSE \(table).\($0) END"
        }
        return "ON CONFLICT (original_transaction_id) DO UPDATE SET \((owners + state).joined(separator: ", "))"
    }

    /// The rows of one block as one row per original transaction, as writing them one after
    /// another would leave it (a statement may change a row once): the state of the greatest
    /// (`EntitlementRow.rank`), the buyer's ids of the first that had them.
    package static func merged(_ rows: [EntitlementRow]) -> [EntitlementRow] {
        var out: [String: EntitlementRow] = [:]
        var order: [String] = []
        for row in rows {
            guard var kept = out[row.originalTransactionID] else {
                out[row.originalTransactionID] = row
                order.append(row.originalTransactionID)
                continue
            }
            let (account, orderID, user) = (kept.account ?? row.account, kept.order ?? row.order, kept.user ?? row.user)
            if row.rank > kept.rank { kept = row }
            (kept.account, kept.order, kept.user) = (account, orderID, user)
            out[row.originalTransactionID] = kept
        }
        return order.map { out[$0]! }
    }

    /// The rows `query` asks for, each as one JSON text (`jsonObject`: SQLite's `json_object`,
    /// PostgreSQL's `json_build_object`), in original transaction order; `$1` the account, `$2`
    /// the original transaction (either may be null).
    package static func select(_ table: String, jsonObject: String) -> String {
        let pairs = columns.map { "'\($0)', \($0)" }.joined(separator: ", ")
        return """
            SELECT CAST(\(jsonObject)(\(pairs)) AS TEXT) FROM \(table)
            WHERE (CAST($1 AS TEXT) IS NULL OR account = lower($1) OR user_id = $1)
              AND (CAST($2 AS TEXT) IS NULL OR original_transaction_id = $2)
            ORDER BY original_transaction_id
            """
    }

    /// The parameters of `upsert` for `row`, as text or nil (each ledger binds them its way),
    /// with the kind of each: `t` text, `i` integer, `b` boolean.
    package static func values(_ row: EntitlementRow) -> [(kind: Character, value: String?)] {
        func b(_ v: Bool?) -> String? { v.map { $0 ? "1" : "0" } }
        let r = row
        return [
            ("t", r.originalTransactionID), ("t", r.transactionID), ("t", r.productID), ("t", r.account), ("t", r.order),
            ("t", r.user), ("t", r.state), ("i", r.expiresMs.map(String.init)), ("i", r.graceExpiresMs.map(String.init)),
            ("b", b(r.billingRetry)), ("b", b(r.autoRenew)), ("i", String(r.signedMs)), ("t", r.via), ("t", r.notificationUUID),
            ("t", r.notificationType),
        ]
    }

    /// A row from `select`'s JSON text; nil if it is not one.
    package static func row(json text: String) -> EntitlementRow? {
        guard let doc = try? JSONDocument(bytes: Array(text.utf8)), doc.root.kind == .object else { return nil }
        let o = doc.root
        func s(_ k: String) -> String? { o[k]?.string }
        func i(_ k: String) -> Int64? { o[k]?.integer.map(Int64.init) }
        // SQLite gives booleans as 0 and 1, PostgreSQL as true and false.
        func b(_ k: String) -> Bool? { o[k]?.bool ?? o[k]?.integer.map { $0 != 0 } }
        guard let original = s("original_transaction_id"), let id = s("transaction_id"), let product = s("product_id"),
            let state = s("state"), let signed = i("signed_ms"), let via = s("via")
        else { return nil }
        var row = EntitlementRow(
            originalTransactionID: original, transactionID: id, productID: product, account: s("account"), state: state,
            expiresMs: i("expires_ms"), graceExpiresMs: i("grace_expires_ms"), billingRetry: b("billing_retry") ?? false,
            autoRenew: b("auto_renew"), signedMs: signed, via: via)
        row.order = s("order_id")
        row.user = s("user_id")
        row.notificationUUID = s("notification_uuid")
        row.notificationType = s("notification_type")
        return row
    }
}
