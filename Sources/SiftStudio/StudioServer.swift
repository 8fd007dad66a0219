import Foundation
import HTTPTypes
import Hummingbird
import SiftCore
import SiftJSON
import SiftMessages

/// `sift studio`: a local web server (Hummingbird) for the page in `StudioPage`, answering
/// its requests with a `StudioEngine`. Every request passes `StudioGuard` first.
public struct StudioServer: Sendable {
    /// The address to listen on (127.0.0.1 unless the operator says otherwise).
    public var address: String
    public var port: Int
    /// The one-time token every API call must carry.
    public let token: String
    let engine: StudioEngine

    /// The largest request body (rule text, pasted records).
    static let maxBody = 1 << 20

    /// A studio for the rules folder `rules` (and sample records in `samples`).
    public init(rules: String, samples: String? = nil, address: String = "127.0.0.1", port: Int = 4780, allowExec: Bool = false)
        throws
    {
        let folder: RuleFolder
        do { folder = try RuleFolder(rules) } catch { throw StudioStartError(message: error.message) }
        if let samples, !FileManager.default.fileExists(atPath: samples) {
            throw StudioStartError(message: "no samples folder at '\(samples)'")
        }
        engine = StudioEngine(folder: folder, samples: samples, allowExec: allowExec)
        self.address = address
        self.port = port
        var random = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(random.next() as UInt64, radix: 16) }.joined()
    }

    /// The address to open, with the token and the page's language.
    public func url(language: Language) -> String {
        let host = address.contains(":") ? "[\(address)]" : address
        return "http://\(host):\(port)/?token=\(token)&lang=\(language.rawValue)"
    }

    /// Serves until SIGINT or SIGTERM; `onRunning` is called once it listens.
    public func run(onRunning: @escaping @Sendable () -> Void = {}) async throws {
        let app = Application(
            router: router(), configuration: .init(address: .hostname(address, port: port), serverName: nil),
            onServerRunning: { _ in onRunning() })
        try await app.runService()
    }

    /// The routes: the page at `/`, the API under `/api/`.
    package func router() -> Router<StudioContext> {
        let router = Router(context: StudioContext.self)
        router.add(middleware: StudioGuard(address: address, port: port, token: token))
        let engine = engine
        router.get("/") { _, _ in
            Response(
                status: .ok,
                headers: [
                    .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                    .contentSecurityPolicy:
                        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; "
                        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
                ], body: .init(byteBuffer: ByteBuffer(string: StudioPage.html)))
        }
        router.get("/api/files") { _, _ in
            FilesAnswer(files: engine.folder.files(), samples: engine.sampleNames())
        }
        router.get("/api/file") { request, _ in
            let path = request.uri.queryParameters["path"].map(String.init) ?? ""
            return FileAnswer(path: path, text: try engine.folder.read(path), editable: RuleFolder.isRuleFile(path))
        }
        router.get("/api/sample") { request, _ in
            SampleAnswer(records: try engine.sample(request.uri.queryParameters["name"].map(String.init) ?? ""))
        }
        router.post("/api/lint") { request, context in
            let b = try await request.decode(as: EditBody.self, context: context)
            return engine.lint(path: try b.checkedPath(engine), text: b.text, language: b.language)
        }
        router.post("/api/examples") { request, context in
            let b = try await request.decode(as: EditBody.self, context: context)
            return engine.examples(path: try b.checkedPath(engine), text: b.text, language: b.language)
        }
        router.post("/api/explain") { request, context in
            let b = try await request.decode(as: EditBody.self, context: context)
            return engine.explain(path: try b.checkedPath(engine), text: b.text, language: b.language)
        }
        router.post("/api/try") { request, context in
            let b = try await request.decode(as: EditBody.self, context: context)
            let records =
                try b.sample.map { name throws(StudioError) in try engine.sample(name) } ?? StudioEngine.splitRecords(b.records ?? "")
            return engine.tryRecords(path: try b.checkedPath(engine), text: b.text, records: records, language: b.language)
        }
        router.post("/api/save") { request, context in
            let b = try await request.decode(as: EditBody.self, context: context)
            let path = try b.checkedPath(engine)
            let lint = engine.lint(path: path, text: b.text, language: b.language)
            guard lint.errors == 0 else {
                throw StudioError(.rulesHaveErrors, "not saved: the rules have \(lint.errors) error\(lint.errors == 1 ? "" : "s")")
            }
            let failing = engine.examples(path: path, text: b.text, language: b.language).examples.count { !$0.passed }
            guard failing == 0 else {
                throw StudioError(.examplesFail, "not saved: \(failing) example\(failing == 1 ? " fails" : "s fail")")
            }
            let replaced = try engine.folder.write(path, b.text, create: b.create ?? false)
            return SaveAnswer(saved: true, created: !replaced)
        }
        router.post("/api/undo") { request, context in
            let b = try await request.decode(as: PathBody.self, context: context)
            try engine.folder.undo(b.path)
            return FileAnswer(path: b.path, text: (try? engine.folder.read(b.path)) ?? "", editable: true)
        }
        router.post("/api/rename") { request, context in
            let b = try await request.decode(as: RenameBody.self, context: context)
            try engine.folder.rename(b.from, to: b.to)
            return FilesAnswer(files: engine.folder.files(), samples: engine.sampleNames())
        }
        return router
    }
}

/// Why the studio could not start (no rules folder...).
public struct StudioStartError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// The studio's request context: bodies are bounded by `StudioServer.maxBody`.
package struct StudioContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    package init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    package var maxUploadSize: Int { StudioServer.maxBody }
    /// Keys sorted: every answer has one exact text.
    package var responseEncoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }
}

/// The body of the calls about the open file: its path, the edited text, the page's language,
/// and for `try` the pasted records or a sample's name.
struct EditBody: Decodable {
    var path: String
    var text: String
    var lang: String?
    var records: String?
    var sample: String?
    /// A new file: refused if one is already there.
    var create: Bool?

    var language: Language { lang.flatMap(Language.init(rawValue:)) ?? .en }

    /// The path, refused unless it is a rule file inside the folder.
    func checkedPath(_ engine: StudioEngine) throws(StudioError) -> String {
        _ = try engine.folder.resolve(path, mustExist: false)
        guard RuleFolder.isRuleFile(path) else { throw StudioError(.readOnly, "'\(path)' is not a rule file (.yaml, .yml)") }
        return path
    }
}

struct PathBody: Decodable { var path: String }
struct RenameBody: Decodable {
    var from: String
    var to: String
}

struct FilesAnswer: ResponseEncodable {
    var files: [RuleFolder.Entry]
    var samples: [String]
}

struct FileAnswer: ResponseEncodable, Decodable {
    var path: String
    var text: String
    var editable: Bool
}

struct SampleAnswer: ResponseEncodable { var records: [String] }
struct SaveAnswer: ResponseEncodable {
    var saved: Bool
    var created: Bool
}

extension LintAnswer: ResponseEncodable {}
extension ExamplesAnswer: ResponseEncodable {}
extension ExplainAnswer: ResponseEncodable {}
extension TryAnswer: ResponseEncodable {}
