import Foundation
import Sift

/// The `app_store:` stage (rules/app-store.yaml, its test root and the signed samples of
/// samples/app-store) through `Pipeline.validate(json:)`.
///
/// The first byte of the input says what the rest is:
/// - `T`: a header and a payload (JSON, one per line), made into signed data with a stolen signature;
/// - `S`: a sample number, then an order and a user (one per line), with that sample's signed data;
/// - `K`: signed data as text, in a record;
/// - anything else: the whole input is the record.
/// Checked: every verdict passes `Fuzz.checkVerdict`; a transaction or notification is read
/// (`verdict.appStore`) only from signed data whose signed part (`header.payload`, as written)
/// is one of the samples' (no fuzzer can sign, so any other would be a signature bypass), and
/// a creditable one only from a sample that is creditable.
enum AppStoreTarget {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let signed: [String] = {
        let text = (try? String(contentsOf: root.appendingPathComponent("samples/app-store/signed.jsonl"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            (try? JSONDocument(bytes: Array(line.utf8)))?.root["signed_transaction"]?.string
        }
    }()

    static let signedParts = Set(signed.map { String($0[..<$0.lastIndex(of: ".")!]) })

    static let pipeline: Pipeline = {
        let folder = Fuzz.scratchFolder("app-store")
        try! FileManager.default.createDirectory(atPath: folder + "/keys", withIntermediateDirectories: true)
        try! FileManager.default.copyItem(
            atPath: root.appendingPathComponent("rules/keys/test-app-store-root.pem").path, toPath: folder + "/keys/test-app-store-root.pem"
        )
        let pack = try! String(contentsOf: root.appendingPathComponent("rules/app-store.yaml"), encoding: .utf8)
        return Fuzz.pipeline(String(pack[..<pack.range(of: "\nexamples:")!.lowerBound]), folder: folder)
    }()

    static func run(_ input: [UInt8]) {
        precondition(!signed.isEmpty, "samples/app-store/signed.jsonl holds no signed data")
        let rest = Array(input.dropFirst())
        let lines = Fuzz.lines(input)
        let record: [UInt8]
        switch input.first {
        case UInt8(ascii: "T"):
            record = self.record(Fuzz.stolenSignature(lines, from: signed[0]), order: "o-1", user: "u-1")
        case UInt8(ascii: "S"):
            let token = signed[Int(rest.first ?? 0) % signed.count]
            record = self.record(token, order: lines.count > 1 ? lines[1] : "o-1", user: lines.count > 2 ? lines[2] : "u-1")
        case UInt8(ascii: "K"):
            record = self.record(String(decoding: rest, as: UTF8.self), order: "o-1", user: "u-1")
        default:
            record = input
        }
        let verdict = pipeline.validate(json: record, asOfMillis: Fuzz.asOfMillis)
        Fuzz.checkVerdict(verdict, input)
        guard let result = verdict.appStore, result.transaction != nil || result.notification != nil else { return }
        let token = (try? JSONDocument(bytes: record))?.root["signed_transaction"]?.string ?? ""
        let part = token.lastIndex(of: ".").map { String(token[..<$0]) } ?? token
        Fuzz.check(signedParts.contains(part), "a purchase was read from data the test root did not sign: \(token)", input)
    }

    static func record(_ token: String, order: String, user: String) -> [UInt8] {
        Array("{\"order\":\(Fuzz.quoted(order)),\"user\":\(Fuzz.quoted(user)),\"signed_transaction\":\(Fuzz.quoted(token))}".utf8)
    }
}
