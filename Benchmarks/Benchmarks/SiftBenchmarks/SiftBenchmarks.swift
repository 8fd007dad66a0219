import Benchmark
import Foundation
import Sift
@_spi(Benchmarks) import SiftBatch

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

/// Records that fail in varied ways, as the job's do: phones of the wrong length, emails
/// missing or too long (40 different lengths), passwords of the wrong type or with full-width
/// digits, plates with a letter plates do not use, ID numbers with a bad check digit, in
/// overlapping cycles, so that most records fail and no two neighbours fail alike.
let variedJobFile: String = {
    var lines: [String] = []
    for i in 0..<validRecords {
        let phone = i % 5 == 0 ? "138\(i % 1000)" : "13812345678"
        let email =
            i % 11 == 0 ? nil : i % 7 == 0 ? String(repeating: "u", count: 243 + i % 40) + "@example.com" : "user\(i)@example.cn"
        let password = i % 3 == 0 ? "\(i)" : i % 13 == 0 ? #""１２３abc""# : #""abc\#(i)XY""#
        let plate = i % 4 == 0 ? "京O12345" : "京A12345"
        let id = i % 6 == 0 ? "110105194912310021" : "11010519491231002X"
        lines.append(
            #"{"id":\#(i),"kind":"signup","phone":"\#(phone)","# + (email.map { #""email":"\#($0)","# } ?? "")
                + #""password":\#(password),"plate":"\#(plate)","id_number":"\#(id)","profile":{"nickname":"沪","tags":["rain"],"#
                + #""bio":"fast","age":34},"device":{"os":"iOS","version":"10.2"},"ts":1790043310865}"#)
    }
    let path = NSTemporaryDirectory() + "sift-bench-varied.jsonl"
    try! (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}()

/// A folder of 200 packs: rules/signup.yaml (with its include) under 200 names, as a large
/// rules repository would hold them.
let twoHundredPacks: String = {
    let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules").path
    let dir = NSTemporaryDirectory() + "sift-bench-200-packs"
    try? FileManager.default.removeItem(atPath: dir)
    try! FileManager.default.createDirectory(atPath: dir + "/lib", withIntermediateDirectories: true)
    for file in try! FileManager.default.contentsOfDirectory(atPath: rules + "/lib") {
        try! FileManager.default.copyItem(atPath: rules + "/lib/" + file, toPath: dir + "/lib/" + file)
    }
    let signup = try! String(contentsOfFile: rules + "/signup.yaml", encoding: .utf8)
    for i in 1...200 {
        let text = signup.replacingOccurrences(of: "pack: signup\n", with: "pack: signup-\(i)\n")
            .replacingOccurrences(of: "applies_to: { kind: signup }", with: "applies_to: { kind: signup-\(i) }")
        try! text.write(toFile: dir + "/p\(i).yaml", atomically: true, encoding: .utf8)
    }
    return dir
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

    // Varied failures: mallocCountTotal is a constant per run (about 700 at 8ae8be0), not one or
    // more per record: a worker makes the words of a failure once per place, way and length.
    Benchmark("batch run, 10000 varied job records", configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? jobPipeline.benchmarkRun(files: [variedJobFile], asOfMillis: 1_795_219_200_000))
        }
    }

    // Loading and compiling a rules folder of 200 packs (issue 31's target: under 50 ms).
    Benchmark("compile 200 packs", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? RulesLoader.load(path: twoHundredPacks))
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
