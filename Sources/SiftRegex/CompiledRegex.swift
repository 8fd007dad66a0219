internal import CPCRE2
import SiftMessages
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Match data for one ovector pair, one per thread: a match allocates nothing. Freed when
/// the thread ends. (A match only needs to know whether it matched; with one pair PCRE2
/// still matches patterns with groups and returns 0 for "matched, vector too small".)
private let matchDataKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { data in
        if let data { pcre2_match_data_free_8(OpaquePointer(data)) }
    }
    return key
}()

private func threadMatchData() -> OpaquePointer {
    if let data = pthread_getspecific(matchDataKey) { return OpaquePointer(data) }
    let data = pcre2_match_data_create_8(1, nil)!
    pthread_setspecific(matchDataKey, UnsafeRawPointer(data))
    return data
}

/// A PCRE2 regex compiled once (with JIT when available) and shared by all threads.
///
/// Matches run on UTF-8 bytes straight from the input. A whole-text, case-sensitive pattern
/// in the ``ByteDFA`` subset (most validation patterns) is answered by its byte automaton, in
/// linear time. Any other runs on PCRE2 with match and depth limits, so a catastrophic
/// pattern ends with `.limitExceeded` instead of hanging.
package final class CompiledRegex: @unchecked Sendable {
    // Immutable after init; PCRE2 code and match contexts may be used by many threads at once.
    private let code: OpaquePointer
    private let matchContext: OpaquePointer
    public let pattern: String
    public let options: RegexOptions
    /// True when PCRE2's JIT compiled the pattern.
    public let isJIT: Bool
    /// The byte automaton that answers whole-text matches, when the pattern is in its subset.
    package let automaton: ByteDFA?

    public init(_ pattern: String, options: RegexOptions = RegexOptions()) throws(RegexError) {
        self.pattern = pattern
        self.options = options
        let translated = ICUPattern.translate(pattern)
        var flags: UInt32 = PCRE2_UTF | PCRE2_DOLLAR_ENDONLY
        if options.ignoreCase { flags |= PCRE2_CASELESS }
        if options.unsetBackreferenceMatchesEmpty { flags |= PCRE2_MATCH_UNSET_BACKREF }
        if options.mode == .full { flags |= PCRE2_ANCHORED | PCRE2_ENDANCHORED }
        var errorCode: Int32 = 0
        var errorOffset = 0
        let compiled = translated.withCString { p in
            pcre2_compile_8(
                UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), translated.utf8.count, flags,
                &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw RegexError(message: Self.message(errorCode), offset: errorOffset, code: errorCode)
        }
        code = compiled
        isJIT = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
        matchContext = pcre2_match_context_create_8(nil)
        pcre2_set_match_limit_8(matchContext, options.matchLimit)
        pcre2_set_depth_limit_8(matchContext, options.depthLimit)
        automaton = options.mode == .full && !options.ignoreCase ? ByteDFA.build(translated) : nil
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    /// Matches UTF-8 bytes, which must be valid UTF-8 (JSON input is validated on parse).
    public func match(_ subject: UnsafeBufferPointer<UInt8>) -> RegexOutcome {
        if let automaton { return automaton.matches(subject) ? .match : .noMatch }
        return matchWithPCRE2(subject)
    }

    /// Matches with PCRE2 even when the automaton could answer (tests compare the two).
    package func matchWithPCRE2(_ subject: UnsafeBufferPointer<UInt8>) -> RegexOutcome {
        let data = threadMatchData()
        let base = subject.baseAddress ?? UnsafePointer(bitPattern: 1)!
        let rc =
            isJIT
            ? pcre2_jit_match_8(code, base, subject.count, 0, 0, data, matchContext)
            : pcre2_match_8(code, base, subject.count, 0, PCRE2_NO_UTF_CHECK, data, matchContext)
        if rc >= 0 { return .match }
        switch rc {
        case PCRE2_ERROR_NOMATCH: return .noMatch
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            return .limitExceeded
        default:
            return .error(Self.message(rc))
        }
    }

    /// Matches a Swift string.
    public func match(_ subject: String) -> RegexOutcome {
        var s = subject
        return s.withUTF8 { match($0) }
    }

    static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer[..<Int(n)], as: UTF8.self) : "PCRE2 error \(code)"
    }
}

/// How a regex is compiled and bounded.
package struct RegexOptions: Sendable, Hashable {
    public enum Mode: String, Sendable, Hashable {
        /// The whole value must match, as `NSPredicate MATCHES` does.
        case full
        /// A match anywhere in the value.
        case search
    }

    public var mode: Mode
    public var ignoreCase: Bool
    /// PCRE2's match limit: how much backtracking one match may do.
    public var matchLimit: UInt32
    /// PCRE2's depth limit (for the interpreter when JIT is unavailable).
    public var depthLimit: UInt32
    /// ECMA-262's back references: one to a group that has not matched matches the empty text
    /// (PCRE2's MATCH_UNSET_BACKREF); PCRE2's own fail. For JSON Schema's `pattern`.
    public var unsetBackreferenceMatchesEmpty = false

    public init(mode: Mode = .full, ignoreCase: Bool = false, matchLimit: UInt32 = 1_000_000, depthLimit: UInt32 = 10_000) {
        self.mode = mode
        self.ignoreCase = ignoreCase
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
    }
}

package enum RegexOutcome: Sendable, Equatable {
    case match
    case noMatch
    /// The match or depth limit was reached: treat the value as suspect, not as matching.
    case limitExceeded
    case error(String)
}

/// Why a pattern did not compile, and where (offset in the pattern, in bytes).
package struct RegexError: Error, Sendable, Equatable {
    /// PCRE2's words for the problem, in English.
    public var message: String
    public var offset: Int
    /// PCRE2's error number.
    public var code: Int32 = 0

    /// The problem in every language: PCRE2's own English words, in Chinese for the problems
    /// authors meet most (`RegexMessages`).
    package var problem: Message {
        switch code {
        case PCRE2_ERROR_MISSING_CLOSING_PARENTHESIS: return RegexMessages.missingClosingParenthesis()
        default: return .verbatim(message)
        }
    }
}

extension CompiledRegex {
    private struct Key: Hashable {
        let pattern: String
        let options: RegexOptions
    }

    /// Compiled regexes by pattern and options, shared by every rule that names the same one
    /// (a validator included by 200 packs is compiled once). Bounded; the oldest is dropped.
    private nonisolated(unsafe) static var compiled: [Key: CompiledRegex] = [:]  // read and written under `lock` only
    private nonisolated(unsafe) static var order: [Key] = []
    private static let lock = NSLock()
    static let sharedLimit = 1024

    /// The compiled regex of `pattern` with `options`, compiled once per process.
    package static func shared(_ pattern: String, options: RegexOptions = RegexOptions()) throws(RegexError) -> CompiledRegex {
        let key = Key(pattern: pattern, options: options)
        if let known = lock.withLock({ compiled[key] }) { return known }
        let regex = try CompiledRegex(pattern, options: options)
        lock.withLock {
            if compiled[key] == nil {
                if order.count >= sharedLimit { compiled[order.removeFirst()] = nil }
                compiled[key] = regex
                order.append(key)
            }
        }
        return regex
    }
}
