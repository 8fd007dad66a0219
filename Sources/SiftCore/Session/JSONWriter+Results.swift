import SiftJSON
import SiftConfig

/// What result lines write beyond plain JSON: reason codes, rule locations and value excerpts.
extension JSONWriter {
    /// Appends a reason code as a JSON string, from its bytes encoded once.
    mutating func appendReason(_ code: ReasonCode) { appendBytes(code.json) }

    /// Appends a rule location as a quoted `file:line:col`, as `Mark.description` prints it.
    mutating func appendMark(_ mark: Mark) { appendLocation(file: mark.file, line: mark.line, column: mark.column) }

    /// Appends `Violation.excerpt(value)` quoted, the same bytes, but without making a `String` for
    /// strings (escaped ones decoded on the stack), numbers, booleans and null.
    mutating func appendExcerpt(_ value: JSONValue) {
        appendExcerpt(of: value.document, at: value.index, limit: Violation.excerptLimit)
    }

    /// `appendExcerpt(_:)` of the value at tape `index` of `document`, for a caller that holds
    /// the document without a reference count.
    mutating func appendExcerpt(of document: JSONDocument, at index: Int) {
        appendExcerpt(of: document, at: index, limit: Violation.excerptLimit)
    }
}
