import NIOCore
import PostgresNIO
import SiftReceipts

/// The statements of every block, prepared once per connection (`PostgresSession.prepared`):
/// the server parses and plans them once (after five runs it keeps a plan for any parameters),
/// not at every block. Planned afresh, the look-up's plan weighed each of its thousands of keys:
/// 2.5 ms of a block's server time, two fifths of the look-up's.
enum PostgresStatements {
    /// Both, prepared on each connection before its first block (`PostgresSession.prepare`).
    static let all = [lookUp, claim, entitle]

    /// The claims of `$1` (keys as stored), with their owners.
    static let lookUp = "SELECT key, order_id, user_id, note FROM sift_claims WHERE key = ANY($1)"

    /// A block's claims, from one array per column (cheaper for the server to read than JSON),
    /// `present` saying which of order, user and note a claim has; `run` is null for final
    /// claims. A key another run holds (or is inserting: the statement waits for its
    /// transaction) breaks the primary key (SQLSTATE 23505): the block lost a race and is rolled
    /// back. Keys go in in order: two blocks inserting keys they share wait for each other in
    /// one direction only, and the key index is written where it was just read (300,000 claims:
    /// 0.72 s against 1.21 s in the order they came). Not `ON CONFLICT DO NOTHING`, whose
    /// speculative insertion took 1.80 s for the same claims.
    static let claim = """
        INSERT INTO sift_claims (key, order_id, user_id, run, note)
        SELECT k, CASE WHEN p & 1 <> 0 THEN o END, CASE WHEN p & 2 <> 0 THEN u END, $6::text,
               CASE WHEN p & 4 <> 0 THEN n END
        FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[]) AS x(k, o, u, n, p)
        ORDER BY k
        """

    /// The columns of `claim`.
    struct Claims {
        private(set) var keys: [String] = [], orders: [String] = [], users: [String] = [], notes: [String] = []
        private var present: [Int32] = []
        let run: String?

        init(run: String?, capacity: Int) {
            self.run = run
            keys.reserveCapacity(capacity)
            orders.reserveCapacity(capacity)
            users.reserveCapacity(capacity)
            notes.reserveCapacity(capacity)
            present.reserveCapacity(capacity)
        }

        /// Adds a claim; its texts already as stored.
        mutating func append(_ key: String, order: String?, user: String?, note: String?) {
            keys.append(key)
            orders.append(order ?? "")
            users.append(user ?? "")
            notes.append(note ?? "")
            present.append((order == nil ? 0 : 1) | (user == nil ? 0 : 2) | (note == nil ? 0 : 4))
        }

        var binds: [PostgresData] {
            [
                PostgresStatements.bind(keys), PostgresStatements.bind(orders), PostgresStatements.bind(users),
                PostgresStatements.bind(notes), PostgresStatements.bind(present),
                run.map(PostgresStatements.bind) ?? PostgresData(type: .text, value: nil),
            ]
        }
    }

    /// A block's entitlements (`EntitlementSQL`), one row per original transaction
    /// (`EntitlementSQL.merged`), from one array per column; `$16` says which of the nullable
    /// columns each row has (1 account, 2 order, 4 user, 8 expires, 16 grace, 32 auto renew,
    /// 64 notification UUID, 128 notification type).
    static let entitle = """
        INSERT INTO sift_entitlements (\(EntitlementSQL.columns.joined(separator: ", ")))
        SELECT o, t, p, CASE WHEN m & 1 <> 0 THEN a END, CASE WHEN m & 2 <> 0 THEN od END, CASE WHEN m & 4 <> 0 THEN u END, s,
               CASE WHEN m & 8 <> 0 THEN e END, CASE WHEN m & 16 <> 0 THEN g END, r, CASE WHEN m & 32 <> 0 THEN ar END, sd, v,
               CASE WHEN m & 64 <> 0 THEN nu END, CASE WHEN m & 128 <> 0 THEN nt END
        FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int8[], $9::int8[],
                    $10::bool[], $11::bool[], $12::int8[], $13::text[], $14::text[], $15::text[], $16::int4[])
          AS x(o, t, p, a, od, u, s, e, g, r, ar, sd, v, nu, nt, m)
        ORDER BY o
        \(EntitlementSQL.onConflict("sift_entitlements"))
        """

    /// The parameters of `entitle` for `rows` (merged already), texts as stored.
    static func entitlements(_ rows: [EntitlementRow]) -> [PostgresData] {
        func t(_ s: String?) -> String { s.map(LedgerText.stored) ?? "" }
        var mask: [Int32] = []
        for r in rows {
            let bits: [(Bool, Int32)] = [
                (r.account != nil, 1), (r.order != nil, 2), (r.user != nil, 4), (r.expiresMs != nil, 8), (r.graceExpiresMs != nil, 16),
                (r.autoRenew != nil, 32), (r.notificationUUID != nil, 64), (r.notificationType != nil, 128),
            ]
            mask.append(bits.reduce(0) { $0 | ($1.0 ? $1.1 : 0) })
        }
        return [
            bind(rows.map { t($0.originalTransactionID) }), bind(rows.map { t($0.transactionID) }), bind(rows.map { t($0.productID) }),
            bind(rows.map { t($0.account) }), bind(rows.map { t($0.order) }), bind(rows.map { t($0.user) }), bind(rows.map { t($0.state) }),
            bind(rows.map { $0.expiresMs ?? 0 }), bind(rows.map { $0.graceExpiresMs ?? 0 }), bind(rows.map(\.billingRetry)),
            bind(rows.map { $0.autoRenew ?? false }), bind(rows.map(\.signedMs)), bind(rows.map { t($0.via) }),
            bind(rows.map { t($0.notificationUUID) }), bind(rows.map { t($0.notificationType) }), bind(mask),
        ]
    }

    /// A value in binary, as a prepared statement's parameter.
    static func bind<T: PostgresNonThrowingEncodable>(_ value: T) -> PostgresData {
        var buffer = ByteBuffer()
        value.encode(into: &buffer, context: .default)
        return PostgresData(type: T.psqlType, formatCode: T.psqlFormat, value: buffer)
    }
}
