import Foundation
import PackagePlugin

/// A build-tool plugin: checks the Sift rule files (`*.yaml`, `*.yml`) of the target that uses
/// it with `sift lint`, at build time. Problems are printed as `file:line:col: error: message`,
/// so `swift build` and Xcode show them at the line, and a broken rule file fails the build.
///
/// Each folder of rule files is checked as one rule set (as `sift lint FOLDER` does). The
/// command writes a Swift file holding only a comment: compiled into the target, it makes
/// the build run the check whenever a rule file changes.
@main
struct SiftRulesCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let rules = target.sourceFiles.map(\.url).filter { ["yaml", "yml"].contains($0.pathExtension) }
        return try commands(rules: rules, sift: try context.tool(named: "SiftCLI").url, work: context.pluginWorkDirectoryURL)
    }

    /// One command per folder of rule files.
    func commands(rules: [URL], sift: URL, work: URL) throws -> [Command] {
        let folders = Dictionary(grouping: rules) { $0.deletingLastPathComponent() }
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
