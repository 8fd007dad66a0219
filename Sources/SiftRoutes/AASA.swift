import SiftCore
import SiftJSON

/// apple-app-site-association files for a pipeline's routes: generating one, and checking
/// one against the routes.
package enum AASA: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    static func routeStages(_ pipeline: Pipeline) -> [RoutesStage] {
        pipeline.packs.flatMap { $0.stages.compactMap { $0 as? RoutesStage } }
    }

    /// The AASA path patterns for a route: literals percent-encoded, parameters as `*`.
    /// A route ending in `**` (zero or more segments) needs two: `/files` and `/files/*`.
    static func paths(_ pattern: RoutePattern) -> [String] {
        var parts: [String] = []
        for s in pattern.segments {
            switch s {
            case .literal(let l): parts.append(percentEncode(l))
            case .rest:
                let prefix = parts.isEmpty ? "" : "/" + parts.joined(separator: "/")
                return [prefix.isEmpty ? "/" : prefix, prefix + "/*"]
            default: parts.append("*")
            }
        }
        return ["/" + parts.joined(separator: "/")]
    }

    static func percentEncode(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            let c = Character(Unicode.Scalar(b))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~".contains(c)) { out.append(c) } else { out += String(format: "%%%02X", b) }
        }
        return out
    }

    /// An AASA file (iOS 13+ `components`, exclusions first, plus the legacy `paths`) for
    /// the routes of every `routes:` section that lists universal-link hosts. Exclusions carry
    /// `percentEncoded: false`: iOS decodes the path before matching them, as the routes do,
    /// so `/videos/%70rivate/1` is excluded by `/videos/private/*` in both.
    public static func generate(_ pipeline: Pipeline, appID: String) throws(Failure) -> String {
        let stages = routeStages(pipeline).filter { !$0.parser.hosts.isEmpty }
        guard !stages.isEmpty else { throw Failure(description: "no 'routes' section lists universal-link 'hosts'") }
        var comps: [(path: String, exclude: Bool, comment: String)] = []
        for s in stages {
            for e in s.exclusions where !comps.contains(where: { $0.path == e && $0.exclude }) {
                comps.append((e, true, "excluded"))
            }
        }
        for s in stages {
            for r in s.table.routes {
                for p in paths(r.pattern) {
                    if let k = comps.firstIndex(where: { $0.path == p && !$0.exclude }) {
                        if !comps[k].comment.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).contains(r.destination)
                        {
                            comps[k].comment += ", " + r.destination
                        }
                    } else {
                        comps.append((p, false, r.destination))
                    }
                }
            }
        }
        var w = JSONWriter()
        w.beginObject()
        w.key("applinks")
        w.beginObject()
        w.key("apps"); w.beginArray(); w.endArray()
        w.key("details")
        w.beginArray()
        w.beginObject()
        w.key("appIDs"); w.beginArray(); w.string(appID); w.endArray()
        w.field("appID", appID)
        w.key("components")
        w.beginArray()
        for c in comps {
            w.beginObject()
            w.field("/", c.path)
            if c.exclude {
                w.field("exclude", true)
                w.field("percentEncoded", false)
            }
            w.field("comment", c.comment)
            w.endObject()
        }
        w.endArray()
        w.key("paths")
        w.beginArray()
        for c in comps { w.string(c.exclude ? "NOT " + c.path : c.path) }
        w.endArray()
        w.endObject()
        w.endArray()
        w.endObject()
        w.endObject()
        return pretty(String(decoding: w.bytes, as: UTF8.self))
    }

    /// Routes the AASA file would not send to the app, and AASA patterns with no route.
    public static func check(_ pipeline: Pipeline, aasa bytes: [UInt8], appID: String?) throws(Failure) -> [String] {
        let file: AASAFile
        do { file = try AASAFile(bytes: bytes, appID: appID) } catch { throw Failure(description: error.description) }
        let stages = routeStages(pipeline).filter { !$0.parser.hosts.isEmpty }
        guard !stages.isEmpty else { throw Failure(description: "no 'routes' section lists universal-link 'hosts'") }
        var problems: [String] = []
        for s in stages {
            for r in s.table.routes {
                let variants = samples(r.pattern)
                if variants.isEmpty {
                    problems.append(
                        "route '\(r.pattern)' → \(r.destination) (\(r.mark)): "
                            + "no sample link could be made for its parameters; not checked")
                }
                for sample in variants {
                    let encoded = "/" + sample.map(percentEncode).joined(separator: "/")
                    if s.exclusion("/" + sample.joined(separator: "/")) != nil { continue }
                    let decision = file.decide(encodedPath: encoded)
                    if decision == nil || decision!.component.exclude {
                        let why = decision.map { "it matches \($0.component.label) first" } ?? "no pattern matches it"
                        problems.append(
                            "route '\(r.pattern)' → \(r.destination) (\(r.mark)): \(encoded) would open in the browser: \(why)")
                        break
                    }
                }
            }
            // Paths the rules exclude must not be sent to the app either: each '*' tried with a
            // segment and with nothing ('/videos/private/*' excludes '/videos/private/').
            for e in s.exclusions {
                for fill in ["a", ""] {
                    let decoded = e.replacingOccurrences(of: "*", with: fill).replacingOccurrences(of: "?", with: "a")
                    let encoded = decoded.split(separator: "/", omittingEmptySubsequences: false).map { percentEncode(String($0)) }.joined(
                        separator: "/")
                    if let d = file.decide(encodedPath: encoded), !d.component.exclude {
                        problems.append("excluded path '\(e)' would still open the app: \(encoded) matches \(d.component.label) first")
                        break
                    }
                }
            }
        }
        let routeSamples = stages.flatMap { s in
            s.table.routes.flatMap { samples($0.pattern).map { "/" + $0.map(percentEncode).joined(separator: "/") } }
        }
        for (i, c) in file.components.enumerated() where !c.exclude {
            let routed = (samples(c.path ?? "*") + routeSamples).contains { candidate in
                guard file.decide(encodedPath: candidate)?.index == i else { return false }
                let parts = candidate.split(separator: "/", omittingEmptySubsequences: false).map {
                    (try? LinkParser.decode($0, allowSlash: false)) ?? String($0)
                }
                let segments = parts.filter { !$0.isEmpty }
                return stages.contains { s in s.exclusion(parts.joined(separator: "/")) == nil && s.table.match(segments) != nil }
            }
            if !routed { problems.append("AASA pattern '\(c.label)' sends links to the app, but no route handles them") }
        }
        return problems
    }

    /// Sample paths a route matches (a `**` route: with nothing and with one segment after
    /// its prefix); empty when a parameter has no sample value.
    static func samples(_ pattern: RoutePattern) -> [[String]] {
        var out: [String] = []
        for s in pattern.segments {
            switch s {
            case .literal(let l): out.append(l)
            case .param(_, let t): guard let v = t.sample else { return [] }; out.append(v)
            case .any: out.append("a")
            case .rest: return [out, out + ["a"]]
            }
        }
        return [out]
    }

    /// Paths an AASA pattern matches: each wildcard tried with a few typical values.
    static func samples(_ pattern: String) -> [String] {
        let fills = ["", "a", "1", "a/b", "00000000-0000-0000-0000-000000000000"]
        var out = [""]
        for ch in pattern {
            if ch == "*" {
                out = out.flatMap { p in fills.map { p + $0 } }
            } else if ch == "?" {
                out = out.map { $0 + "a" }
            } else {
                out = out.map { $0 + String(ch) }
            }
            if out.count > 2000 { out = Array(out.prefix(2000)) }
        }
        return out.map { $0.hasPrefix("/") ? $0 : "/" + $0 }
    }

    /// Indents JSON for people to read, keeping key order as written where Foundation allows.
    static func pretty(_ json: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else {
            return json
        }
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation
