import Foundation
import Sift
@_spi(Batch) import SiftBatch
import Testing
import SiftTesting

/// Regular files are read through a read-only mapping (`RunOptions.mapsFiles`, `--no-mmap`
/// turns it off): the same lines, line numbers and results as through `read`, and a file cut
/// short while it is read ends in a read error, never in SIGBUS or in results made of zeros.
@Suite struct MappedInputTests {
    let pipeline: Pipeline

    init() throws {
        pipeline = try #require(
            RulesLoader(registry: .builtIn()).load(text: "fields:\n  phone: [ regex: '1[0-9]{10}' ]\n", file: "r.yaml").pipeline)
    }

    func run(
        _ path: String, maps: Bool, workers: Int, batchSize: Int = 2048, maxRecordBytes: Int = 1 << 20,
        progress: (@Sendable (RunProgress) -> Void)? = nil
    ) throws -> ([String], RunSummary) {
        var options = RunOptions(workers: workers, batchSize: batchSize, asOfMillis: 0, maxRecordBytes: maxRecordBytes)
        options.mapsFiles = maps
        options.progress = progress
        var out: [UInt8] = []
        let summary = try BatchRunner(pipeline: pipeline, options: options).run([.file(path)]) { out += $0 }
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").map {
            String($0).replacingOccurrences(of: path, with: "IN")
        }
        return (lines, summary)
    }

    /// A byte order mark, CRLF line ends, blank lines of spaces, tabs or a lone CR, a line over
    /// the size limit and no newline at the end: the mapped reader finds what `read` finds.
    @Test func theSameLinesMappedOrRead() throws {
        let input =
            "\u{FEFF}{\"phone\":\"13800138000\"}\r\n" + "\n" + " \t \r\n" + "\r\n" + "{\"phone\":\"1\"}\r\n"
            + "{\"phone\":\"13800138000\",\"note\":\"longer than forty bytes\"}\n" + "{\"phone\":\"13800138000\"}\r"
            + "\n{\"phone\":\"13912345678\"}"
        let path = TemporaryFiles.path("sift-mapped-", ".jsonl")
        try input.write(toFile: path, atomically: true, encoding: .utf8)
        let expected = [
            #"{"source":"IN","line":1,"valid":true,"packs":["r"],"violations":[]}"#,
            #"{"source":"IN","line":5,"valid":false,"packs":["r"],"violations":[{"field":"phone","reason":"phone.regex","#
                + #""message":"does not match the required format","value":"1","rule":"r.yaml:2:12"}]}"#,
            #"{"source":"IN","line":6,"valid":false,"error":{"reason":"input.too_large","#
                + #""message":"the line is longer than the record size limit"}}"#,
            #"{"source":"IN","line":7,"valid":true,"packs":["r"],"violations":[]}"#,
            #"{"source":"IN","line":8,"valid":true,"packs":["r"],"violations":[]}"#,
        ]
        for maps in [true, false] {
            for workers in [1, 2] {
                let (lines, summary) = try run(path, maps: maps, workers: workers, maxRecordBytes: 40)
                #expect(lines == expected, "mapped: \(maps), workers: \(workers)")
                #expect(summary.records == 5 && summary.inputErrors == 1 && summary.unreadable.isEmpty)
            }
        }
    }

    /// Many blocks, one and two workers: the same results mapped as read, in input order.
    @Test func manyBlocksMappedOrRead() throws {
        let lines = (0..<5000).map { i in i % 7 == 0 ? "{\"phone\":\"x\(i)\"}" : (i % 11 == 0 ? "  " : "{\"phone\":\"13812345678\"}") }
        let path = TemporaryFiles.path("sift-mapped-", ".jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let (read, _) = try run(path, maps: false, workers: 1, batchSize: 300)
        #expect(read.count == 5000 - (0..<5000).filter { $0 % 11 == 0 && $0 % 7 != 0 }.count)
        for workers in [1, 2] {
            #expect(try run(path, maps: true, workers: workers, batchSize: 300).0 == read)
        }
    }

    /// The file is cut short by another program after the first block's results are out (here,
    /// by the progress callback): emptied, the pages still to be read are gone (a read faults);
    /// cut inside a page, the rest of that page reads as zeros (no fault). The run goes on to a
    /// read error for the file, and every result written is a whole block's, from real lines.
    @Test(arguments: [(1, 0), (2, 0), (1, 30_037), (2, 30_037)])
    func aFileCutShortWhileReadEndsInAReadError(workers: Int, cutTo size: Int) throws {
        let record = "{\"phone\":\"13812345678\",\"pad\":\"" + String(repeating: "p", count: 70) + "\"}\n"
        let path = TemporaryFiles.path("sift-mapped-", ".jsonl")
        try String(repeating: record, count: 600).write(toFile: path, atomically: true, encoding: .utf8)
        let cut = FirstCall()
        let (lines, summary) = try run(path, maps: true, workers: workers, batchSize: 100) { _ in
            if cut.setOnce() { _ = truncate(path, off_t(size)) }
        }
        #expect(summary.unreadable == ["\(path): the file was cut short while it was read (another program truncated it)"])
        #expect(!lines.isEmpty && lines.count < 600 && lines.count % 100 == 0)
        if workers == 1 { #expect(lines.count == 100) }
        #expect(lines.allSatisfy { $0.contains(#""valid":true"#) })
    }
}

/// True for the first caller of `setOnce` only.
final class FirstCall: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false
    func setOnce() -> Bool {
        lock.withLock {
            defer { set = true }
            return !set
        }
    }
}
