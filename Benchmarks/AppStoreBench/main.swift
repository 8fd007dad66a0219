// Signed App Store records at scale for scripts/app-store-bench, and swift-crypto's own P-256
// verify rate to set Sift's figures beside.
//   AppStoreBench generate N DIR   DIR/root.pem, DIR/app-store-bench.yaml and DIR/records.jsonl
//   AppStoreBench p256 [SECONDS]   ECDSA P-256 verifications per second, one thread
import Foundation
import SiftAppStoreTesting

let signedDate: Int64 = 1_795_132_800_000

func payload(_ id: Int, product: String, type: String, extra: String = "") -> String {
    #"{"transactionId":"\#(id)","originalTransactionId":"\#(id)","bundleId":"com.example.app","productId":"\#(product)","#
        + #""type":"\#(type)","quantity":1,"purchaseDate":\#(signedDate - 60000),"signedDate":\#(signedDate),"#
        + #""environment":"Production","inAppOwnershipType":"PURCHASED","transactionReason":"PURCHASE","storefront":"USA"\#(extra)}"#
}

/// Mostly valid purchases; some of unknown products, subscriptions, tokens changed after
/// signing, and replays of earlier transactions.
func generate(count: Int, into dir: String) throws {
    let pki = try TestPKI(name: "Sift Bench")
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try pki.rootPEM.write(toFile: dir + "/root.pem", atomically: true, encoding: .utf8)
    try """
    pack: app-store-bench
    applies_to: { has: signed_transaction }
    app_store:
      field: signed_transaction
      roots: [root.pem]
      order_field: order
      user_field: user
      bundle_id: com.example.app
      products: { com.example.coins100: consumable, com.example.monthly: auto_renewable }

    """.write(toFile: dir + "/app-store-bench.yaml", atomically: true, encoding: .utf8)
    var rng = SystemRandomNumberGenerator()
    var out = ""
    out.reserveCapacity(count * 2400)
    let handle = FileManager.default.createFile(atPath: dir + "/records.jsonl", contents: nil) ? FileHandle(forWritingAtPath: dir + "/records.jsonl")! : nil
    for i in 0..<count {
        let id = 3_000_000_000_000_000 + i
        let roll = Int.random(in: 0..<100, using: &rng)
        var jws: String
        switch roll {
        case 0..<4: jws = pki.sign(payload(id, product: "com.example.gems", type: "Consumable"))
        case 4..<7:
            jws = pki.sign(payload(id, product: "com.example.monthly", type: "Auto-Renewable Subscription", extra: #","expiresDate":1897811200000"#))
        case 7..<9:
            let parts = pki.sign(payload(id, product: "com.example.coins100", type: "Consumable")).split(separator: ".")
            jws = parts[0] + "." + TestPKI.b64url(Array(payload(id + 1, product: "com.example.coins100", type: "Consumable").utf8)) + "." + parts[2]
        case 9 where i > 0: jws = pki.sign(payload(id - 1, product: "com.example.coins100", type: "Consumable"))
        default: jws = pki.sign(payload(id, product: "com.example.coins100", type: "Consumable"))
        }
        out += #"{"order":"o-\#(i)","user":"u-\#(i)","signed_transaction":"\#(jws)"}"# + "\n"
        if out.utf8.count > 1 << 22 {
            handle?.write(Data(out.utf8))
            out.removeAll(keepingCapacity: true)
        }
    }
    handle?.write(Data(out.utf8))
    try handle?.close()
}

func p256(seconds: Double) {
    let key = P256.Signing.PrivateKey()
    let message = Array(repeating: UInt8(ascii: "x"), count: 1200)
    let signature = try! key.signature(for: SHA256.hash(data: message))
    let publicKey = key.publicKey
    var n = 0
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
        for _ in 0..<200 where publicKey.isValidSignature(signature, for: SHA256.hash(data: message)) { n += 1 }
    }
    let rate = Double(n) / Date().timeIntervalSince(start)
    print(String(format: "swift-crypto P-256 verify (SHA-256 of 1200 bytes included): %.0f per second, one thread", rate))
}

let args = CommandLine.arguments
switch args.count > 1 ? args[1] : "" {
case "generate" where args.count == 4: try generate(count: Int(args[2])!, into: args[3])
case "p256": p256(seconds: args.count > 2 ? Double(args[2]) ?? 3 : 3)
default:
    FileHandle.standardError.write(Data("usage: AppStoreBench generate N DIR | p256 [SECONDS]\n".utf8))
    exit(2)
}
