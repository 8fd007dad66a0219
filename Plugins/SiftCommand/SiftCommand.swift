import Foundation
import PackagePlugin

/// A command plugin: `swift package sift lint|test|explain|schema [ARGS]` runs the `sift`
/// command-line tool on the package's rule files, from the package's folder.
///
///     swift package sift lint rules/
///     swift package sift test rules/ --all-packs
///     swift package sift explain rules/signup.yaml
@main
struct SiftCommand: CommandPlugin {
    static let allowed: Set<String> = ["lint", "test", "explain", "schema"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let sub = arguments.first, Self.allowed.contains(sub) else {
            Diagnostics.error("usage: swift package sift lint|test|explain|schema [ARGS] (see sift --help)")
            return
        }
        let process = Process()
        process.executableURL = try context.tool(named: "SiftCLI").url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("sift \(sub) failed (exit \(process.terminationStatus))")
        }
    }
}
