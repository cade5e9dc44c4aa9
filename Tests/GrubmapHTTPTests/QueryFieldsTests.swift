import Foundation
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

    /// Names and values encode as Foundation's percent-encoding of everything but the unreserved characters, `/` and
    /// `,` (those with nothing to encode are kept as they are), and read back the same.
    @Test(arguments: [
        "", "alpha-2", "37.5665,126.9780", "a b", "a+b&c=d", "100%", "금정회관", "/areas/x?y=1#z", "~._-", "é", "\u{0}",
    ])
    func encodingIsFoundationsAndReadsBack(text: String) throws {
        let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~,/")
        #expect(QueryFields.encode(text) == text.addingPercentEncoding(withAllowedCharacters: allowed))
        let fields = try QueryFields(urlEncoded: "v=" + QueryFields.encode(text))
        #expect(fields["v"] == text)
    }
}
