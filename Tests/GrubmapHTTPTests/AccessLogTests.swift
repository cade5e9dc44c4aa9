import Synchronization
import Testing

@testable import GrubmapHTTP

@Suite struct AccessLogTests {
    @Test func writesMethodPathStatusAndDuration() throws {
        let lines = Mutex<[String]>([])
        let log = AccessLog { line in lines.withLock { $0.append(line) } }
        let responder = log.wrapping { _ in .text("gone", status: .notFound) }
        _ = responder(try Request(method: .get, target: "/areas/x?near=1,2"))
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        let fields = written[0].split(separator: " ")
        #expect(fields.count == 4)
        #expect(fields[0] == "GET")
        #expect(fields[1] == "/areas/x")
        #expect(fields[2] == "404")
        #expect(fields[3].hasSuffix("ms"))
        #expect(Double(fields[3].dropLast(2)) != nil)
    }

    @Test(arguments: [
        ("/x\nGET /admin 200 1.00ms", "/x\\x0AGET\\x20/admin\\x20200\\x201.00ms"),
        ("/a\r\u{1B}[31mred\u{0}", "/a\\x0D\\x1B[31mred\\x00"),
        ("/tab\there", "/tab\\x09here"),
        ("/back\\slash", "/back\\\\slash"),
        ("/line\u{2028}sep\u{85}", "/line\\u{2028}sep\\x85"),
        ("/\u{202E}evil", "/\\u{202E}evil"),
        ("/café/부산", "/café/부산"),
    ])
    func controlCharactersAndSpacesAreEscaped(path: String, logged: String) {
        #expect(AccessLog.escaped(path) == logged)
    }

    @Test func aForgedLineStaysOneLine() throws {
        let lines = Mutex<[String]>([])
        let log = AccessLog { line in lines.withLock { $0.append(line) } }
        let responder = log.wrapping { _ in .text("ok") }
        _ = responder(try Request(method: .get, target: "/x%0AGET%20/admin%20200%201.00ms%00"))
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        #expect(!written[0].contains("\n") && !written[0].contains("\u{0}"))
        #expect(written[0].hasPrefix("GET /x\\x0AGET\\x20/admin\\x20200\\x201.00ms\\x00 200 "))
        #expect(written[0].split(separator: " ").count == 4)
    }

    @Test func anInlineResponderIsLoggedOnlyWhenItAnswers() throws {
        let lines = Mutex<[String]>([])
        let log = AccessLog { line in lines.withLock { $0.append(line) } }
        let inline = log.wrapping(inline: { request in request.path == "/asset" ? .text("a") : nil })
        #expect(inline(try Request(method: .get, target: "/asset")) != nil)
        #expect(inline(try Request(method: .get, target: "/other")) == nil)
        #expect(lines.withLock { $0.count } == 1)
    }
}
