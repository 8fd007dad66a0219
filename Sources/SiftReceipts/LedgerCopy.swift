import SiftCore

/// `sift ledger copy`: every claim of one ledger into another, through `ClaimsStore` only, so any
/// pair works; the step a team takes when it outgrows one machine is a SQLite file into PostgreSQL.
///
/// - Keys the target does not hold are claimed there, a block of `blockSize` keys at a time (one
///   transaction each, so runs on the target go on between blocks).
/// - A key the target holds for the same order and user is left alone (a second copy changes
///   nothing); one it holds for another owner is a **conflict**: never overwritten, reported.
/// - Provisional claims of a run still live on the source are refused: what that run credits is
///   not known until it ends. Those of runs that are gone were dropped when the source was opened.
package enum LedgerCopy {
    /// What a copy did (or, with `dryRun`, would do).
    package struct Report: Sendable, Equatable {
        package var copied = 0
        package var present = 0
        /// Purchases the target held without an owner (a notification's) that the source's
        /// owner bound.
        package var bound = 0
        package var conflicts: [Conflict] = []

        package init() {}
    }

    /// A key the two ledgers give to different owners.
    package struct Conflict: Sendable, Equatable {
        package let key: String
        package let source: Owner
        package let target: Owner
    }

    package static func copy(
        from source: any ClaimsStore, to target: any ClaimsStore, dryRun: Bool = false, blockSize: Int = 1000
    ) throws(LedgerError) -> Report {
        let rows = try source.claims()
        let provisional = rows.filter(\.provisional).count
        if provisional > 0 {
            let runs = try source.liveRuns()
            throw LedgerError(
                message: "the source has \(provisional) provisional claim\(provisional == 1 ? "" : "s") of \(runs) live "
                    + "run\(runs == 1 ? "" : "s"): copy once \(runs == 1 ? "it ends" : "they end")")
        }
        var report = Report()
        var start = 0
        while start < rows.count {
            let block = rows[start..<min(start + max(blockSize, 1), rows.count)]
            start = block.endIndex
            target.blockAlone()  // one block at a time: copying never loses a race with a run
            target.prefetch(block.map(\.key))
            for row in block {
                if let there = target.owner(of: row.key) {
                    switch Self.match(row, there) {
                    case .same: report.present += 1
                    case .binds:
                        if !dryRun { target.rebind(row.key, from: there, to: Self.bound(there, by: row.owner)) }
                        report.bound += 1
                    case .other: report.conflicts.append(Conflict(key: row.key, source: row.owner, target: there))
                    }
                } else {
                    if !dryRun { target.record(row.key, row.owner) }
                    report.copied += 1
                }
            }
            try target.commit()
        }
        return report
    }

    /// The target's unbound claim given the source's owner: the target's first arrival (its note)
    /// is kept, with the source's token when the target had none.
    private static func bound(_ there: Owner, by source: Owner) -> Owner {
        guard var kept = CreditNote(there.note) else { return source }
        kept.account = kept.account ?? CreditNote(source.note)?.account
        return Owner(order: source.order, user: source.user, note: kept.text)
    }

    /// How the source's claim stands to the target's: a purchase's (`t:`, `o:`) as its buyers
    /// do (an unbound claim is no conflict: the bound one is kept, or binds it); any other key
    /// by its order and user.
    private static func match(_ row: LedgerRow, _ there: Owner) -> Buyer.Match {
        guard row.key.hasPrefix("t:") || row.key.hasPrefix("o:") else { return there == row.owner ? .same : .other }
        let source = Buyer(row.owner), target = Buyer(there)
        if !source.hasRecordOwner, source.account == nil { return .same }
        return source.stands(to: target)
    }
}

extension Owner {
    /// `order '1001', user 'u1'` (`none` for one absent), for reports.
    package var described: String {
        "order " + (order.map { "'\($0)'" } ?? "none") + ", user " + (user.map { "'\($0)'" } ?? "none")
    }
}
