import SiftCore
import SiftJSON
import SiftMessages

/// A request body's records: one JSON record, a JSON array of records, or JSON Lines.
struct CheckBody {
    /// One record: its JSON text, and where it is (line in the body, element of an array).
    struct Record {
        let bytes: [UInt8]
        let line: Int
        let index: Int?
    }

    let records: [Record]
    /// The body is not JSON at all (a single record or an array that does not parse): its error
    /// verdict, answered 400.
    let malformed: RecordVerdict?

    /// Splits `body`: a JSON array (first non-blank byte `[`) gives its elements; a body whose
    /// content type is `application/json` is one record (it may span lines); otherwise each
    /// non-blank line is a record (JSON Lines; one line is one record).
    init(_ body: [UInt8], contentType: String?) {
        let start = body.firstIndex { !Self.isBlank($0) } ?? body.endIndex
        let json = contentType.map { $0.lowercased().hasPrefix("application/json") } ?? false
        if start < body.endIndex, body[start] == UInt8(ascii: "[") {
            do {
                let doc = try JSONDocument(bytes: body)
                // Each element's line is where it starts, as `sift run` numbers an array's elements.
                var line = 1, counted = 0
                records = doc.root.elements.enumerated().map { i, element in
                    let raw = element.rawBytes
                    let at = min(max(raw.startIndex, counted), body.count)
                    line += body[counted..<at].count { $0 == UInt8(ascii: "\n") }
                    counted = at
                    return Record(bytes: Array(raw), line: line, index: i)
                }
                malformed = nil
            } catch {
                records = []
                malformed = RecordVerdict(inputError: RecordVerdict.InputError(error))
            }
            return
        }
        if json {
            records = [Record(bytes: body, line: 1 + body[..<start].count { $0 == UInt8(ascii: "\n") }, index: nil)]
            malformed = nil
            return
        }
        var out: [Record] = []
        var line = 1, from = 0
        for i in body.indices where body[i] == UInt8(ascii: "\n") || i == body.count - 1 {
            let end = body[i] == UInt8(ascii: "\n") ? i : i + 1
            let text = body[from..<end]
            if text.contains(where: { !Self.isBlank($0) }) { out.append(Record(bytes: Array(text), line: line, index: nil)) }
            from = i + 1
            line += 1
        }
        records = out
        malformed = nil
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// True when a body of one record did not parse: answered 400.
    func isMalformed(_ verdicts: [RecordVerdict]) -> Bool {
        malformed != nil || (records.count == 1 && verdicts.first?.inputError.map { $0.reason.text.hasPrefix("input.") } == true)
    }
}

/// The result lines of a request's verdicts, as `sift run` writes them (docs/OUTPUT.md), with
/// `"source":"request"`.
enum ResultLines {
    static func text(_ records: [CheckBody.Record], _ verdicts: [RecordVerdict], language: Language) -> [UInt8] {
        var w = JSONWriter()
        var fragments = ResultLine.Fragments()
        for (r, v) in zip(records, verdicts) {
            ResultLine.write(
                source: "request", line: r.line, index: r.index, verdict: v, language: language, into: &w, reusing: &fragments)
        }
        return w.bytes
    }

    /// The one line of a body that is not JSON.
    static func malformed(_ verdict: RecordVerdict, language: Language) -> [UInt8] {
        var w = JSONWriter()
        ResultLine.write(source: "request", line: 1, verdict: verdict, language: language, into: &w)
        return w.bytes
    }
}
