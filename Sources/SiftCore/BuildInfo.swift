internal import CSiftScan

/// Which Sift this is: `sift --version`.
package enum BuildInfo {
    /// The release this source tree makes (CHANGELOG.md).
    package static let version = "0.9.0"
    /// The commit the binary was built from, when the build said (`scripts/package`); else "unknown".
    package static var commit: String { String(cString: sift_build_commit()) }
    /// `0.9.0 (commit 1a2b3c4)`.
    package static var description: String { "\(version) (commit \(commit))" }
}
