import Benchmark
import Foundation
import Sift
@_spi(Benchmarks) import SiftCore

/// The rules shipped in rules/, compiled once.
let pipeline: Pipeline = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules").path
    return try! RulesLoader.load(path: root)
}()

let signup = Array(#"{"kind":"signup","email":"user42@example.com","password":"pw000042x","phone":"13800138000"}"#.utf8)
let identity = Array(#"{"kind":"identity","id_number":"11010519491231002X"}"#.utf8)
let link = Array(#"{"url":"https://www.example.com/videos/42?t=30&autoplay=true"}"#.utf8)

/// The side-by-side job's pack (Benchmarks/job) and a file of valid ~390-byte records for it.
let jobPipeline: Pipeline = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("job/signup-job.yaml").path
    return try! RulesLoader.load(path: root)
}()

let validRecords = 10_000
let validJobFile: String = {
    let record = #"{"id":1,"kind":"signup","created_at":"2026-07-10T05:05:35Z","phone":"13812345678","email":"mary-jane9947@example.cn","#
        + #""password":"abc123XY","plate":"京A12345","id_number":"11010519491231002X","profile":{"nickname":"沪","tags":["rain","shanghai","photo"],"#
        + #""bio":"fast","age":34},"device":{"os":"iOS","version":"10.2","model":"iPhone15,3","locale":"ja_JP"},"ts":1790043310865}"#
    let path = NSTemporaryDirectory() + "sift-bench-valid.jsonl"
    try! String(repeating: record + "\n", count: validRecords).write(toFile: path, atomically: true, encoding: .utf8)
    return path
}()

/// The same record broken three ways (a phone that does not match, a password of the wrong
/// type, no email): each result line carries three violations.
let invalidJobFile: String = {
    let record = #"{"id":1,"kind":"signup","created_at":"2026-07-10T05:05:35Z","phone":"1381234567","#
        + #""password":false,"plate":"京A12345","id_number":"11010519491231002X","profile":{"nickname":"沪","tags":["rain","shanghai","photo"],"#
        + #""bio":"fast","age":34},"device":{"os":"iOS","version":"10.2","model":"iPhone15,3","locale":"ja_JP"},"ts":1790043310865}"#
    let path = NSTemporaryDirectory() + "sift-bench-invalid.jsonl"
    try! String(repeating: record + "\n", count: validRecords).write(toFile: path, atomically: true, encoding: .utf8)
    return path
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(2))

    // The steady state of `sift run`: 10,000 valid job records through the batch runner, one
    // worker. mallocCountTotal / 10,000 is the allocations per valid record.
    Benchmark("batch run, 10000 valid job records", configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? jobPipeline.benchmarkRun(files: [validJobFile], asOfMillis: 1_795_219_200_000))
        }
    }

    // The same for invalid records: mallocCountTotal / 10,000 is the allocations per invalid record.
    Benchmark("batch run, 10000 invalid job records", configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? jobPipeline.benchmarkRun(files: [invalidJobFile], asOfMillis: 1_795_219_200_000))
        }
    }

    for (name, bytes) in [("signup", signup), ("identity", identity), ("deep link", link)] {
        Benchmark("validate \(name) record") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(pipeline.validate(json: bytes, asOfMillis: 1_795_219_200_000))
            }
        }
    }
}
