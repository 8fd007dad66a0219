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
    /// Per rule file saved, the bytes its last save replaced (nil: the save created it).
    private var previous: [String: [UInt8]?] = [:]

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

    /// The most files listed, and how deep.
    static let maxListed = 5000, maxDepth = 8

    /// Every file under the folder (links that lead outside left out), sorted; hidden files skipped.
    package func files() -> [Entry] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [Entry] = []
        while out.count < Self.maxListed, let rel = walker.nextObject() as? String {
            if (rel as NSString).lastPathComponent.hasPrefix(".") || walker.level > Self.maxDepth {
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

    /// The text of a file of the folder (a regular file of at most `maxFileBytes`).
    package func read(_ relative: String) throws(StudioError) -> String {
        String(decoding: try bytes(ofFileAt: try resolve(relative, mustExist: true), relative), as: UTF8.self)
    }

    /// The bytes of the regular file at `path`: refused when it is something else (a folder, a
    /// FIFO, a device) or larger than `maxFileBytes`, read through one handle.
    private func bytes(ofFileAt path: String, _ relative: String) throws(StudioError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { throw StudioError(.notFound, "'\(relative)' cannot be read") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw StudioError(.readOnly, "'\(relative)' is not a regular file")
        }
        var out = [UInt8](repeating: 0, count: Self.maxFileBytes + 1)
        var count = 0
        while count < out.count {
            let n = out[count...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw StudioError(.io, "'\(relative)' cannot be read") }
            if n == 0 { break }
            count += n
        }
        guard count <= Self.maxFileBytes else {
            throw StudioError(.tooLarge, "'\(relative)' is larger than \(Self.maxFileBytes) bytes")
        }
        return Array(out[..<count])
    }

    /// The absolute path of rule file `relative` for writing: inside the folder, no hidden part
    /// (`.github/...`), a rule file's name, and not a link (a link named `x.yaml` could lead to
    /// a key or an AASA file of the folder). Also what is there now: its bytes, or nil if nothing.
    private func writable(_ relative: String) throws(StudioError) -> (path: String, bytes: [UInt8]?) {
        guard Self.isRuleFile(relative) else { throw StudioError(.readOnly, "only rule files (.yaml, .yml) can be written") }
        guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            throw StudioError(.outsideFolder, "'\(relative)' is a hidden path; the studio writes only visible rule files")
        }
        let joined = (root + "/" + relative as NSString).standardizingPath
        var info = stat()
        if lstat(joined, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw StudioError(.readOnly, "'\(relative)' is a link or not a regular file; the studio does not write it")
        }
        let path = try resolve(relative, mustExist: false)
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw StudioError(.io, "'\(relative)' cannot be read") }
            return (path, nil)
        }
        guard info.st_mode & S_IFMT == S_IFREG, Self.isRuleFile(path) else {
            throw StudioError(.readOnly, "'\(relative)' is a link or not a regular file; the studio does not write it")
        }
        return (path, try bytes(ofFileAt: path, relative))
    }

    /// Writes `text` as the whole of rule file `relative` (a new temporary file beside it,
    /// renamed over it), keeping what it replaced, byte for byte, for `undo`. With `create`, a
    /// file already there is refused. Returns whether there was a file before.
    @discardableResult
    package func write(_ relative: String, _ text: String, create: Bool = false) throws(StudioError) -> Bool {
        let (path, before) = try writable(relative)
        if create, before != nil { throw StudioError(.exists, "'\(relative)' already exists") }
        try Self.atomicWrite(Array(text.utf8), to: path)
        lock.withLock { previous[relative] = .some(before) }
        return before != nil
    }

    /// Puts back what the last save of `relative` replaced (removing the file that save created).
    package func undo(_ relative: String) throws(StudioError) {
        guard let before = lock.withLock({ previous.removeValue(forKey: relative) }) else {
            throw StudioError(.nothingToUndo, "nothing to undo for '\(relative)'")
        }
        let (path, _) = try writable(relative)
        if let before {
            try Self.atomicWrite(before, to: path)
        } else if unlink(path) != 0, errno != ENOENT {
            throw StudioError(.io, "could not remove '\(relative)'")
        }
    }

    /// Renames rule file `from` to `to` (both inside the folder); a file already at `to` is
    /// never replaced (a hard link made, then the old name removed).
    package func rename(_ from: String, to: String) throws(StudioError) {
        let (source, before) = try writable(from)
        guard before != nil else { throw StudioError(.notFound, "no file '\(from)' in the rules folder") }
        let (target, existing) = try writable(to)
        guard existing == nil, link(source, target) == 0 else { throw StudioError(.exists, "'\(to)' already exists") }
        unlink(source)
        lock.withLock { previous[from] = nil }
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

    /// `bytes` written to a new temporary file in `path`'s folder (created exclusively, under a
    /// random name, never through a link), flushed, and renamed over `path`: a reader sees the
    /// old text or the new, never a part, and two saves never share a temporary file.
    static func atomicWrite(_ bytes: [UInt8], to path: String) throws(StudioError) {
        let dir = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
        var temp = "", fd: Int32 = -1
        for _ in 0..<8 where fd < 0 {
            temp = "\(dir)/.\(name).sift-studio-\(UInt64.random(in: 0...UInt64.max)).tmp"
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
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
