import Testing

@testable import GrubmapHTTP

/// Queries and forms decode as the URL Standard's urlencoded parser does.
@Suite struct QueryFieldsTests {
    private func pairs(_ text: String) throws -> [String] {
        try QueryFields(urlEncoded: text).map { "\($0.name)=\($0.value)" }
    }

    @Test func piecesSplitOnAmpersandsAndTheFirstEqualsSign() throws {
        #expect(try pairs("a=1&b=x+y&c=%E2%9C%93") == ["a=1", "b=x y", "c=✓"])
        #expect(try pairs("a=b=c&d") == ["a=b=c", "d="])
        #expect(try pairs("=v&n=") == ["=v", "n="])
    }

    @Test func emptyPiecesAreSkipped() throws {
        #expect(try pairs("") == [])
        #expect(try pairs("&&a=1&&&b=2&") == ["a=1", "b=2"])
        #expect(try pairs("&") == [])
    }

    @Test func charactersBeyondASCIIStayWhole() throws {
        #expect(try pairs("이름=부산대&é=e\u{301}") == ["이름=부산대", "é=e\u{301}"])
    }

    @Test func aMalformedEscapeIsRefusedAndKeptAsSentWhenLenient() throws {
        #expect(throws: HTTPError.self) { try QueryFields(urlEncoded: "a=%zz") }
        let (fields, isMalformed) = QueryFields.decodeLeniently("a=%zz&b=2")
        #expect(isMalformed)
        #expect(fields["a"] == "%zz")
        #expect(fields["b"] == "2")
    }
}
