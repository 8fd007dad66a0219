// Fuzz targets for Sift's parsers and stages (docs/FUZZING.md).
//
//     SiftFuzz TARGET [libFuzzer options and corpus folders...]   built by scripts/fuzz (-DSIFT_FUZZ)
//     SiftFuzz TARGET FILE_OR_FOLDER...                             the plain build: replays inputs once
//
// TARGET is json, yaml, regex, url, receipt, token or appstore. Built with `-sanitize=fuzzer,address
// -DSIFT_FUZZ`, main hands the remaining arguments to libFuzzer. Built plainly (`swift build`),
// no libFuzzer symbol is linked: main runs each file given (each file of each folder) through
// the target once and prints `ok N inputs`, which is how regression inputs are replayed.
import Foundation
import SiftJSONFuzz

/// One fuzz target: its entry point and the longest input libFuzzer should make for it.
struct Target {
    let maxLength: Int
    let run: ([UInt8]) -> Void
}

let targets: [String: Target] = [
    "json": Target(maxLength: 4_096, run: JSONTarget.run),
    "yaml": Target(maxLength: 4_096, run: YAMLTarget.run),
    "regex": Target(maxLength: 512, run: RegexTarget.run),
    "url": Target(maxLength: 1_024, run: URLTarget.run),
    "receipt": Target(maxLength: 8_192, run: ReceiptTarget.run),
    "token": Target(maxLength: 4_096, run: TokenTarget.run),
    "appstore": Target(maxLength: 8_192, run: AppStoreTarget.run),
]

/// The target libFuzzer calls through `LLVMFuzzerTestOneInput`, chosen by the first argument.
nonisolated(unsafe) var selected: Target?

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected!.run(input)
    return 0
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = targets[arguments[1]] else {
    FileHandle.standardError.write(
        Data("usage: SiftFuzz \(targets.keys.sorted().joined(separator: "|")) [inputs or libFuzzer options]\n".utf8))
    exit(2)
}
selected = target

#if SIFT_FUZZ
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    // libFuzzer sees the program name and everything after the target's name, with the
    // target's longest input unless `-max_len` is given.
    let options = arguments.dropFirst(2)
    let maxLength = options.contains { $0.hasPrefix("-max_len=") } ? [] : ["-max_len=\(target.maxLength)"]
    var cArguments: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + maxLength + options).map { strdup($0) } + [nil]
    var argc = Int32(cArguments.count - 1)
    let status = cArguments.withUnsafeMutableBufferPointer { buffer in
        var argv = buffer.baseAddress!
        return LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput)
    }
    exit(status)
#else
    var count = 0
    for path in arguments.dropFirst(2) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            FileHandle.standardError.write(Data("SiftFuzz: no file or folder '\(path)'\n".utf8))
            exit(2)
        }
        let files =
            isFolder.boolValue
            ? (try! FileManager.default.contentsOfDirectory(atPath: path)).filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
            : [path]
        for file in files {
            guard let bytes = FileManager.default.contents(atPath: file) else { continue }
            target.run([UInt8](bytes))
            count += 1
        }
    }
    print("ok \(count) inputs")
#endif
