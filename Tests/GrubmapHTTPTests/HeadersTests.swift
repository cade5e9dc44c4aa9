import Testing

@testable import GrubmapHTTP

/// Field names are found whatever the case of their letters, and only theirs.
@Suite struct HeadersTests {
    @Test func aNameIsFoundInAnyCaseOfItsLetters() {
        var headers: Headers = ["Content-Type": "text/html", "X-Request-ID": "abc"]
        #expect(headers["content-type"] == "text/html")
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers["x-request-id"] == "abc")
        headers["CONTENT-type"] = "application/json"
        #expect(Array(headers).map(\.name) == ["X-Request-ID", "CONTENT-type"])
        #expect(headers["Content-Type"] == "application/json")
    }

    @Test func onlyLettersFoldTheirCase() {
        // `[` and `{` differ by the same bit as `A` and `a`, and so do `@` and the grave accent: not letters.
        #expect(!Headers.isSameName("X[", "X{"))
        #expect(!Headers.isSameName("@", "`"))
        #expect(!Headers.isSameName("Content-Type", "Content-Typf"))
        #expect(!Headers.isSameName("Accept", "Accept-Encoding"))
        #expect(Headers.isSameName("", ""))
        #expect(Headers.isSameName("Set-Cookie", "set-COOKIE"))
    }

    @Test func repeatedNamesKeepEveryValueInOrder() {
        var headers = Headers()
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers["Set-Cookie"] = nil
        #expect(headers.values(for: "set-cookie").isEmpty)
    }

    @Test func optionalWhitespaceIsSpacesAndTabsAroundAValue() {
        #expect(" \tgzip ;q=1\t ".trimmingOptionalWhitespace() == "gzip ;q=1")
        #expect("br".trimmingOptionalWhitespace() == "br")
        #expect(" \t ".trimmingOptionalWhitespace().isEmpty)
        #expect("".trimmingOptionalWhitespace().isEmpty)
        // Only HTTP's whitespace: a line break or a no-break space is part of the value (and refused elsewhere).
        #expect("\u{A0}café\n".trimmingOptionalWhitespace() == "\u{A0}café\n")
        let list = "a, \"W/x\" ,\tb"
        #expect(list.split(separator: ",").map { $0.trimmingOptionalWhitespace() } == ["a", "\"W/x\"", "b"])
    }
}
