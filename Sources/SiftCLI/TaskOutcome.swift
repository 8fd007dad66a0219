import Foundation

/// How a server's task (`sift studio`, `sift serve`) ended: the failure its task set, read by the
/// command's thread once the task is done.
final class TaskOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    func set(_ t: String) { lock.withLock { text = t } }
    var failure: String? { lock.withLock { text } }
}
