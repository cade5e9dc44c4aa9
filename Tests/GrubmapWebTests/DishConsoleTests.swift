import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Operators changing dishes in the console: the area's dishes page, its forms, their problems, and the audit log.
@Suite struct DishConsoleTests {
    static func app() throws -> TestApp {
        try DishTests.app { $0.passwordHasher = PasswordHasher(cost: .minimum) }
    }

    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func namesSetInTheConsoleShowOnTheEnglishBoardAndAreAudited() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        #expect(try person.html("/admin").contains("href=\"/admin/areas/test-campus/dishes\""))
        let cutlet = try DishTests.cutlet(test)
        let page = try person.html("/admin/areas/test-campus/dishes")
        #expect(page.contains("id=\"dish-\(cutlet.id)\""))
        #expect(page.contains("<code>\(cutlet.keys[0].rawValue)</code>"))

        let saved = try person.post(
            "/admin/dishes/\(cutlet.id)/names", [("ko", "돈까스"), ("en", " Pork  cutlet ")], csrf: csrf)
        #expect(saved.status == .seeOther)
        #expect(
            saved.headers["Location"]
                == "/admin/areas/test-campus/dishes?done=names&dish=\(cutlet.id)#dish-\(cutlet.id)")
        let back = (saved.headers["Location"] ?? "").split(separator: "#")[0]
        #expect(try person.html(String(back)).contains("Names of dish #\(cutlet.id) saved."))
        #expect(try DishTests.cutlet(test).names == [.english: "Pork cutlet", .korean: "돈까스"])
        let board = String(
            decoding: try test.get("/areas/test-campus/menus", headers: ["Accept-Language": "en"]).body, as: UTF8.self)
        #expect(board.contains(">Pork cutlet</a>"))
        let audit = try DishAdminAPITests.dishAudit(test)
        #expect(audit.map(\.action) == ["dish.names"])
        #expect(audit.first?.actorName == "kim@example.org")

        // An empty field removes that language's name.
        _ = try person.post("/admin/dishes/\(cutlet.id)/names", [("ko", "돈까스"), ("en", "")], csrf: csrf)
        #expect(try DishTests.cutlet(test).names == [.korean: "돈까스"])
    }

    @Test func aMergeAndASplitInTheConsole() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let cutlet = try DishTests.cutlet(test)
        let stew = try DishAdminAPITests.stew(test)
        let merged = try person.post("/admin/dishes/\(stew.id)/merge", [("into", cutlet.id.description)], csrf: csrf)
        #expect(merged.status == .seeOther)
        #expect(try test.get("/dishes/\(stew.id)").status == .movedPermanently)
        #expect(try DishTests.cutlet(test).keys.count == 2)

        let split = try person.post(
            "/admin/dishes/\(cutlet.id)/split", [("key", "김치찌개"), ("ko", ""), ("en", "Kimchi stew")], csrf: csrf)
        #expect(split.status == .seeOther)
        let made = try DishAdminAPITests.stew(test)
        #expect(made.names == [.english: "Kimchi stew"])
        #expect(split.headers["Location"]?.contains("done=split&dish=\(made.id)") == true)
        #expect(try test.get("/dishes/\(made.id)").status == .ok)
        #expect(try DishAdminAPITests.dishAudit(test).map(\.action) == ["dish.split", "dish.merge"])
    }

    @Test func aFormWithAProblemShowsItBesideTheFieldInBothLanguagesAndChangesNothing() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try DishTests.cutlet(test)
        let before = try test.store.dishes(inArea: DishTests.area)
        for language in ["en", "ko"] {
            let person = try ConsoleTests.signedIn(test, "\(language)@example.org", language: language)
            let csrf = try ConsoleTests.consoleCSRF(person)
            let long = try person.post(
                "/admin/dishes/\(cutlet.id)/names", [("ko", String(repeating: "가", count: 251)), ("en", "")],
                csrf: csrf)
            #expect(long.status == .unprocessableContent)
            let problem = language == "en" ? "At most 250 characters." : "250자 이내로 적어 주세요."
            #expect(body(long).contains("id=\"dish-\(cutlet.id)-ko-problem\" class=\"problem\">\(problem)</p>"))
            #expect(body(long).contains("<details open>"))
            let itself = try person.post(
                "/admin/dishes/\(cutlet.id)/merge", [("into", cutlet.id.description)], csrf: csrf)
            #expect(itself.status == .unprocessableContent)
            #expect(body(itself).contains("id=\"dish-\(cutlet.id)-into-problem\""))
            let onlyKey = try person.post(
                "/admin/dishes/\(cutlet.id)/split", [("key", cutlet.keys[0].rawValue)], csrf: csrf)
            #expect(onlyKey.status == .unprocessableContent)
            #expect(body(onlyKey).contains("id=\"dish-\(cutlet.id)-key-problem\""))
            let forged = try person.post("/admin/dishes/\(cutlet.id)/names", [("en", "Forged")], csrf: "nope")
            #expect(forged.status == .forbidden)
        }
        #expect(try test.store.dishes(inArea: DishTests.area) == before)
        #expect(try DishAdminAPITests.dishAudit(test).isEmpty)
    }

    @Test func anotherAreasOperatorFindsNothing() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let outsider = try ConsoleTests.signedIn(test, "outsider@example.org", area: TestApp.secondArea.id)
        let csrf = try ConsoleTests.consoleCSRF(outsider)
        let cutlet = try DishTests.cutlet(test)
        #expect(try outsider.get("/admin/areas/test-campus/dishes").status == .notFound)
        let names = try outsider.post("/admin/dishes/\(cutlet.id)/names", [("en", "Taken")], csrf: csrf)
        #expect(names.status == .notFound)
        #expect(try DishTests.cutlet(test).names == cutlet.names)
    }
}
