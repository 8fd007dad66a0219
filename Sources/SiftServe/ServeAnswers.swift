import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SiftAppStore
import SiftCore
import SiftReceipts
import SiftJSON

extension ServeServer {
    /// `POST /v1/check`: the result lines of the body's records, in order (200); 400 for a body
    /// that is not JSON; 503 when the ledger could not settle them (nothing credited: send again).
    func check(_ body: [UInt8], contentType: String?) async -> Response {
        let parsed = CheckBody(body, contentType: contentType)
        let lang = settings.language
        if let bad = parsed.malformed {
            metrics.verdicts([bad], settleSeconds: 0)
            return Self.answer(.badRequest, ResultLines.malformed(bad, language: lang), type: Self.jsonLines)
        }
        let verdicts = await verdicts(parsed.records.map(\.bytes))
        let lines = ResultLines.text(parsed.records, verdicts, language: lang)
        if verdicts.contains(where: Self.unsettled) { return Self.answer(.serviceUnavailable, lines, type: Self.jsonLines) }
        return Self.answer(parsed.isMalformed(verdicts) ? .badRequest : .ok, lines, type: Self.jsonLines)
    }

    /// `POST /v1/app-store/notifications`: 200 once the notification is verified and recorded, a
    /// delivery made again too, and one that is invalid for good (logged: Apple sending it again
    /// would change nothing); 503 only when it could not be recorded, so that Apple sends it again.
    func notification(_ body: [UInt8]) async -> Response {
        let rules = rules.current
        if let refused = Self.notNotification(body, rules.pipeline) { return refused }
        let record = CheckBody.Record(bytes: body, line: 1, index: nil)
        let verdict = await verdicts([body], rules)[0]
        let line = ResultLines.text([record], [verdict], language: settings.language)
        if Self.unsettled(verdict) {
            serveLog("a notification could not be recorded (answered 503; Apple sends it again): \(verdict.reasons.map(\.text))")
            return Self.answer(.serviceUnavailable, line, type: Self.jsonLines)
        }
        if verdict.inputError != nil { return Self.answer(.badRequest, line, type: Self.jsonLines) }
        if !verdict.isValid {
            let codes = Set(verdict.reasons.map(\.text)).sorted().joined(separator: ", ")
            serveLog("a notification was refused for good (answered 200, not recorded): \(codes)")
        }
        return Self.answer(.ok, line, type: Self.jsonLines)
    }

    /// Nil when `body` is Apple's (`{"signedPayload": "..."}` and nothing else) and every pack
    /// that applies to it takes notifications (`kind: notification`); otherwise the 400 answer.
    /// Without a token, nothing but a notification pack may see a body here: a pack that credits
    /// a receipt or a signed transaction for the order and user a record names would otherwise
    /// credit whoever posts it.
    static func notNotification(_ body: [UInt8], _ pipeline: Pipeline) -> Response? {
        guard let doc = try? JSONDocument(bytes: body), doc.root.kind == .object, doc.root.count == 1,
            doc.root["signedPayload"]?.kind == .string
        else { return error(.badRequest, #"not an App Store notification: the body must be {"signedPayload": "..."}"#) }
        let packs = pipeline.packs.filter { $0.selector.matches(doc.root) }
        guard !packs.isEmpty, packs.allSatisfy(\.takesAppStoreNotifications) else {
            return error(
                .badRequest,
                "no pack takes App Store notifications here: a pack whose applies_to matches {\"signedPayload\": ...} must have "
                    + "app_store: {kind: notification}, and no other pack may apply")
        }
        return nil
    }

    /// The records' verdicts, settled; the time settling took is counted.
    private func verdicts(_ records: [[UInt8]], _ rules: ServedRules? = nil) async -> [RecordVerdict] {
        let start = ProcessInfo.processInfo.systemUptime
        let verdicts = await (rules ?? self.rules.current).verdicts(records, duplicateKeys: settings.duplicateKeys)
        metrics.verdicts(verdicts, settleSeconds: ProcessInfo.processInfo.systemUptime - start)
        return verdicts
    }

    static func unsettled(_ v: RecordVerdict) -> Bool { v.inputError?.reason == ReasonCode.Record.unsettled }

    /// `GET /v1/entitlements?account=…` or `?original_transaction_id=…`: the entitlements the
    /// ledger keeps, as of now.
    func entitlements(account: String?, original: String?) async -> Response {
        guard let ledger else {
            return Self.error(.notFound, "no ledger: entitlements are kept in the ledger (sift serve --ledger FILE|URL)")
        }
        guard (account == nil) != (original == nil), (account ?? original)?.isEmpty == false else {
            return Self.error(.badRequest, "give one of account=<appAccountToken or user id> and original_transaction_id=<id>")
        }
        let rows: [EntitlementRow]
        do { rows = try await ledger.entitlements(EntitlementQuery(account: account, originalTransactionID: original)) } catch {
            serveLog("entitlements could not be read: \(error)")
            return Self.error(.serviceUnavailable, "the ledger cannot be read now; ask again")
        }
        let now = Session.nowMillis()
        var w = JSONWriter()
        w.beginObject()
        w.key("entitlements")
        w.beginArray()
        for row in rows { row.write(asOf: now, into: &w) }
        w.endArray()
        w.endObject()
        return Self.answer(.ok, w.bytes + [0x0A])
    }

    /// `GET /readyz`: 200 once the rules are loaded and the ledger (if any) answers.
    func ready() async -> Response {
        if let ledger, !(await ledger.ready()) {
            return Self.answer(.serviceUnavailable, Array("{\"ready\":false,\"reason\":\"the ledger does not answer\"}\n".utf8))
        }
        return Self.answer(.ok, Array("{\"ready\":true}\n".utf8))
    }

    static let jsonLines = "application/x-ndjson"

    static func answer(_ status: HTTPResponse.Status, _ body: String, type: String) -> Response {
        answer(status, Array(body.utf8), type: type)
    }

    static func answer(_ status: HTTPResponse.Status, _ body: [UInt8], type: String = "application/json") -> Response {
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `{"error":"…"}` with `status`.
    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var w = JSONWriter()
        w.beginObject()
        w.field("error", message)
        w.endObject()
        return answer(status, w.bytes + [0x0A])
    }

    static func tooLarge(_ limit: Int) -> Response {
        error(.contentTooLarge, "the body is over the limit of \(limit) bytes")
    }
}
