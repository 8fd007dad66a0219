import Foundation
import ISINCheck
import Sift

/// A server-style validator: each line of standard input is one request body (a JSON order);
/// each answer is `STATUS {verdict as JSON}` on standard output, 200 when the order is valid
/// and 422 when it is not. The rules ship inside the executable's bundle.
@main
struct OrderValidator {
    static func main() throws {
        var registry = PluginRegistry.builtIn()
        registry.register(ISIN.plugin)
        let pipeline: Pipeline
        do {
            pipeline = try RulesLoader.load(bundleResource: "orders", in: .module, registry: registry)
        } catch {
            FileHandle.standardError.write(Data(error.rendered.utf8))
            exit(2)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        while let body = readLine() {
            let verdict = pipeline.validate(json: Data(body.utf8))
            let status = verdict.isValid ? 200 : 422
            print(status, String(decoding: try encoder.encode(verdict), as: UTF8.self))
        }
    }
}
