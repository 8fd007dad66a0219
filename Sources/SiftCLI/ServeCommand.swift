#if Serve
    import ArgumentParser
    import Foundation
    import Sift
    import SiftExec
    import SiftReceipts
    import SiftServe
    #if PostgresLedger
        import SiftLedgerPostgres
    #endif

    /// `sift serve`: the rules as an HTTP service (docs/SERVE.md).
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the rules over HTTP: checks, Apple's notifications, entitlements, health and metrics.",
            discussion: """
                POST /v1/check (token), POST /v1/app-store/notifications (Apple's; no token), GET /v1/entitlements \
                (token), POST /v1/reload (token), GET /healthz, /readyz, /metrics. The token comes from --token-file \
                or SIFT_SERVE_TOKEN, never the command line. SIGHUP reloads the rules (refused while they have \
                errors: the old ones go on serving); SIGTERM stops accepting, answers the requests in flight and exits 0. \
                Exit codes: 0 stopped; 2 rules with errors or a bad option; 4 it could not listen.
                """)

        @Option(name: .long, help: "The rules: a folder or a file.")
        var rules: String = "rules"

        @OptionGroup var location: LedgerCommand.Location
        var ledger: String? { location.ledger }

        @Option(name: .long, help: "The address and port to listen on (only this machine by default).")
        var listen: String = "127.0.0.1:8080"

        @Option(name: .long, help: "File whose first line is the bearer token requests must carry (else SIFT_SERVE_TOKEN).")
        var tokenFile: String?

        @Option(name: .long, help: "The largest /v1/check body, in bytes.")
        var maxBody: Int = 1 << 20

        @Option(name: .long, help: "Notifications taken a second on average (twice as many at once); more are answered 429.")
        var notificationRate: Double = 100

        @Option(
            name: .long,
            help: "Close a connection idle for this many seconds (0: never, when a proxy in front closes them; about 15% more requests/s).")
        var idleTimeout: Double = 30

        @Option(name: .long, help: "Message language: en or zh.")
        var lang: String = "en"

        @Option(name: .customLong("include-root"), help: "A folder of shared rule files that include: may name (repeatable).")
        var includeRoots: [String] = []

        @OptionGroup var exec: ExecOption

        func validate() throws {
            guard Language(rawValue: lang) != nil else { throw ValidationError("unknown language '\(lang)'; use en or zh") }
            _ = try address()
            guard maxBody > 0 else { throw ValidationError("--max-body must be positive") }
            guard notificationRate > 0 else { throw ValidationError("--notification-rate must be positive") }
            guard idleTimeout >= 0 else { throw ValidationError("--idle-timeout must be 0 or more") }
        }

        /// `host:port`, `[::1]:port`.
        func address() throws -> (host: String, port: Int) {
            guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65535).contains(port)
            else { throw ValidationError("--listen \(listen): give HOST:PORT, as 127.0.0.1:8080") }
            var host = String(listen[..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty else { throw ValidationError("--listen \(listen): give HOST:PORT, as 127.0.0.1:8080") }
            return (host, port)
        }

        /// The token: `--token-file`'s first line, or SIFT_SERVE_TOKEN.
        func token() throws -> String {
            if let tokenFile {
                guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8) else {
                    eprint("sift serve: cannot read the token file '\(tokenFile)'")
                    throw Failed.rules
                }
                return String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
            }
            guard let env = ProcessInfo.processInfo.environment["SIFT_SERVE_TOKEN"], !env.isEmpty else {
                eprint("sift serve: give the bearer token with --token-file FILE or SIFT_SERVE_TOKEN (never on the command line)")
                throw Failed.rules
            }
            return env
        }

        func run() throws {
            let (host, port) = try address()
            var settings = ServeServer.Settings()
            (settings.host, settings.port, settings.maxBody) = (host, port, maxBody)
            (settings.notificationRate, settings.notificationBurst) = (notificationRate, notificationRate * 2)
            settings.language = Language(rawValue: lang) ?? .en
            settings.idleSeconds = idleTimeout
            let environment = ledgerEnvironment()
            var reader: (@Sendable () throws -> any ClaimsStore)?
            if let ledger {
                reader = { @Sendable () throws -> any ClaimsStore in try ClaimsStores.openToRead(ledger, environment) }
            }
            let server: ServeServer
            do {
                server = try ServeServer(settings: settings, token: try token(), source: source(environment), ledger: reader)
            } catch let refused as RuleSource.Refused {
                eprint(refused.diagnostics)
                throw Failed.rules
            } catch let error as ServeStartError {
                eprint("sift serve: \(error)")
                throw Failed.rules
            } catch let error as LedgerError {
                eprint("sift serve: " + error.message)
                throw error.kind == .usage ? Failed.rules : Failed.runtime
            }
            if ledger == nil, server.keepsState {
                eprint(
                    "sift serve: warning: the rules keep claims (replay detection) and no --ledger was given: claims go to the "
                        + "ledger a rule file names, or stay in memory and are forgotten at a restart or a reload")
            }
            ServeRunner(server: server, shown: "rules \(rules)" + (ledger.map { ", ledger \(LedgerURL.shown($0))" } ?? "")).run()
        }

        /// The environment sessions open their ledger in: `--ledger` for every ledger the rules name.
        func ledgerEnvironment() -> RunEnvironment {
            var environment = RunEnvironment()
            if let ledger { environment.overrides["ledger"] = ledger }
            #if PostgresLedger
                environment.ledgerOpeners["postgresql"] = PostgresLedger.opener(passwordFile: location.ledgerPasswordFile)
            #endif
            return environment
        }

        /// Loads the rules (at start and at each reload): errors refuse them, warnings are printed.
        func source(_ environment: RunEnvironment) -> RuleSource {
            let (path, roots, language, permission) = (rules, includeRoots, Language(rawValue: lang) ?? .en, exec.permission)
            return RuleSource {
                var registry = PluginRegistry.builtIn()
                registry.registerExecChecks(permission)
                var loader = RulesLoader(registry: registry)
                loader.overrides = environment.overrides
                loader.includeRoots = roots
                let result = loader.load(path: path)
                guard let pipeline = result.pipeline else {
                    throw RuleSource.Refused(diagnostics: result.rendered(only: result.errors, language: language))
                }
                if !result.diagnostics.isEmpty { eprint(result.rendered(only: result.diagnostics, language: language)) }
                return (pipeline, try RecordSession(pipeline: pipeline, environment: environment))
            }
        }
    }

    /// Runs the server on its own task until it stops, reloading on SIGHUP.
    struct ServeRunner {
        let server: ServeServer
        let shown: String

        func run() {
            signal(SIGHUP, SIG_IGN)
            let hangUp = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
            hangUp.setEventHandler { [server] in _ = server.reload() }
            hangUp.resume()
            let failure = TaskOutcome()
            let done = DispatchSemaphore(value: 0)
            Task { [server, shown] in
                do {
                    try await server.run { port in
                        // Written at once: whoever started the server reads it to know the port.
                        FileHandle.standardOutput.write(Data("sift serve: listening on port \(port) (\(shown))\n".utf8))
                    }
                } catch {
                    failure.set("\(error)")
                }
                done.signal()
            }
            done.wait()
            hangUp.cancel()
            if let message = failure.failure {
                eprint("sift serve: \(message)")
                Foundation.exit(4)
            }
            eprint("sift serve: stopped")
        }
    }
#endif
