import Foundation
import PackagePlugin

/// A build-tool plugin: checks the Sift rule files (`*.yaml`, `*.yml`) of the target that uses
/// it with `sift lint`, at build time. Problems are printed as `file:line:col: error: message`,
/// so `swift build` and Xcode show them at the line, and a broken rule file fails the build.
///
/// Each top folder of rule files is checked as one rule set (as `sift lint FOLDER` does), its
/// subfolders (libraries it includes) with it. The
/// command writes a Swift file holding only a comment: compiled into the target, it makes
/// the build run the check whenever a rule file changes.
@main
struct SiftRulesCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let rules = target.sourceFiles.map(\.url).filter { ["yaml", "yml"].contains($0.pathExtension) }
        return try commands(rules: rules, sift: try context.tool(named: "SiftCLI").url, work: context.pluginWorkDirectoryURL)
    }

    /// One command per top folder of rule files. A folder inside another (`rules/lib/`) is part of
    /// its rule set, as `include: lib/x.yaml` reads it: its files are inputs of the top folder's
    /// command, so editing an included file checks the rules that include it again.
    func commands(rules: [URL], sift: URL, work: URL) throws -> [Command] {
        let all = Set(rules.map { $0.deletingLastPathComponent().standardizedFileURL.path })
        let tops = all.filter { folder in !all.contains { $0 != folder && folder.hasPrefix($0 + "/") } }
        let folders = Dictionary(grouping: rules) { file in
            let path = file.deletingLastPathComponent().standardizedFileURL.path
            return URL(fileURLWithPath: tops.first { path == $0 || path.hasPrefix($0 + "/") }!)
        }
        return folders.keys.sorted { $0.path < $1.path }.enumerated().map { i, folder in
            let stamp = work.appending(path: "SiftRulesChecked\(i).swift")
            let script = "\"$0\" lint \"$1\" && printf '// Rules in %s passed sift lint.\\n' \"$1\" > \"$2\""
            return .buildCommand(
                displayName: "sift lint \(folder.path)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, sift.path, folder.path, stamp.path],
                inputFiles: [sift] + folders[folder]!,
                outputFiles: [stamp])
        }
    }
}
