/// How a product may be credited.
package enum ProductType: String, Sendable, CaseIterable {
    case consumable
    case nonConsumable = "non_consumable"
    case autoRenewable = "auto_renewable"
    case nonRenewing = "non_renewing"

    /// Types whose original transaction id may be credited to one order and user only.
    package var locksOriginalTransaction: Bool { self == .nonConsumable || self == .autoRenewable }

    /// Types whose refund takes back the original transaction too (`r:o:<original id>`): a refunded
    /// lifetime purchase must not come back by a restore. A subscription's refund takes back the
    /// refunded period only; its later renewals and resubscriptions (new transaction ids, the same
    /// original) stay creditable.
    package var refundMarksOriginal: Bool { self == .nonConsumable }
}

/// A product of the allowlist.
package struct ProductRule: Sendable {
    package let type: ProductType
    /// Subscription group: products in one group share an expiry. Defaults to the product id.
    package let group: String

    package init(type: ProductType, group: String) {
        self.type = type
        self.group = group
    }
}
