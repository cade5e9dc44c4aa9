import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import grubmap

/// Each command's options come from its one table: the parser reads typed values and refuses bad ones in one line,
/// and docs/operating.md lists exactly `grubmap serve`'s options with the table's defaults.
@Suite struct OptionTableTests {
    /// `grubmap serve`'s options as docs/operating.md's tables list them (the configuration table and the limits
    /// table): the name of each row's first cell, and its default without backticks (`nil` for none, off or empty).
    private static func documentedServeOptions() throws -> [String: String?] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/operating.md"), encoding: .utf8)
        var rows: [String: String?] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `--") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")).dropFirst(2)
            let shown = cells[2].replacingOccurrences(of: "`", with: "")
            let value: String? = ["", "none", "off"].contains(shown) ? nil : shown
            if let earlier = rows[String(name)] {
                #expect(earlier == value, "--\(name) has two defaults in docs/operating.md")
            }
            rows[String(name)] = value
        }
        return rows
    }

    @Test func theDocsListEveryServeOptionWithItsDefault() throws {
        let documented = try Self.documentedServeOptions()
        let options = ServeCommand.definition.options
        #expect(Set(documented.keys) == Set(options.map(\.name)))
        for option in options {
            #expect(documented[option.name] == .some(option.shownDefault), "--\(option.name)")
        }
    }

    @Test func theDocsSynopsisOfServeNamesEveryOption() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/operating.md"), encoding: .utf8)
        let start = try #require(text.range(of: "    grubmap serve ["))
        let end = try #require(text.range(of: "\n    grubmap import", range: start.upperBound..<text.endIndex))
        let synopsis = text[start.lowerBound..<end.lowerBound]
        for option in ServeCommand.definition.options where option.name != "help" {
            let named = synopsis.contains("--\(option.name) ") || synopsis.contains("--\(option.name)]")
            #expect(named, "--\(option.name) is not in operating.md's synopsis")
        }
    }

    @Test func valuesAreTypedAndDefaultsApplyWhenAnOptionIsLeftOut() throws {
        let given = try Arguments(
            [
                "--port", "0", "--feed-interval=15m", "--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "::1",
                "--metrics", "off", "--check-in-hours", "1.5", "--demo", "--threading", "per-connection", "spare",
            ], ServeCommand.definition)
        #expect(given[ServeCommand.port] == 0)
        #expect(given[ServeCommand.feedInterval] == 900)
        #expect(given.all(ServeCommand.trustedProxy) == [IPRange("10.0.0.0/8"), IPRange("::1")].compactMap { $0 })
        #expect(given[ServeCommand.metrics] == .off)
        #expect(given[ServeCommand.checkInHours] == 1.5)
        #expect(given[ServeCommand.demo] && !given[ServeCommand.secureCookies])
        #expect(given[ServeCommand.threading] == .threadPerConnection)
        #expect(given.positional == ["spare"])
        #expect(try Arguments(["--feed-interval", "0"], ServeCommand.definition)[ServeCommand.feedInterval] == nil)

        let none = try Arguments([], ServeCommand.definition)
        #expect(none[ServeCommand.port] == 8080 && none[ServeCommand.host] == "127.0.0.1")
        #expect(none[ServeCommand.feedInterval] == 3600 && none[ServeCommand.logFormat] == .text)
        #expect(none[ServeCommand.database] == defaultDatabasePath && none[ServeCommand.workers] == nil)
        #expect(!none.has(ServeCommand.database))
    }

    @Test(arguments: [
        (["--frobnicate"], "grubmap serve: unknown option --frobnicate (see grubmap serve --help)"),
        (["--demo=yes"], "grubmap serve: unknown option --demo (see grubmap serve --help)"),
        (["--database"], "grubmap serve: --database needs a value"),
        (["--port", "--demo"], "grubmap serve: --port needs a value"),
        (["--database="], "grubmap serve: --database needs a path or a postgres:// URL"),
        (["--port", "99999"], "grubmap serve: --port must be a whole number from 0 to 65535, got \"99999\""),
        (["--port", "-1"], "grubmap serve: --port must be a whole number from 0 to 65535, got \"-1\""),
        (
            ["--http-redirect-port", "0"],
            "grubmap serve: --http-redirect-port must be a whole number from 1 to 65535, got \"0\""
        ),
        (
            ["--new-sessions-burst", "0"],
            "grubmap serve: --new-sessions-burst must be a whole number from 1 to 1000000, got \"0\""
        ),
        (
            ["--writes-per-minute", "many"],
            "grubmap serve: --writes-per-minute must be a whole number from 1, got \"many\""
        ),
        (["--max-body-bytes", "-5"], "grubmap serve: --max-body-bytes must be a whole number from 0, got \"-5\""),
        (
            ["--database-timeout-ms", "50"],
            "grubmap serve: --database-timeout-ms must be a whole number from 100 to 600000, got \"50\""
        ),
        (["--check-in-hours", "0"], "grubmap serve: --check-in-hours must be more than 0 and at most 24, got \"0\""),
        (
            ["--check-in-hours", "nan"],
            "grubmap serve: --check-in-hours must be more than 0 and at most 24, got \"nan\""
        ),
        (
            ["--feed-interval", "10s"],
            "grubmap serve: --feed-interval must be a duration from 30s to 7d like 30s, 15m or 1h, or 0, got \"10s\""
        ),
        (
            ["--feed-interval", "1w"],
            "grubmap serve: --feed-interval must be a duration from 30s to 7d like 30s, 15m or 1h, or 0, got \"1w\""
        ),
        (["--log-format", "xml"], "grubmap serve: --log-format must be text or json, got \"xml\""),
        (["--metrics", "everyone"], "grubmap serve: --metrics must be loopback, public or off, got \"everyone\""),
        (["--threading", "pool:0"], "grubmap serve: --threading must be per-connection or pool:N, got \"pool:0\""),
        (
            ["--trusted-proxy", "10.0.0.0/33"],
            "grubmap serve: --trusted-proxy must be an IP address or a CIDR block like 127.0.0.1, 10.0.0.0/8 or ::1, got \"10.0.0.0/33\""
        ),
        (
            ["--tile-url", "ftp://x/{z}/{x}/{y}"],
            "grubmap serve: --tile-url must be an http(s) URL with {z}, {x} and {y}, got \"ftp://x/{z}/{x}/{y}\""
        ),
        (
            ["--default-area", "Not An Id"],
            "grubmap serve: --default-area: \"Not An Id\" is not an id: use lowercase letters, digits and single hyphens between them"
        ),
        (["--tls-cert", "/nonexistent.pem"], "grubmap serve: --tls-cert: cannot read \"/nonexistent.pem\""),
        (["--allow-outbound", "gopher://x/"], "grubmap serve: --allow-outbound: "),
    ])
    func badServeInputIsOneLineNamingTheOption(arguments: [String], message: String) {
        do {
            _ = try Arguments(arguments, ServeCommand.definition)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(!error.message.contains("\n"))
            if message.hasSuffix(": ") {
                #expect(error.message.hasPrefix(message))
            } else {
                #expect(error.message == message)
            }
        }
    }

    @Test(arguments: [
        (["nearby", "0,0", "--limit", "0"], "grubmap nearby: --limit must be a whole number from 1 to 500, got \"0\""),
        (
            ["nearby", "0,0", "--radius", "-3"],
            "grubmap nearby: --radius must be a number of metres above 0, got \"-3\""
        ),
        (
            ["nearby", "0,0", "--area", "A B"],
            "grubmap nearby: --area: \"A B\" is not an id: use lowercase letters, digits and single hyphens between them"
        ),
        (["fare", "--from", "91,0", "--to", "x"], "grubmap fare: --from: latitude 91.0 is outside [-90, 90]"),
        (["fare", "--from", "0,0"], "grubmap fare: --to PLACE|LAT,LON is required"),
        (["fare", "--language", "de"], "grubmap fare: --language must be en or ko, got \"de\""),
        (
            ["fare", "--from", "0,0", "--to", "x", "extra"],
            "grubmap fare: unexpected argument \"extra\" (see grubmap fare --help)"
        ),
        (
            ["migrate", "--database-timeout-ms", "x"],
            "grubmap migrate: --database-timeout-ms must be a whole number from 100 to 600000, got \"x\""
        ),
        (["import", "menu", "feed.xml"], "grubmap import menu: --place ID is required"),
        (["import", "basemap", "x.osm", "--area", ""], "grubmap import basemap: --area: an id cannot be empty"),
        (["operator", "add", "--area", "pnu-busan"], "grubmap operator add: --email ADDRESS is required"),
        (
            ["operator", "add", "--role", "owner"],
            "grubmap operator add: --role must be editor or admin, got \"owner\""
        ),
        (
            ["operator", "list", "--base-url", "example.org"],
            "grubmap operator list: --base-url must be an address starting with http:// or https://, got \"example.org\""
        ),
        (["operator", "add", "--area", "a,,b"], "grubmap operator add: --area: an id cannot be empty"),
        (["feed", "fetch", "--allow-outbound"], "grubmap feed fetch: --allow-outbound needs a value"),
        (["feed", "list", "extra"], "grubmap feed list: unexpected argument \"extra\" (see grubmap feed list --help)"),
        (["api-key", "add", "--area", "pnu-busan"], "grubmap api-key add: --scope read|write is required"),
        (
            ["api-key", "revoke", "--area", "x"],
            "grubmap api-key revoke: unknown option --area (see grubmap api-key revoke --help)"
        ),
        (["distance", "--frobnicate"], "grubmap distance: unknown option --frobnicate (see grubmap distance --help)"),
        (["man", "page"], "grubmap man: unexpected argument \"page\" (see grubmap man --help)"),
    ])
    func badInputToEveryCommandIsOneLineNamingTheOption(arguments: [String], message: String) {
        do {
            _ = try Command.run(arguments)
            Issue.record("\(arguments) was accepted")
        } catch let error as UsageError {
            #expect(error.message == message)
        } catch {
            Issue.record("\(arguments): \(error)")
        }
    }

    @Test func everyOptionIsDeclaredOnceAndEachHelpShowsItsDefault() {
        for definition in CommandDefinition.all {
            let names = definition.options.map(\.name)
            #expect(Set(names).count == names.count, "\(definition.name) lists an option twice")
            #expect(names.last == "help")
            for option in definition.options {
                let line = "--\(option.name)" + (option.placeholder.map { " \($0)" } ?? "")
                #expect(definition.help.contains(line), "\(definition.name): \(line)")
                if let shown = option.shownDefault {
                    let flattened = definition.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    #expect(flattened.contains("(default \(shown))"), "\(definition.name) --\(option.name)")
                }
            }
        }
    }
}
