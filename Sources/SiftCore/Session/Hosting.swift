import SiftJSON

/// Checks for library hosts that need no state across records: one record, or one form field.
/// Stateless and `Sendable`, so a pipeline can serve many threads at once. Replay detection
/// (receipts) keeps state: use a `Session` for it.
extension Pipeline {
    /// A field path that cannot be read, such as `a..b` or `items[x]` (`SiftJSON.FieldPathError`).
    public typealias FieldPathError = SiftJSON.FieldPathError

    /// Checks one record given as JSON bytes, as of `asOfMillis` (milliseconds since 1970; nil: now).
    /// A record that names a key twice in one object is `input.duplicate_key` unless
    /// `duplicateKeys` says which member counts.
    public func validate(json bytes: [UInt8], asOfMillis: Int64? = nil, duplicateKeys: DuplicateKeys = .reject) -> RecordVerdict {
        let asOfMillis = asOfMillis ?? Session.nowMillis()
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: bytes, duplicateKeys: duplicateKeys) } catch {
            return RecordVerdict(inputError: RecordVerdict.InputError(error))
        }
        guard doc.root.kind == .object else { return RecordVerdict(inputError: .notObject) }
        return Session.verdict(evaluate(doc.root, context: EvaluationContext(record: doc.root, asOfMillis: asOfMillis)), pipeline: self)
    }

    /// Checks one record given as JSON text.
    public func validate(json text: String, asOfMillis: Int64? = nil, duplicateKeys: DuplicateKeys = .reject) -> RecordVerdict {
        validate(json: Array(text.utf8), asOfMillis: asOfMillis, duplicateKeys: duplicateKeys)
    }

    /// Checks one form field on its own: the rules written for `field` (in `pack`, or in every
    /// pack that has them), applied to `value`, as if a record held only that field. A nil
    /// value is a missing field. Other fields' rules and the packs' `applies_to` are not
    /// consulted; a condition on another field (`when: {field: ...}`) sees it missing.
    public func validate(
        field: String, value: String?, pack: String? = nil,
        asOfMillis: Int64? = nil
    ) throws(Pipeline.FieldPathError) -> [Violation] {
        let asOfMillis = asOfMillis ?? Session.nowMillis()
        let path = try FieldPath(parsing: field)
        // A record holding only this field, at its path, so that messages and paths read as usual.
        let record = JSONDocument.record(with: value, at: path)
        let context = EvaluationContext(record: record.root, asOfMillis: asOfMillis)
        var out: [Violation] = []
        for p in packs where pack == nil || p.name == pack {
            for case let stage as FieldsStage in p.stages {
                let only = FieldsStage(rules: stage.rules.filter { $0.path == path })
                out += only.evaluate(record.root, in: context).violations
            }
        }
        return out
    }
}

extension JSONDocument {
    /// A record holding only `text` (a JSON string) at `path`: `{"a":{"b":"text"}}` for `a.b`;
    /// `{}` when `text` is nil or the path has array positions.
    package static func record(with text: String?, at path: FieldPath) -> JSONDocument {
        var json = text.map(JSONWriter.quoted) ?? ""
        for c in path.components.reversed() {
            guard case .key(let k) = c, text != nil else { json = ""; break }
            json = "{" + JSONWriter.quoted(k) + ":" + json + "}"
        }
        // Quoted keys and a quoted string: always valid JSON.
        return try! JSONDocument(bytes: Array((json.isEmpty ? "{}" : json).utf8))
    }
}
