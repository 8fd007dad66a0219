import SiftCore
import SiftJSON

/// What a credit claim (`t:<id>`, `o:<original id>`) keeps in its note besides the order and
/// user it was credited to: the buyer's `appAccountToken` (signed, so it outranks a record's
/// unsigned fields), how the purchase first arrived, where and when. Kept as
/// `c1 <at ms> <via> <account or -> <first>`, `<first>` being the run and the record's place
/// (`3f2a1b0c-9d8e line 2 receipts.jsonl`, `3f2a1b0c-9d8e record 4` for a host's record).
/// Claims made before 0.10 have no note: they are read as credited to their order and user,
/// with nothing known of the first arrival.
package struct CreditNote: Sendable, Equatable {
    /// The buyer's `appAccountToken`, lower-cased; nil when the purchase carried none.
    package var account: String?
    /// The as-of time of the run that made the claim (its start, unless `--as-of` said otherwise).
    package let atMs: Int64
    /// How it arrived: `receipt`, `transaction`, `notification` or `api_response`.
    package let via: String
    /// The run and the record's place.
    package let first: String

    package init(account: String?, atMs: Int64, via: String, first: String) {
        self.account = account
        self.atMs = atMs
        self.via = via
        self.first = first
    }

    /// A token is a UUID; anything else is kept with its spaces (and `%`) escaped, so that the
    /// note's fields stay apart.
    package var text: String {
        let token = account.map { $0.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: " ", with: "%20") }
        return "c1 \(atMs) \(via) \(token ?? "-") \(first)"
    }

    package init?(_ text: String?) {
        guard let text, text.hasPrefix("c1 ") else { return nil }
        let parts = text.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, let ms = Int64(parts[1]) else { return nil }
        let token = parts[3] == "-" ? nil : parts[3].replacingOccurrences(of: "%20", with: " ").replacingOccurrences(of: "%25", with: "%")
        self.init(account: token, atMs: ms, via: String(parts[2]), first: String(parts[4]))
    }
}

/// Who is buying: the record's order and user, and the signed `appAccountToken` when it is known
/// to be the sender's (a notification: Apple's word; an app's post: when its `account_token_field`
/// names the same token). A buyer with none of the three is *unbound* (a notification without a
/// token): whoever arrives next with an owner binds the claim it made.
package struct Buyer: Sendable, Equatable {
    package let order: String?
    package let user: String?
    package let account: String?

    package init(order: String?, user: String?, account: String?) {
        self.order = order
        self.user = user
        self.account = account?.lowercased()
    }

    /// The claim's buyer: its owner and the account its note keeps.
    package init(_ owner: Owner) {
        self.init(order: owner.order, user: owner.user, account: CreditNote(owner.note)?.account)
    }

    /// True when the record named an order or a user.
    package var hasRecordOwner: Bool { order != nil || user != nil }

    /// How an arrival by `self` stands to a claim held by `prior`.
    ///
    /// - Both carry an `appAccountToken`: the same buyer when the tokens are equal, whatever the
    ///   records' order and user say; the claim is bound to the arrival's order and user when it
    ///   has none yet.
    /// - The arrival names no order or user (a notification): the same buyer, unless it brings a
    ///   token to a claim that has nothing at all (then it binds it).
    /// - The claim names no order or user: the arrival binds it.
    /// - Otherwise the same buyer when order and user are equal.
    package func stands(to prior: Buyer) -> Match {
        if let a = account, let b = prior.account {
            guard a == b else { return .other }
            return !prior.hasRecordOwner && hasRecordOwner ? .binds : .same
        }
        if !hasRecordOwner { return account != nil && prior.account == nil && !prior.hasRecordOwner ? .binds : .same }
        if !prior.hasRecordOwner { return .binds }
        return prior.order == order && prior.user == user ? .same : .other
    }

    package enum Match: Sendable, Equatable {
        /// The purchase is this buyer's already: a retry or the other path (a redelivery).
        case same
        /// The claim had no owner (or only a token): this arrival is the first with one.
        case binds
        /// Another buyer's: a replay.
        case other
    }
}

/// An earlier arrival of a purchase credited now: `redelivery` (a retry, or the same purchase by
/// its other path) or `first_seen` (an arrival without an owner that this one bound).
public struct PriorArrival: Sendable, Equatable {
    /// How it arrived: `receipt`, `transaction`, `notification` or `api_response`; nil for a
    /// claim made before 0.10.
    public let via: String?
    /// Where: the record's place (`line 2 of receipts.jsonl`, `element 3 of a.json`, or a host
    /// session's `record 4`).
    public let first: String?
    /// The run (or host session) that made it, when it was another than this one.
    public let run: String?
    /// When it was credited: the as-of time of that run, in milliseconds since 1970.
    public let atMs: Int64?
    /// The order it is credited to.
    public let orderID: String?
    /// The user it is credited to.
    public let userID: String?
    /// The buyer's `appAccountToken`, lower-cased.
    public let appAccountToken: String?

    /// The earlier arrival a claim's owner and note tell of, seen from the run `thisRun`.
    package init(_ owner: Owner, thisRun: String) {
        let note = CreditNote(owner.note)
        via = note?.via
        let parts = note?.first.split(separator: " ", maxSplits: 1).map(String.init) ?? []
        first = parts.count == 2 ? RecordPosition.describeNote(parts[1]).text(.en) : nil
        run = parts.count == 2 && parts[0] != thisRun ? parts[0] : nil
        atMs = note?.atMs
        orderID = owner.order
        userID = owner.user
        appAccountToken = note?.account
    }

    package func write(into w: inout JSONWriter) {
        w.beginObject()
        if let via { w.field("via", via) }
        if let first { w.field("first", first) }
        if let run { w.field("run", run) }
        if let atMs { w.field("at", CivilTime.isoTime(atMs)) }
        if let orderID { w.field("order_id", orderID) }
        if let userID { w.field("user_id", userID) }
        if let appAccountToken { w.field("app_account_token", appAccountToken) }
        w.endObject()
    }
}
