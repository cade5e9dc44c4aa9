import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Admins manage the operators of their own areas in the console, and nobody else's.
@Suite struct OperatorsConsoleTests {
    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func anAdminAddsChangesResetsAndRemovesTheOperatorsOfTheirAreas() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let admin = try ConsoleTests.signedIn(test, "boss@example.org", role: .admin)
        let csrf = try ConsoleTests.consoleCSRF(admin)

        let added = try admin.post(
            "/admin/operators", [("email", "new@example.org"), ("role", "editor"), ("area", "test-campus")], csrf: csrf)
        #expect(added.status == .ok)
        #expect(body(added).contains("/admin/setup?token="))
        let account = try #require(try test.store.operators().first { $0.email == "new@example.org" })
        #expect(account.areaIDs == [TestApp.sampleArea.id])

        // An area that is not the admin's is refused whole.
        let forged = try admin.post(
            "/admin/operators", [("email", "x@example.org"), ("role", "admin"), ("area", "another-area")], csrf: csrf)
        #expect(forged.status == .forbidden)
        #expect(try test.store.operators().count == 2)
        let taken = try admin.post(
            "/admin/operators", [("email", "NEW@example.org"), ("area", "test-campus")], csrf: csrf)
        #expect(taken.status == .unprocessableContent)

        #expect(
            try admin.post("/admin/operators/\(account.id)", [("role", "admin"), ("area", "test-campus")], csrf: csrf)
                .status == .seeOther)
        #expect(try test.store.operatorAccount(id: account.id)?.role == .admin)
        let reset = try admin.post("/admin/operators/\(account.id)/reset", [], csrf: csrf)
        #expect(body(reset).contains("/admin/setup?token="))

        // An operator of another area is not theirs to see or change.
        _ = try ConsoleTests.enrol(test, "far@example.org", area: TestApp.secondArea.id)
        let outsider = try #require(try test.store.operators().first { $0.email == "far@example.org" })
        #expect(!body(try admin.get("/admin/operators")).contains("far@example.org"))
        #expect(try admin.post("/admin/operators/\(outsider.id)/remove", [], csrf: csrf).status == .notFound)
        #expect(try test.store.operatorAccount(id: outsider.id) != nil)

        #expect(try admin.post("/admin/operators/\(account.id)/remove", [], csrf: csrf).status == .seeOther)
        #expect(try test.store.operatorAccount(id: account.id) == nil)
    }

    @Test func anEditorCannotManageOperators() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let editor = try ConsoleTests.signedIn(test, "kim@example.org")
        #expect(try editor.get("/admin/operators").status == .forbidden)
        let response = try editor.post(
            "/admin/operators", [("email", "x@example.org"), ("area", "test-campus")],
            csrf: try ConsoleTests.consoleCSRF(editor))
        #expect(response.status == .forbidden)
        #expect(try test.store.operators().count == 1)
    }
}
