import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The rules folder the studio edits: every path a request names is resolved inside it
/// (after `..` and symbolic links), rule files are written whole and atomically, and the
/// text each save replaced is kept, in memory, for one undo.
package final class RuleFolder: @unchecked Sendable {  // `previous` is guarded by `lock`
    /// The folder, absolute and with its links resolved.
    package let root: String
    private let lock = NSLock()
    private var previous: [String: String?] = [:]

    /// The largest rule file the studio opens or writes.
    package static let maxFileBytes = 1 << 20

    package init(_ path: String) throws(StudioError) {
        var isDir: ObjCBool = false
        guard let real = Self.realPath(path), FileManager.default.fileExists(atPath: real, isDirectory: &isDir), isDir.boolValue
        else { throw StudioError(.notFound, "no rules folder at '\(path)'") }
        root = real
    }

    /// A file of the folder: its path relative to the folder, and whether the studio may write it.
    package struct Entry: Codable, Sendable, Equatable {
        package var path: String
        /// A rule file (`.yaml`/`.yml`) the studio can edit; other files (AASA, keys) are shown read-only.
        package var editable: Bool
    }

    /// Every file under the folder (links that lead outside left out), sorted; hidden files skipped.
    package func files() -> [Entry] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [Entry] = []
        while let rel = walker.nextObject() as? String {
            if (rel as NSString).lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            guard (try? resolve(rel, mustExist: true)) != nil, !isDirectory(root + "/" + rel) else { continue }
            out.append(Entry(path: rel, editable: Self.isRuleFile(rel)))
        }
        return out.sorted { $0.path < $1.path }
    }

    package static func isRuleFile(_ path: String) -> Bool { path.hasSuffix(".yaml") || path.hasSuffix(".yml") }

    /// The absolute path of `relative`, refused unless it stays inside the folder once `..` and
    /// links are resolved. A file that does not exist yet must have its folder inside.
    package func resolve(_ relative: String, mustExist: Bool) throws(StudioError) -> String {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\0"), relative.utf8.count < 1024 else {
            throw StudioError(.outsideFolder, "'\(relative)' is not a path inside the rules folder")
        }
        let joined = (root + "/" + relative as NSString).standardizingPath
        if let real = Self.realPath(joined) {
            guard inside(real) else { throw StudioError(.outsideFolder, "'\(relative)' leads outside the rules folder") }
            return real
        }
        let parent = (joined as NSString).deletingLastPathComponent
        guard let realParent = Self.realPath(parent), realParent == root || inside(realParent) else {
            throw StudioError(.outsideFolder, "'\(relative)' leads outside the rules folder")
        }
        guard !mustExist else { throw StudioError(.notFound, "no file '\(relative)' in the rules folder") }
        // A dangling link is not followed to wherever it points.
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: joined)) != nil {
            throw StudioError(.outsideFolder, "'\(relative)' is a link that leads nowhere inside the rules folder")
        }
        return realParent + "/" + (joined as NSString).lastPathComponent
    }

    /// The text of a file of the folder.
    package func read(_ relative: String) throws(StudioError) -> String {
        let path = try resolve(relative, mustExist: true)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.size] as? Int ?? 0) <= Self.maxFileBytes, let data = FileManager.default.contents(atPath: path)
        else { throw StudioError(.tooLarge, "'\(relative)' is larger than \(Self.maxFileBytes) bytes or unreadable") }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes `text` as the whole of rule file `relative` (a temporary file beside it, renamed
    /// over it), keeping what it replaced for `undo`. Returns whether there was a file before.
    @discardableResult
    package func write(_ relative: String, _ text: String) throws(StudioError) -> Bool {
        guard Self.isRuleFile(relative) else { throw StudioError(.readOnly, "only rule files (.yaml, .yml) can be written") }
        let path = try resolve(relative, mustExist: false)
        let before = try? read(relative)
        try Self.atomicWrite(Array(text.utf8), to: path)
        lock.withLock { previous[relative] = .some(before) }
        return before != nil
    }

    /// Puts back what the last save of `relative` replaced (removing a file that save created).
    package func undo(_ relative: String) throws(StudioError) {
        guard let before = lock.withLock({ previous.removeValue(forKey: relative) }) else {
            throw StudioError(.nothingToUndo, "nothing to undo for '\(relative)'")
        }
        let path = try resolve(relative, mustExist: false)
        if let before {
            try Self.atomicWrite(Array(before.utf8), to: path)
        } else {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Renames rule file `from` to `to` (both inside the folder; `to` must not exist).
    package func rename(_ from: String, to: String) throws(StudioError) {
        guard Self.isRuleFile(from), Self.isRuleFile(to) else {
            throw StudioError(.readOnly, "only rule files (.yaml, .yml) can be renamed")
        }
        let source = try resolve(from, mustExist: true), target = try resolve(to, mustExist: false)
        guard !FileManager.default.fileExists(atPath: target) else { throw StudioError(.exists, "'\(to)' already exists") }
        guard Glibc.rename(source, target) == 0 else { throw StudioError(.io, "could not rename '\(from)' to '\(to)'") }
    }

    private func inside(_ real: String) -> Bool { real.hasPrefix(root + "/") }

    private func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// `bytes` written to a temporary file in `path`'s folder, flushed, and renamed over `path`:
    /// a reader sees the old text or the new, never a part.
    static func atomicWrite(_ bytes: [UInt8], to path: String) throws(StudioError) {
        let dir = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
        let temp = "\(dir)/.\(name).sift-studio-\(getpid()).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StudioError(.io, "could not write in the rules folder") }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            written += n
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, Glibc.rename(temp, path) == 0 else {
            unlink(temp)
            throw StudioError(.io, "could not write '\(name)'")
        }
    }
}
