@_spi(Batch) import SiftCore
import Foundation
@_spi(Batch) import SiftJSON
import SiftMessages
#if canImport(Glibc)
    import Glibc
#endif

/// Inputs that are one JSON document: a `.json` file, or standard input that starts with `[`.
extension BatchRunner {
    /// Standard input that starts with '[': the whole input is one JSON array of records.
    func runStandardInputArray(_ first: RawRecord, _ reader: LineReader, name: String, _ run: RunState) throws {
        // Rebuild the text with its blank lines, so line numbers stay true.
        var all = [UInt8](repeating: 0x0A, count: first.line - 1) + first.bytes + [0x0A]
        var line = first.line
        while let more = try reader.next() {
            if more.tooLarge {
                // The array cannot be parsed without this line: one error result, nothing lost silently.
                while try reader.next() != nil {}
                let verdict = RecordVerdict(
                    inputError: RecordVerdict.InputError(
                        reason: ReasonCode.Input.tooLarge,
                        localized: LocalizedText(
                            en: "line \(more.line) of the JSON array is longer than the record size limit",
                            zh: "JSON 数组的第 \(more.line) 行超过记录大小上限")))
                guard run.takesNext() else { return }
                var e = run.emitter()
                e.emit(source: name, line: more.line, record: nil, root: nil, verdict: verdict)
                return try run.flush(&e)
            }
            all += [UInt8](repeating: 0x0A, count: more.line - line - 1) + more.bytes + [0x0A]
            line = more.line
        }
        try runArray(all, name: name, firstLine: 1, run)
    }

    /// A `.json` file: one object, or an array whose elements are the records.
    func runWholeDocument(fd: Int32, name: String, _ run: RunState) throws {
        var all: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw ReadError(message: String(cString: strerror(errno))) }
            if n == 0 { break }
            all += block[..<n]
        }
        if all.starts(with: LineReader.byteOrderMark) { all.removeFirst(LineReader.byteOrderMark.count) }
        // A `.json` file may still hold one record per line: if it is not one JSON value
        // but its lines are, read it as JSONL so that no record is lost.
        if all.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) != UInt8(ascii: "["),
            (try? JSONDocument(bytes: all, duplicateKeys: .last)) == nil
        {
            let lines = Self.lines(all, maxRecordBytes: options.maxRecordBytes)
            if lines.lines.count > 1 {
                for start in stride(from: 0, to: lines.lines.count, by: options.batchSize) {
                    var part = lines
                    part.lines = Array(lines.lines[start..<min(start + options.batchSize, lines.lines.count)])
                    run.keepShare(&part)
                    if !part.lines.isEmpty { try process(part, name: name, run) }
                }
                return
            }
        }
        try runArray(all, name: name, firstLine: 1, run)
    }

    /// The non-blank lines of a buffer, with 1-based line numbers.
    static func lines(_ bytes: [UInt8], maxRecordBytes: Int) -> LineBlock {
        var out = LineBlock()
        out.bytes = ByteBuffer(capacity: bytes.count)
        out.bytes.append(bytes)
        var line = 0
        for slice in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            line += 1
            var b = slice
            if b.last == 0x0D { b = b.dropLast() }
            if b.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let tooLarge = b.count > maxRecordBytes
            out.lines.append(LineRef(line: line, start: b.startIndex, count: tooLarge ? 0 : b.count, tooLarge: tooLarge))
        }
        return out
    }

    func runArray(_ bytes: [UInt8], name: String, firstLine: Int, _ run: RunState) throws {
        var e = run.emitter()
        let doc: JSONDocument
        // Parsed without refusing repeated keys, so that each record of an array is judged alone.
        let rejects = options.duplicateKeys == .reject
        do { doc = try JSONDocument(bytes: bytes, duplicateKeys: rejects ? .last : options.duplicateKeys) } catch {
            guard run.takesNext() else { return }
            let line = firstLine + bytes.prefix(error.offset).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            bytes.withUnsafeBytes {
                e.emit(source: name, line: line, record: $0, root: nil, verdict: RecordVerdict(inputError: RecordVerdict.InputError(error)))
            }
            return try run.flush(&e)
        }
        let isArray = doc.root.kind == .array
        let records = isArray ? doc.root.elements : [doc.root]
        // The records this run takes (`--shard`), with their lines.
        var taken: [(index: Int, line: Int)] = []
        var line = firstLine, scanned = 0
        for (i, r) in records.enumerated() {
            let start = doc.start(of: r)
            line += bytes[scanned..<start].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            scanned = start
            if run.takesNext() { taken.append((i, line)) }
        }
        // In batches of `maxBatchBytes` of results; a batch whose ledger block lost a race with
        // another run is settled again (`SettleAgain`).
        var from = 0
        repeat {
            from = try Session.settlingAgain {
                var e = run.emitter()
                var to = from
                while to < taken.count, to == from || e.pendingBytes < Self.maxBatchBytes {
                    emit(records[taken[to].index], taken[to], isArray: isArray, doc, name: name, rejects: rejects, run, &e)
                    to += 1
                }
                try run.flush(&e)
                return to
            }
        } while from < taken.count
    }

    /// Checks and settles the record `r` of a document, and adds its result to `e`.
    private func emit(
        _ r: JSONValue, _ at: (index: Int, line: Int), isArray: Bool, _ doc: JSONDocument, name: String, rejects: Bool, _ run: RunState,
        _ e: inout RecordEmitter
    ) {
        let verdict: RecordVerdict
        if r.kind != .object {
            verdict = RecordVerdict(inputError: .notObject)
        } else if rejects, let duplicate = doc.duplicateKey(within: r) {
            verdict = RecordVerdict(inputError: RecordVerdict.InputError(duplicate))
        } else {
            run.session.position.at(source: name, line: at.line, element: isArray ? at.index : nil)
            verdict = run.session.validate(r)
        }
        e.emit(
            source: name, line: at.line, index: isArray ? at.index : nil, record: UnsafeRawBufferPointer(doc.text(of: r)),
            root: r.kind == .object ? r : nil, verdict: verdict)
    }
}
