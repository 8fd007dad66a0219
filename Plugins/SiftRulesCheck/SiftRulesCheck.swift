import Foundation
import PackagePlugin

/// A build-tool plugin: checks the Sift rule files of the target that uses it with `sift lint`,
/// at build time. Problems are printed as `file:line:col: error: message`, so `swift build`
/// and Xcode show them at the line, and a broken rule file fails the build.
///
/// Rule files are the `*.yaml` / `*.yml` files inside a folder named `rules` of the target, at any
/// depth below it; other YAML files (settings, fixtures) are left alone. Each `rules` folder is
/// checked as one rule set (as `sift lint FOLDER` does), its subfolders (libraries it includes)
/// with it. The command writes a Swift file holding only a comment: compiled into the target, it makes the
/// build run the check whenever a rule file changes.
@main
struct SiftRulesCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let yaml = target.sourceFiles.map(\.url).filter { ["yaml", "yml"].contains($0.pathExtension) }
        let sets = Dictionary(grouping: yaml.compactMap { file in Self.ruleSet(of: file).map { ($0, file) } }) {
            $0.0
        }.mapValues { $0.map(\.1) }
        if sets.isEmpty, !yaml.isEmpty {
            Diagnostics.warning(
                "SiftRulesCheck: target '\(target.name)' has YAML files but none in a folder named 'rules'; nothing was checked")
        }
        return commands(sets: sets, sift: try context.tool(named: "SiftCLI").url, work: context.pluginWorkDirectoryURL)
    }

    /// The `rules` folder `file` belongs to (the innermost folder of that name on its path, so that
    /// a package kept under a folder called `rules` still works), or nil.
    static func ruleSet(of file: URL) -> URL? {
        let parts = file.standardizedFileURL.pathComponents
        guard let i = parts.dropLast().lastIndex(of: "rules") else { return nil }
        return URL(fileURLWithPath: NSString.path(withComponents: Array(parts[...i])))
    }

    /// One command per `rules` folder, with all its files (libraries in subfolders too) as inputs,
    /// so editing an included file checks the rules that include it again.
    func commands(sets: [URL: [URL]], sift: URL, work: URL) -> [Command] {
        sets.keys.sorted { $0.path < $1.path }.enumerated().map { i, folder in
            let stamp = work.appending(path: "SiftRulesChecked\(i).swift")
            let script = "\"$0\" lint \"$1\" && printf '// Rules in %s passed sift lint.\\n' \"$1\" > \"$2\""
            return .buildCommand(
                displayName: "sift lint \(folder.path)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, sift.path, folder.path, stamp.path],
                inputFiles: [sift] + sets[folder]!,
                outputFiles: [stamp])
        }
    }
}
