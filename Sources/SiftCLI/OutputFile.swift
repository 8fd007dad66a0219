import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One file a command writes, placed so that nothing Sift did not create is damaged.
///
/// - A regular file (or a new one) is written as an unnamed temporary file in its folder
///   (`O_TMPFILE`) and given its name only when the command commits: a killed run leaves
///   nothing behind, and a failed one leaves the old file as it was. Where the filesystem has
///   no unnamed files, a named one (`.NAME.sift-PID.tmp`) is used, and stale ones of runs that
///   are gone are removed.
/// - A symbolic link is followed: its target is replaced, the link stays.
/// - Anything else (a character device such as `/dev/null`, a FIFO, a socket, `/dev/stdout`,
///   `/proc/self/fd/N`) is opened and written where it is, never replaced.
final class OutputFile {
    /// The path as the user gave it, for messages.
    let path: String
    /// The descriptor written to.
    let fd: Int32
    private var placement: Placement
    private var isOpen = true

    private enum Placement {
        /// Written where it is.
        case inPlace
        /// An unnamed file (`O_TMPFILE`) in `final`'s folder, linked there on commit.
        case unnamed(final: String)
        /// A named temporary file beside `final`, renamed on commit.
        case named(temporary: String, final: String)
    }

    /// Standard output, written where it is.
    static var standardOutput: OutputFile { OutputFile(path: "standard output", fd: 1, placement: .inPlace) }

    private init(path: String, fd: Int32, placement: Placement) {
        self.path = path
        self.fd = fd
        self.placement = placement
    }

