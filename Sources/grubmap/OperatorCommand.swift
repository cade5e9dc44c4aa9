import Foundation
import GrubmapCore
import GrubmapStore
import GrubmapWeb

/// `grubmap operator add|list|remove|reset`: the people who run the console, managed on the server. Prints set-up
/// links; sends no mail.
enum OperatorCommand {
    static let email = Option("email", "ADDRESS", .text, help: "The operator's email address")
    static let areas = Option(
        "area", "ID[,ID…]",
        ValueParser { text throws(OptionProblem) in
            var areas: [Area.ID] = []
            for id in text.split(separator: ",", omittingEmptySubsequences: false) {
                do {
                    areas.append(try Area.ID(id.trimmingCharacters(in: .whitespaces)))
                } catch {
                    throw .refused("\(error)")
                }
            }
            return areas
        }, help: "The areas the operator runs (add)")
    static let role = Option(
        "role", "ROLE", .choice(), default: Operator.Role.editor,
        help: "editor (places, hours, menus, feeds, moderation) or admin (also manages the operators and API keys "
            + "of their areas)")
    static let baseURL = Option(
        "base-url", "URL", .webAddress, default: "http://127.0.0.1:8080",
        help: "The address people open Grubmap at, for the link")
    static let database = SharedOptions.database()

    /// One definition an action, for the parser, the completions and the man page.
    static let definitions = [
        ("add", "Make a console operator and print their set-up link"), ("list", "Every console operator"),
        ("remove", "Delete a console operator"), ("reset", "Print a new set-up link for a console operator"),
    ].map { action, summary in
        CommandDefinition(
            words: ["operator", action], summary: summary,
            usage: """
                Usage: grubmap operator <action> [options]

                Actions:
                  add      Make an operator and print their one-time set-up link (valid for 24 hours)
                           grubmap operator add --email ADDRESS --area ID[,ID…] [--role editor|admin] [--base-url URL]
                  list     Every operator: address, role, areas, whether set up, second factor
                  remove   Delete an operator and end their sessions: grubmap operator remove --email ADDRESS
                  reset    Take away an operator's password, second factor and sessions and print a new set-up link:
                           grubmap operator reset --email ADDRESS [--base-url URL]
                """,
            options: [email, areas, role, baseURL, database])
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let chosen = try ChosenAction.read(arguments, of: definitions, help: definitions[0].help) else {
            return 0
        }
        let (action, command, options) = (chosen.name, chosen.command, chosen.options)
        try options.expectNoPositional()
        let database = options[Self.database]
        let baseURL = options[Self.baseURL]
        switch action {
        case "add": return try add(options, command: command, database: database, baseURL: baseURL)
        case "list": return try list(database: database)
        case "remove", "reset":
            let email = try options.required(Self.email)
            let store = try openStore(database)
            guard let account = try store.operators().first(where: { $0.email == email.lowercased() }) else {
                throw UsageError("grubmap \(command): there is no operator \(email)")
            }
            if action == "remove" {
                try store.removeOperator(
                    id: account.id,
                    audit: Actor.commandLine.audit(
                        "operator.remove", subject: account.email, area: nil, at: Date(),
                        before: OperatorEnrolment.summary(account), after: nil))
                print("removed operator \(account.email); their sessions ended")
                return 0
            }
            let link = try OperatorEnrolment(store: store, randomBytes: AppEnvironment.systemRandomBytes)
                .reset(account, by: .commandLine, now: Date())
            print("reset operator \(account.email): password, second factor and sessions removed")
            printLink(link, baseURL: baseURL)
            return 0
        default:
            throw UsageError("grubmap operator: unknown action \"\(action)\" (see grubmap operator --help)")
        }
    }

    private static func add(_ options: Arguments, command: String, database: String, baseURL: String) throws -> Int32 {
        let email = try options.required(Self.email)
        let areas = try options.required(Self.areas)
        let role = options[Self.role]
        let store = try openStore(database)
        do {
            let (account, link) = try OperatorEnrolment(store: store, randomBytes: AppEnvironment.systemRandomBytes)
                .add(email: email, role: role, areaIDs: areas, by: .commandLine, now: Date())
            print("added operator \(account.email), \(OperatorEnrolment.summary(account))")
            printLink(link, baseURL: baseURL)
        } catch let error as OperatorError {
            throw UsageError("grubmap \(command): \(error.description)")
        } catch let error as StoreError {
            throw UsageError("grubmap \(command): \(error.description)")
        }
        return 0
    }

    private static func list(database: String) throws -> Int32 {
        let operators = try openStore(database).operators()
        if operators.isEmpty { print("no operators yet; add one with grubmap operator add") }
        for account in operators {
            let state = account.hasPassword ? "set up" : "waiting for set-up"
            let factor = account.hasSecondFactor ? ", second factor on" : ""
            print("\(account.email)\t\(OperatorEnrolment.summary(account))\t\(state)\(factor)")
        }
        return 0
    }

    private static func printLink(_ link: OperatorEnrolment.Link, baseURL: String) {
        let until = link.expiresAt.formatted(.iso8601)
        print("set-up link (works once, until \(until); pass it on yourself, no mail is sent):")
        print(link.url(baseURL: baseURL))
    }
}
