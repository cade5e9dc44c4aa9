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
}
