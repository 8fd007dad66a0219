import HTTPTypes
import Hummingbird
import SiftCore
import SiftJSON

/// Why the studio refused a request: a kind a caller can switch on, and words for the page.
package struct StudioError: Error, Sendable, Equatable {
    package struct Kind: Sendable, Hashable, CustomStringConvertible {
        package let name: String
        /// The HTTP status a request refused for this reason gets.
        package let status: HTTPResponse.Status
        package var description: String { name }

        /// No session token, or a wrong one.
        package static let unauthorized = Kind(name: "unauthorized", status: .unauthorized)
        /// The `Host` is not the address the studio listens on (DNS rebinding).
        package static let wrongHost = Kind(name: "wrong_host", status: .forbidden)
        /// A write from another origin (or with no `Origin`).
        package static let crossOrigin = Kind(name: "cross_origin", status: .forbidden)
        /// A path that leads outside the rules folder.
        package static let outsideFolder = Kind(name: "outside_folder", status: .forbidden)
        package static let notFound = Kind(name: "not_found", status: .notFound)
        /// A request body, pasted records or a file over its bound.
        package static let tooLarge = Kind(name: "too_large", status: .contentTooLarge)
        /// A file the studio shows but does not write (not a rule file).
        package static let readOnly = Kind(name: "read_only", status: .forbidden)
        /// A save refused because the rules have errors.
        package static let rulesHaveErrors = Kind(name: "rules_have_errors", status: .unprocessableContent)
        /// A save refused because examples of the file fail (`sift test` would fail).
        package static let examplesFail = Kind(name: "examples_fail", status: .unprocessableContent)
        package static let nothingToUndo = Kind(name: "nothing_to_undo", status: .conflict)
        package static let exists = Kind(name: "exists", status: .conflict)
        package static let badRequest = Kind(name: "bad_request", status: .badRequest)
        package static let io = Kind(name: "io", status: .internalServerError)
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

extension StudioError: HTTPResponseError {
    package var status: HTTPResponse.Status { kind.status }

    /// `{"error":"<kind>","message":"..."}`.
    package func response(from request: Request, context: some RequestContext) throws -> Response {
        var json = JSONWriter()
        json.beginObject()
        json.key("error")
        json.string(kind.name)
        json.key("message")
        json.string(message)
        json.endObject()
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: json.bytes)))
    }
}
