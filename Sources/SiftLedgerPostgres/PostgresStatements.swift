import NIOCore
import PostgresNIO

/// The two statements of every block, prepared once per connection (`PostgresSession.prepared`):
/// the server parses and plans them once (after five runs it keeps a plan for any parameters),
/// not at every block. Planned afresh, the look-up's plan weighed each of its thousands of keys:
/// 2.5 ms of a block's server time, two fifths of the look-up's.
enum PostgresStatements {
    /// Both, prepared on each connection before its first block (`PostgresSession.prepare`).
    static let all = [lookUp, claim]

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

    /// A value in binary, as a prepared statement's parameter.
    static func bind<T: PostgresNonThrowingEncodable>(_ value: T) -> PostgresData {
        var buffer = ByteBuffer()
        value.encode(into: &buffer, context: .default)
        return PostgresData(type: T.psqlType, formatCode: T.psqlFormat, value: buffer)
    }
}
