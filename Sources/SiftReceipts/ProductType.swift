/// How a product may be credited.
enum ProductType: String, Sendable, CaseIterable {
    case consumable
    case nonConsumable = "non_consumable"
    case autoRenewable = "auto_renewable"
    case nonRenewing = "non_renewing"

    /// Types whose original transaction id may be credited to one order and user only.
    var locksOriginalTransaction: Bool { self == .nonConsumable || self == .autoRenewable }
}

/// A product of the allowlist.
struct ProductRule: Sendable {
    let type: ProductType
    /// Subscription group: products in one group share an expiry. Defaults to the product id.
    let group: String
}
