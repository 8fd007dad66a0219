import Benchmark
import Foundation
import Sift

/// The rules shipped in rules/, compiled once.
let pipeline: Pipeline = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules").path
    guard let p = RulesLoader(registry: .builtIn()).load(path: root).pipeline else { fatalError("rules did not load") }
    return p
}()

let signup = Array(#"{"kind":"signup","email":"user42@example.com","password":"pw000042x","phone":"13800138000"}"#.utf8)
let identity = Array(#"{"kind":"identity","id_number":"11010519491231002X"}"#.utf8)
let link = Array(#"{"url":"https://www.example.com/videos/42?t=30&autoplay=true"}"#.utf8)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(2))

    Benchmark("JSON parse (signup record)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? JSONDocument(bytes: signup))
        }
    }

    for (name, bytes) in [("signup", signup), ("identity", identity), ("deep link", link)] {
        Benchmark("validate \(name) record") { benchmark in
            let session = try! Session(pipeline: pipeline, asOfMillis: 1_795_219_200_000, environment: RunEnvironment(useLedgers: false))
            for _ in benchmark.scaledIterations {
                blackHole(session.validate(json: bytes))
            }
        }
    }
}