    /// Opens `path` for writing, as described on the type.
    init(path: String) throws(OutputError) {
        self.path = path
        switch try Self.target(of: path) {
        case .inPlace:
            let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw .io("write", path, errno) }
            self.fd = fd
            placement = .inPlace
        case .staged(let final):
            let folder = Self.folder(of: final)
            Self.removeStaleTemporaries(of: final)
            var fd = Glibc.open(folder, Self.O_TMPFILE | O_WRONLY | O_CLOEXEC, 0o666)
            var placement = Placement.unnamed(final: final)
            if fd < 0, [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) {
                let temporary = Self.temporaryPath(for: final)
                fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                placement = .named(temporary: temporary, final: final)
            }
            guard fd >= 0 else { throw .io("write", path, errno) }
            self.placement = placement
            // The new file keeps the old one's permissions (and, as root, its owner).
            var old = stat()
            if lstat(final, &old) == 0, old.st_mode & S_IFMT == S_IFREG {
                _ = fchmod(fd, old.st_mode & 0o7777)
                if getuid() == 0 { _ = fchown(fd, old.st_uid, old.st_gid) }
            }
            self.fd = fd
        }
    }

    deinit { discard() }

    /// Writes all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw .io("write", path, errno)
            }
            done += n
        }
    }

    func write(_ bytes: [UInt8]) throws(OutputError) {
        var failure: OutputError?
        bytes.withUnsafeBytes { b in
            do throws(OutputError) { try write(b) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// The named temporary file, where the filesystem had no unnamed ones.
    var namedTemporary: String? { if case .named(let t, _) = placement { return t } else { return nil } }

    /// True when the file is written where it is (nothing is replaced on commit).
    var isInPlace: Bool { if case .inPlace = placement { return true } else { return false } }

    /// Makes the file durable and gives it its name (for a staged file, replacing what had it).
    func commit() throws(OutputError) {
        try prepare()
        try publish()
    }

    /// The part of `commit` that can fail for want of room or rights: the bytes are synced and
    /// an unnamed file gets a temporary name beside its final one. Nothing is replaced yet.
    func prepare() throws(OutputError) {
        guard isOpen else { return }
        switch placement {
        case .inPlace:
            return
        case .unnamed(let final):
            guard fsync(fd) == 0 else { throw .io("write", path, errno) }
            // linkat cannot replace a name: link under a temporary name, renamed over the old file by `publish`.
            let temporary = Self.temporaryPath(for: final)
            unlink(temporary)
            guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else {
                throw .io("write", path, errno)
            }
            placement = .named(temporary: temporary, final: final)
        case .named:
            guard fsync(fd) == 0 else { throw .io("write", path, errno) }
        }
    }

    /// Gives a prepared file its final name: a rename, replacing the old file in one step.
    func publish() throws(OutputError) {
        guard isOpen else { return }
        defer {
            if fd != 1 { close(fd) }
            isOpen = false
        }
        if case .named(let temporary, let final) = placement { try Self.rename(temporary, over: final, path: path) }
    }

    /// Drops what was written to a staged file; the old file (if any) stays as it was.
    func discard() {
        guard isOpen else { return }
        isOpen = false
        if fd != 1 { close(fd) }
        if case .named(let temporary, _) = placement { unlink(temporary) }
    }

    private static func rename(_ temporary: String, over final: String, path: String) throws(OutputError) {
        guard Glibc.rename(temporary, final) == 0 else {
            let e = errno
            unlink(temporary)
            throw .io("write", path, e)
        }
        // The new name is durable once the folder is.
        let dir = Glibc.open(folder(of: final), O_RDONLY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }

    // MARK: Where a path leads

    private enum Target {
        case inPlace
        case staged(final: String)
    }

    /// Follows symbolic links to what `path` names: a regular or new file is staged beside its
    /// final name; a device, FIFO, socket, or anything under /dev or /proc is written in place.
    private static func target(of path: String) throws(OutputError) -> Target {
        var current = path
        for _ in 0..<40 {
            if current.hasPrefix("/dev/") || current.hasPrefix("/proc/") { return .inPlace }
            var st = stat()
            guard lstat(current, &st) == 0 else {
                if errno == ENOENT { return .staged(final: current) }
                throw .io("write", path, errno)
            }
            switch st.st_mode & S_IFMT {
            case S_IFREG: return .staged(final: current)
            case S_IFDIR: throw .io("write", path, EISDIR)
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = readlink(current, &buffer, buffer.count - 1)
                guard n >= 0 else { throw .io("write", path, errno) }
                let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                current =
                    link.hasPrefix("/") ? link : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
            default: return .inPlace
            }
        }
        throw .io("write", path, ELOOP)
    }

    /// `dir/.NAME.sift-PID.tmp` beside `dir/NAME`: same filesystem, so the rename is atomic.
    static func temporaryPath(for path: String, pid: Int32 = getpid()) -> String {
        let dir = (path as NSString).deletingLastPathComponent
        let name = ".\((path as NSString).lastPathComponent).sift-\(pid).tmp"
        return dir.isEmpty ? name : dir + "/" + name
    }

    /// Removes `.NAME.sift-PID.tmp` files beside `final` whose process is gone (runs killed
    /// where the filesystem has no unnamed files).
    private static func removeStaleTemporaries(of final: String) {
        let dir = (final as NSString).deletingLastPathComponent
        let prefix = ".\((final as NSString).lastPathComponent).sift-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            guard let pid = Int32(name.dropFirst(prefix.count).dropLast(4)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(dir.isEmpty ? name : dir + "/" + name) }
        }
    }

    /// The folder a path's file is in ("." for a bare name).
    private static func folder(of path: String) -> String {
        let dir = (path as NSString).deletingLastPathComponent
        return dir.isEmpty ? "." : dir
    }

    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift does not import.
    private static let O_TMPFILE: Int32 = 0o20_000_000 | O_DIRECTORY
}

/// A file that could not be read or written, in plain words:
/// `cannot write results.jsonl: no space left on device`.
struct OutputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    static func io(_ verb: String, _ path: String, _ code: Int32) -> OutputError {
        OutputError(message: "cannot \(verb) \(path): \(words(code))")
    }

    /// `strerror`'s text with a lower-case first letter ("no space left on device").
    static func words(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
