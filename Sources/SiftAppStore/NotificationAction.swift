/// What a server must do with a verified App Store Server Notification (docs/APP-STORE.md,
/// "Notifications say what to do"). Each `notificationType` (or `TYPE.SUBTYPE`) has one; the
/// defaults follow Apple's notificationType documentation and `actions:` overrides them.
public enum NotificationAction: String, Sendable, CaseIterable, Equatable {
    /// The transaction is checked and credited like a signed transaction (a purchase, a renewal).
    case credit
    /// Billing failed but the subscription is in its grace period: keep the service on.
    case keep
    /// The entitlement ends (expired, billing retry). Nothing is marked: a resubscription keeps
    /// the same `originalTransactionId` and must stay creditable.
    case revoke
    /// Refunded or revoked: the transaction is marked and never credited again.
    case refund
    /// A refund was reversed: its marks are lifted.
    case restore
    /// Nothing to credit or take away (a status change, a test, a type Sift does not know).
    case inform

    /// Apple's types, with the action each has by default; `TYPE.SUBTYPE` before `TYPE`.
    static let defaults: [String: NotificationAction] = [
        "SUBSCRIBED": .credit, "DID_RENEW": .credit, "ONE_TIME_CHARGE": .credit,
        // An offer redeemed as a purchase, or an upgrade that takes effect at once, brings a new
        // transaction; one redeemed for the active subscription (no subtype) or a downgrade takes
        // effect at the next renewal, which DID_RENEW credits.
        "OFFER_REDEEMED": .inform, "OFFER_REDEEMED.INITIAL_BUY": .credit, "OFFER_REDEEMED.RESUBSCRIBE": .credit,
        "OFFER_REDEEMED.UPGRADE": .credit, "OFFER_REDEEMED.DOWNGRADE": .inform,
        "DID_CHANGE_RENEWAL_PREF": .inform, "DID_CHANGE_RENEWAL_PREF.UPGRADE": .credit, "DID_CHANGE_RENEWAL_PREF.DOWNGRADE": .inform,
        // An extension moves the expiry of a transaction credited already: its entitlement says
        // the new date; crediting it again would be a re-delivery.
        "RENEWAL_EXTENDED": .inform,
        "DID_FAIL_TO_RENEW": .revoke, "DID_FAIL_TO_RENEW.GRACE_PERIOD": .keep, "EXPIRED": .revoke, "GRACE_PERIOD_EXPIRED": .revoke,
        "REFUND": .refund, "REVOKE": .refund, "REFUND_REVERSED": .restore,
        "DID_CHANGE_RENEWAL_STATUS": .inform, "PRICE_INCREASE": .inform, "REFUND_DECLINED": .inform, "CONSUMPTION_REQUEST": .inform,
        "RENEWAL_EXTENSION": .inform, "TEST": .inform, "EXTERNAL_PURCHASE_TOKEN": .inform, "RESCIND_CONSENT": .inform,
        "METADATA_UPDATE": .inform, "MIGRATION": .inform, "PRICE_CHANGE": .inform,
    ]

    /// The types Apple documents (`notificationType`), for the shape checks and lint.
    static let knownTypes: Set<String> = Set(defaults.keys.map { String($0.split(separator: ".")[0]) })

    /// The subtypes Apple documents (`subtype`), for lint.
    static let knownSubtypes: Set<String> = [
        "INITIAL_BUY", "RESUBSCRIBE", "DOWNGRADE", "UPGRADE", "AUTO_RENEW_ENABLED", "AUTO_RENEW_DISABLED", "VOLUNTARY",
        "BILLING_RETRY", "PRICE_INCREASE", "GRACE_PERIOD", "PENDING", "ACCEPTED", "BILLING_RECOVERY", "PRODUCT_NOT_FOR_SALE",
        "SUMMARY", "FAILURE", "UNREPORTED", "CREATED", "ACTIVE_TOKEN_REMINDER",
    ]

    /// The action of `type`/`subtype`: the rules' `TYPE.SUBTYPE`, then their `TYPE`, then the
    /// defaults in the same order; `inform` for a type nobody names.
    static func of(type: String, subtype: String?, overrides: [String: NotificationAction]) -> NotificationAction {
        let full = subtype.map { type + "." + $0 }
        for table in [overrides, defaults] {
            if let full, let a = table[full] { return a }
            if let a = table[type] { return a }
        }
        return .inform
    }

    /// The action in words, for `sift explain`.
    var words: (en: String, zh: String) {
        switch self {
        case .credit: ("check and credit the transaction", "检查并入账该交易")
        case .keep: ("keep the service on (grace period)", "保持服务（宽限期）")
        case .revoke: ("end the entitlement; nothing is marked", "结束权益；不做标记")
        case .refund: ("mark the transaction refunded: never credited again", "将交易标记为已退款：不再入账")
        case .restore: ("lift the refund mark", "撤销退款标记")
        case .inform: ("nothing to credit or take away", "无需入账或撤销")
        }
    }
}
