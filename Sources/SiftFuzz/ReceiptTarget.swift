import Foundation
import Sift

/// The receipt stage (`receipt:`, rules/iap-receipts.yaml) through `Pipeline.validate(json:)`
/// and a `Session` (replay detection, no ledger file).
///
/// Input: an order record (`{"order_id":…,"user_id":…,"receipt":{…}}`), or any other JSON
/// value, which becomes the `receipt` of an order record. Checked:
/// - every verdict passes `Fuzz.checkVerdict` (one outcome, one JSON result line);
/// - a creditable purchase is a product of the allowlist with its type, credited once per
///   verdict, from a receipt with status 0 whose environment and bundle id were accepted;
/// - in one session, the record, the same record again and its receipt under another order
///   and user credit each transaction once: again only as a redelivery (to the same owner).
enum ReceiptTarget {
    static let rules = """
        version: 1
        pack: iap
        applies_to: { has: order_id }
        receipt:
          field: receipt
          order_field: order_id
          user_field: user_id
          environment: Production
          sandbox_users: [review-1]
          bundle_id: com.example.app
          products:
            com.example.coins100: consumable
            com.example.pro: non_consumable
            com.example.monthly: { type: auto_renewable, group: premium }
            com.example.yearly: { type: auto_renewable, group: premium }
            com.example.season_pass: non_renewing
          as_of: now
          grace_period: true

        """

    static let products = [
        "com.example.coins100": "consumable", "com.example.pro": "non_consumable", "com.example.monthly": "auto_renewable",
        "com.example.yearly": "auto_renewable", "com.example.season_pass": "non_renewing",
    ]

    static let pipeline = Fuzz.pipeline(rules, folder: Fuzz.scratchFolder("receipt"))

    static func run(_ input: [UInt8]) {
        checkReceiptVerdict(pipeline.validate(json: input, asOfMillis: Fuzz.asOfMillis), input)
        guard let document = try? JSONDocument(bytes: input, duplicateKeys: .last) else { return }
        let root = document.root
        let receipt: String
        let record: [UInt8]
        if root.kind == .object, root["order_id"] != nil {
            guard let r = root["receipt"] else { return }
            receipt = r.rawText
            record = input
        } else {
            receipt = root.rawText
            record = Array(#"{"order_id":"o-1","user_id":"u-1","receipt":\#(receipt)}"#.utf8)
            checkReceiptVerdict(pipeline.validate(json: record, asOfMillis: Fuzz.asOfMillis), input)
        }
        let other = Array(#"{"order_id":"o-other","user_id":"u-other","receipt":\#(receipt)}"#.utf8)
        let session = try! Session(pipeline: pipeline, asOfMillis: Fuzz.asOfMillis, environment: RunEnvironment(useLedgers: false))
        var credited = Set<String>()
        for (n, bytes) in [record, record, other].enumerated() {
            let verdict = session.validate(json: bytes)
            checkReceiptVerdict(verdict, input)
            for p in verdict.receipt?.creditable ?? [] {
                // Creditable again only as a redelivery to the owner it was credited to first.
                let first = credited.insert(p.transactionID).inserted
                Fuzz.check(
                    first == (p.redelivery == nil), "transaction \(p.transactionID) credited again unmarked (record \(n + 1))", input)
            }
        }
        try! session.finish()
    }

    static func checkReceiptVerdict(_ verdict: RecordVerdict, _ input: [UInt8]) {
        Fuzz.checkVerdict(verdict, input)
        guard let result = verdict.receipt, !result.creditable.isEmpty else { return }
        Fuzz.check(result.status == 0, "purchases credited from a receipt with status \(result.status)", input)
        let refused: Set<String> = ["receipt.environment", "receipt.environment_missing", "receipt.bundle_id"]
        let reasons = verdict.violations.map(\.reason.text)
        Fuzz.check(
            !reasons.contains(where: refused.contains) && !reasons.contains(where: { $0.hasPrefix("receipt.status") }),
            "purchases credited from a refused receipt: \(reasons)", input)
        Fuzz.check(
            Set(result.creditable.map(\.transactionID)).count == result.creditable.count, "a transaction credited twice in one verdict",
            input)
        for p in result.creditable {
            Fuzz.check(products[p.productID] == p.type, "credited \(p.productID) as \(p.type), not as the allowlist says", input)
            Fuzz.check(!p.transactionID.isEmpty, "credited a purchase without a transaction id", input)
        }
    }
}
