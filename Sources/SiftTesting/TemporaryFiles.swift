import Foundation

/// Paths for the files and folders a test makes, all inside one folder per test process that
/// is removed when the process exits, so that test runs leave nothing behind in the
/// temporary directory.
package enum TemporaryFiles {
    /// The folder: `sift-tests-<process id>` in the temporary directory, made on first use.
    package static let folder: String = {
        let path = NSTemporaryDirectory() + "sift-tests-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TemporaryFiles.folder) }
        return path
    }()

    /// A new path in the folder: `prefix`, a UUID, then `suffix`. Nothing is made there.
    package static func path(_ prefix: String, _ suffix: String = "") -> String {
        folder + "/" + prefix + UUID().uuidString + suffix
    }
}
