import Foundation
import SiftJSON
import SiftMessages
import SiftConfig

/// Loads rule files (a file or a folder of packs) and compiles them into a `Pipeline`.
///
/// All problems are collected in one pass: hosts call `RulesLoader.load(path:registry:)`
/// (and its `text:` and `bundleResource:` forms), which throw a `LoadError` holding them.
public struct RulesLoader: Sendable {
    package var registry: PluginRegistry
    package var limits: YAMLLimits
    /// Also warn about what lint catches beyond errors: packs without examples or without
    /// `applies_to` beside other packs, example reasons no rule reports, unquoted numbers.
    package var advice = false
    /// Folders of shared rule files an `include:` may name (`--include-root`); confined like the rules folder.
    package var includeRoots: [String] = []
    /// Option values that replace the rules' own (see `BuildContext.overrides`).
    package var overrides: [String: String] = [:]
    /// Texts read instead of files on disk, by absolute path: a folder loaded with one file as
    /// an editor holds it, unsaved (its includes and the packs that include it see that text).
    package var replacing: [String: String] = [:]

    package init(registry: PluginRegistry, limits: YAMLLimits = YAMLLimits()) {
        self.registry = registry
        self.limits = limits
    }

    /// Loads `path`: a rule file, or a folder whose `.yaml`/`.yml` files are packs and libraries.
    package func load(path: String) -> LoadResult {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            return LoadResult(pipeline: nil, diagnostics: [.error(CoreMessages.rulesAt(["path": "\(path)"]), at: nil)], sources: [:])
        }
        let abs = RuleFileReader.absolute(path)
        if isDir.boolValue {
            var reader = RuleFileReader(yaml: YAMLReader(limits: limits), root: abs, displayRoot: path)
            reader.includeRoots = includeRoots.map { RuleFileReader.absolute($0) }
            reader.replacing = replacing
            for link in RuleFileReader.linksOutside(abs) {
                reader.diagnostics.error(
                    CoreMessages.ruleFileLinkFileOutside(["link": "\(reader.display(abs + "/" + link))"]), at: nil)
            }
            let paths = RuleFileReader.ruleFiles(in: abs)
            if paths.isEmpty {
                return LoadResult(
                    pipeline: nil, diagnostics: [.error(CoreMessages.ruleFilesYamlYml(["path": "\(path)"]), at: nil)], sources: [:])
            }
            let files = paths.compactMap { reader.read(absolute: $0) }
            return compile(files, &reader, origin: path, isFolder: true)
        }
        let dir = (abs as NSString).deletingLastPathComponent
        let displayDir = (path as NSString).deletingLastPathComponent
        var reader = RuleFileReader(yaml: YAMLReader(limits: limits), root: dir, displayRoot: displayDir.isEmpty ? "." : displayDir)
        reader.includeRoots = includeRoots.map { RuleFileReader.absolute($0) }
        let files = [reader.read(absolute: abs, display: path)].compactMap { $0 }
        return compile(files, &reader, origin: path)
    }

    /// Loads rules given as text (hosts that keep rules elsewhere, and tests). Includes are
    /// resolved against `directory`, which is also the root they may not leave.
    package func load(text: String, file: String = "rules.yaml", directory: String = FileManager.default.currentDirectoryPath) -> LoadResult
    {
        let root = RuleFileReader.absolute(directory)
        var reader = RuleFileReader(yaml: YAMLReader(limits: limits), root: root, displayRoot: ".")
        reader.includeRoots = includeRoots.map { RuleFileReader.absolute($0) }
        reader.replacing = replacing
        let abs = RuleFileReader.absolute(file, relativeTo: root)
        let files = [reader.read(absolute: abs, display: file, text: text)].compactMap { $0 }
        return compile(files, &reader, origin: file)
    }

    private func compile(_ files: [RuleFile], _ reader: inout RuleFileReader, origin: String, isFolder: Bool = false) -> LoadResult {
        // Checks declared as external commands (`exec_checks:`) join the registry before any pack is compiled.
        var withExec = self
        var commands: [DeclaredCommand] = []
        for file in files {
            guard let node = file.node?["exec_checks"] else { continue }
            guard let read = registry.execSection else {
                reader.diagnostics.error(CoreMessages.execUnavailable(), at: node.mark)
                continue
            }
            read(node, file.directory, reader.root, &withExec.registry, &commands, &reader.diagnostics)
        }
        var result = withExec.compilePacks(files, &reader, origin: origin, isFolder: isFolder)
        result.execCommands = commands
        return result
    }

    private func compilePacks(_ files: [RuleFile], _ reader: inout RuleFileReader, origin: String, isFolder: Bool) -> LoadResult {
        var compiler = PackCompiler(registry: registry)
        compiler.advises = advice
        compiler.overrides = overrides
        // Every field path made while compiling is recorded, for the parts of a record the pipeline reads.
        let ((packs, libraries, sawTopLevel), reads) = ReadRecorder.recording {
            let compiled = compileFiles(files, &reader, &compiler)
            compileLibraries(compiled.libraries, &reader, &compiler)
            return compiled
        }
        if advice, packs.count > 1 { adviseOnPacksForEveryRecord(packCount: packs.count, &compiler) }
        var all = reader.diagnostics
        all.append(contentsOf: compiler.diagnostics.items)
        if !all.hasErrors { all.append(contentsOf: compiler.advice.items) }
        if packs.isEmpty, sawTopLevel, !all.hasErrors, libraries.isEmpty || isFolder {
            all.error(
                libraries.isEmpty
                    ? CoreMessages.noRulePacks(["origin": origin]) : CoreMessages.noRulePacksOnlyValidators(["origin": origin]),
                at: nil)
        }
        let sources = Dictionary(reader.files.values.map { ($0.display, $0.text) }, uniquingKeysWith: { a, _ in a })
            .merging(compiler.sources) { a, _ in a }
        let sorted = all.sorted
        let pipeline =
            all.hasErrors
            ? nil : Pipeline(packs: packs, warnings: sorted.filter { $0.severity == .warning }, sources: sources, reads: reads)
        var result = LoadResult(pipeline: pipeline, diagnostics: sorted, sources: sources)
        result.registry = registry
        return result
    }

    /// Compiles each rule file into a pack, or sets it aside as a library when it only defines validators.
    /// Returns the packs, the libraries and whether any file was a mapping of keys.
    private func compileFiles(
        _ files: [RuleFile], _ reader: inout RuleFileReader, _ compiler: inout PackCompiler
    ) -> (packs: [Pack], libraries: [(RuleFile, ConfigNode)], sawTopLevel: Bool) {
        var packs: [Pack] = []
        var libraries: [(RuleFile, ConfigNode)] = []
        var sawTopLevel = false
        for file in files {
            guard let node = file.node else { continue }
            guard node.pairs != nil else {
                reader.diagnostics.error(
                    CoreMessages.ruleFileMappingKeysFields(messages: ["node_kind": node.kindMessage]), at: node.mark)
                continue
            }
            let keys = Set((node.pairs ?? []).compactMap { $0.key.scalarText })
            // A JSON Schema or OpenAPI document in YAML beside the rules is what a `schema:`
            // section reads, not a rule file.
            if !keys.isDisjoint(with: ["openapi", "swagger", "$schema"]), keys.isDisjoint(with: PackCompiler.packKeys) { continue }
            sawTopLevel = true
            let validators = collectValidators(file, node, &reader, chain: [])
            if keys.isSubset(of: PackCompiler.libraryKeys) {
                libraries.append((file, node))
                continue
            }
            if let pack = compiler.compile(file, node, validators: validators, root: reader.root) {
                if let other = packs.first(where: { $0.name == pack.name }) {
                    reader.diagnostics.error(
                        CoreMessages.twoPacksAreNamedOther(["name": "\(pack.name)", "file": "\(other.file)"]),
                        at: node["pack"]?.mark ?? node.mark)
                }
                packs.append(pack)
            }
        }
        return (packs, libraries, sawTopLevel)
    }

    /// Compiles each library validator once, so its errors show even if no pack uses it.
    private func compileLibraries(_ libraries: [(RuleFile, ConfigNode)], _ reader: inout RuleFileReader, _ compiler: inout PackCompiler) {
        for (file, node) in libraries {
            let validators = collectValidators(file, node, &reader, chain: [])
            var checks = CheckCompiler(
                registry: registry, validators: validators,
                context: BuildContext(directory: file.directory, root: reader.root, pack: "(library)"))
            for v in validators.values where v.nameMark.file == file.display {
                _ = checks.compile(v.node, prefix: v.name)
            }
            compiler.diagnostics.append(contentsOf: checks.context.diagnostics.items)
        }
    }

    /// Advises adding `applies_to` to each pack that checks every record, beside `packCount - 1` other packs.
    private func adviseOnPacksForEveryRecord(packCount: Int, _ compiler: inout PackCompiler) {
        for (name, mark) in compiler.packsForEveryRecord {
            let others = packCount == 2 ? CoreMessages.otherPack() : CoreMessages.otherPacks(["count": "\(packCount - 1)"])
            compiler.advice.warning(CoreMessages.packForEveryRecord(["name": name], messages: ["others": others]), at: mark)
        }
    }

    /// The validators a file can use: its own and those of the files it includes, transitively.
    private func collectValidators(_ file: RuleFile, _ node: ConfigNode, _ reader: inout RuleFileReader, chain: [String]) -> [String:
        NamedValidator]
    {
        var out: [String: NamedValidator] = [:]
        func add(_ v: NamedValidator, _ reader: inout RuleFileReader) {
            if let old = out[v.name], old.nameMark != v.nameMark {
                reader.diagnostics.error(
                    CoreMessages.validatorDefinedTwiceAlsoAt(["name": "\(v.name)", "name_mark": "\(old.nameMark)"]), at: v.nameMark)
            }
            out[v.name] = v
        }
        if let inc = node["include"] {
            for item in inc.items ?? [inc] {
                guard let path = item.scalarText else {
                    reader.diagnostics.error(
                        CoreMessages.includeTakesFilePathList(messages: ["item_kind": item.kindMessage]), at: item.mark)
                    continue
                }
                guard let included = reader.include(path, from: file, at: item.mark), let inode = included.node else { continue }
                if chain.contains(included.absolute) || included.absolute == file.absolute {
                    reader.diagnostics.error(CoreMessages.includeCycleIncludesFileAgain(["path": "\(path)"]), at: item.mark)
                    continue
                }
                if inode["exec_checks"] != nil {
                    reader.diagnostics.error(
                        CoreMessages.includedFileDeclaresExecChecks(["path": "\(path)"]), at: item.mark)
                    continue
                }
                if let keys = inode.pairs?.compactMap({ $0.key.scalarText }),
                    let bad = keys.first(where: { !PackCompiler.libraryKeys.contains($0) })
                {
                    reader.diagnostics.error(
                        CoreMessages.includedFileMayOnlyDefine(["path": "\(path)", "bad": "\(bad)"]), at: item.mark)
                    continue
                }
                for v in collectValidators(included, inode, &reader, chain: chain + [file.absolute]).values { add(v, &reader) }
            }
        }
        if let vs = node["validators"] {
            guard let pairs = vs.pairs else {
                reader.diagnostics.error(CoreMessages.validatorsMappingFromNamesChecks(messages: ["vs_kind": vs.kindMessage]), at: vs.mark)
                return out
            }
            for p in pairs {
                guard let name = p.key.scalarText else { continue }
                if registry.checks[name] != nil || CheckCompiler.compositionKeys.contains(name) {
                    reader.diagnostics.error(CoreMessages.validatorNameTakenBuiltCheck(["name": "\(name)"]), at: p.key.mark)
                    continue
                }
                add(NamedValidator(name: name, node: p.value, nameMark: p.key.mark), &reader)
            }
        }
        return out
    }
}

/// What loading gave: a pipeline when there were no errors, and every diagnostic.
package struct LoadResult: Sendable {
    public let pipeline: Pipeline?
    /// Errors and warnings, sorted by location.
    public let diagnostics: [Diagnostic]
    /// Rule-file texts by path.
    public let sources: [String: String]
    /// The plugins the rules were compiled with: the loader's, and the `exec_checks` the rules declare.
    package var registry: PluginRegistry?
    /// Every program the rules declare (`exec_checks:`), in file order, started or not.
    package var execCommands: [DeclaredCommand] = []

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Every diagnostic with its source line and caret, in `language` (each message's catalog
    /// wording; a plugin's message given as English text stays as written).
    public func rendered(_ language: Language = .en) -> String {
        DiagnosticRenderer(sources: sources, language: language).render(diagnostics)
    }
}
