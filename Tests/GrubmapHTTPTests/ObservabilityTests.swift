import Foundation
import Synchronization
import Testing

@testable import GrubmapHTTP

@Suite struct RequestIdentityTests {
    @Test func aValidIDIsKeptAndReturned() throws {
        let identity = RequestIdentity()
        let seen = Mutex<String>("")
        let responder = identity.wrapping { request in
            seen.withLock { $0 = request.id }
            return .text("ok")
        }
        let response = responder(try Request(method: .get, target: "/", headers: ["X-Request-ID": "trace-01:ab/c+="]))
        #expect(response.status == .ok)
        #expect(response.headers["X-Request-ID"] == "trace-01:ab/c+=")
        #expect(seen.withLock { $0 } == "trace-01:ab/c+=")
    }

    @Test func withoutOneAnIDIsMadeAndEachDiffers() throws {
        let identity = RequestIdentity()
        let responder = identity.wrapping { _ in .text("ok") }
        let first = responder(try Request(method: .get, target: "/")).headers["X-Request-ID"] ?? ""
        let second = responder(try Request(method: .get, target: "/")).headers["X-Request-ID"] ?? ""
        #expect(RequestIdentity.isValid(first) && RequestIdentity.isValid(second))
        #expect(first != second)
    }

    @Test(arguments: ["", "two words", "a\nb", String(repeating: "x", count: 129), "é", "<script>", "a\"b"])
    func aBadIDIsAProblemAndTheHandlerIsToldSo(id: String) throws {
        let identity = RequestIdentity()
        let responder = identity.wrapping { request in
            guard let problem = request.problem else { return .text("changed something") }
            return .text(problem.code, status: problem.status)
        }
        let response = responder(try Request(method: .post, target: "/", headers: ["X-Request-ID": id]))
        #expect(response.status == .badRequest)
        #expect(String(decoding: response.body, as: UTF8.self) == "bad_request_id")
        #expect(RequestIdentity.isValid(response.headers["X-Request-ID"] ?? ""))
    }

    @Test func twoIDsAreAProblem() throws {
        var headers = Headers()
        headers.add(name: "X-Request-ID", value: "a")
        headers.add(name: "X-Request-ID", value: "b")
        let responder = RequestIdentity().wrapping { request in .text("", status: request.problem?.status ?? .ok) }
        #expect(responder(try Request(method: .get, target: "/", headers: headers)).status == .badRequest)
    }
}

@Suite struct JSONLogTests {
    private func logLine(target: String, failure: String? = nil) throws -> [String: Any] {
        let lines = Mutex<[String]>([])
        let log = AccessLog(writer: LogWriter(format: .json) { line in lines.withLock { $0.append(line) } })
        let responder = RequestIdentity().wrapping(
            log.wrapping { _ in
                var response = Response.text("no", status: .notFound)
                response.route = "/places/{id}"
                response.failure = failure
                return response
            })
        _ = responder(try Request(method: .get, target: target, headers: ["X-Request-ID": "r-1"]))
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        #expect(!written[0].contains("\n"))
        return try #require(try JSONSerialization.jsonObject(with: Data(written[0].utf8)) as? [String: Any])
    }

    @Test func aLineHasEveryField() throws {
        let line = try logLine(target: "/places/x?near=1,2", failure: "not_found: There is no place with that id.")
        #expect(line["level"] as? String == "info")
        #expect(line["requestId"] as? String == "r-1")
        #expect(line["method"] as? String == "GET")
        #expect(line["route"] as? String == "/places/{id}")
        #expect(line["path"] as? String == "/places/x")
        #expect(line["status"] as? Int == 404)
        #expect((line["durationMs"] as? Double).map { $0 >= 0 } == true)
        #expect(line["error"] as? String == "not_found: There is no place with that id.")
        let time = try #require(line["time"] as? String)
        #expect(time.count == 24 && time.hasSuffix("Z"))
    }

    @Test(arguments: [
        "/x%0A{\"level\":\"error\"}", "/a%0D%1B[31mred%00", "/q%22%5C", "/line%E2%80%A8sep%C2%85", "/부산",
    ])
    func controlCharactersStayInsideTheirString(target: String) throws {
        let line = try logLine(target: target)
        let path = try #require(line["path"] as? String)
        #expect(path == (target.removingPercentEncoding ?? ""))
    }

    @Test func escapesEverythingThatBreaksALine() {
        var text = ""
        JSONLine.appendString("a\"\\\n\r\t\u{0}\u{7F}\u{85}\u{2028}\u{2029}é", to: &text)
        #expect(text == "\"a\\\"\\\\\\n\\r\\t\\u0000\\u007f\\u0085\\u2028\\u2029é\"")
    }

    @Test func messagesAreJSONToo() throws {
        let lines = Mutex<[String]>([])
        LogWriter(format: .json) { line in lines.withLock { $0.append(line) } }.message("started\non port 1")
        let line = try #require(
            try JSONSerialization.jsonObject(with: Data(lines.withLock { $0 }[0].utf8)) as? [String: Any])
        #expect(line["message"] as? String == "started\non port 1")
        #expect(line["level"] as? String == "info")
    }
}

@Suite struct RequestMetricsTests {
    @Test func countsByRouteMethodAndStatusAndBoundsWhatClientsSend() {
        let metrics = RequestMetrics(routes: [("GET", "/places/{id}"), ("POST", "/places/{id}/bookmark")])
        metrics.record(method: .get, route: "/places/{id}", status: 200, elapsed: .milliseconds(3))
        metrics.record(method: .get, route: "/places/{id}", status: 200, elapsed: .milliseconds(30))
        metrics.record(method: .head, route: "/places/{id}", status: 200, elapsed: .milliseconds(1))
        metrics.record(method: Method(rawValue: "BREW"), route: nil, status: 405, elapsed: .zero)
        metrics.record(method: .get, route: "/not/a/route", status: 404, elapsed: .zero)
        metrics.record(method: .get, route: nil, status: 799, elapsed: .zero)
        #expect(metrics.count(method: "GET", route: "/places/{id}", status: 200) == 2)
        #expect(metrics.count(method: "HEAD", route: "/places/{id}") == 1)
        #expect(metrics.count(method: "OTHER", route: "unmatched", status: 405) == 1)
        #expect(metrics.count(method: "GET", route: "unmatched") == 2)
        var text = MetricsText()
        metrics.render(into: &text)
        #expect(text.text.contains(#"grubmap_http_requests_total{route="/places/{id}",method="GET",status="200"} 2"#))
        #expect(text.text.contains(#"grubmap_http_requests_total{route="unmatched",method="GET",status="other"} 1"#))
        #expect(
            text.text.contains(
                #"grubmap_http_request_duration_seconds_bucket{route="/places/{id}",method="GET",le="0.005"} 1"#))
        #expect(
            text.text.contains(
                #"grubmap_http_request_duration_seconds_bucket{route="/places/{id}",method="GET",le="+Inf"} 2"#))
        #expect(!text.text.contains("BREW") && !text.text.contains("/not/a/route"))
    }

    @Test func labelValuesAreEscaped() {
        #expect(MetricsText.escapedLabel("a\"b\\c\nd") == "a\\\"b\\\\c\\nd")
    }

    @Test func countsFromManyThreadsAddUp() async {
        let metrics = RequestMetrics(routes: [("GET", "/")])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1000 {
                        metrics.record(method: .get, route: "/", status: 200, elapsed: .microseconds(5))
                    }
                }
            }
        }
        #expect(metrics.count(method: "GET", route: "/", status: 200) == 8000)
    }
}
