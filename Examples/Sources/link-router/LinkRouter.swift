import Foundation
import Sift

/// An in-app URL router: prints where each link given as an argument goes, with its typed
/// parameters, or why it is refused.
@main
struct LinkRouter {
    static func main() throws {
        let pipeline = try RulesLoader.load(bundleResource: "links", in: .module)
        for argument in CommandLine.arguments.dropFirst() {
            guard let url = URL(string: argument) else {
                print("\(argument) -> not a URL")
                continue
            }
            do {
                let route = try pipeline.route(url)
                if route.destination == "video.detail", let id = route.parameters.get("id", as: Int.self) {
                    print("\(argument) -> video.detail, video #\(id)")
                } else {
                    let params = (route.parameters.items + route.query.items).map { "\($0.name)=\($0.value)" }.joined(separator: " ")
                    print("\(argument) -> \(route.destination)" + (params.isEmpty ? "" : " \(params)"))
                }
            } catch {
                print("\(argument) -> refused: \(error.reason) (\(error.message.en))")
            }
        }
    }
}
