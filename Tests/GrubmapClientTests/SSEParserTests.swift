import GrubmapAPI
import Testing

/// The WHATWG event-stream rules, one by one, each also fed a byte at a time (a network read may end anywhere).
@Suite struct SSEParserTests {
    typealias Event = SSEParser.Event

    /// The events of `text` fed whole, checked to be the same when fed one byte at a time.
    static func events(_ text: String, file: SourceLocation = #_sourceLocation) throws -> [Event] {
        try events(Array(text.utf8), file: file)
    }

    static func events(_ bytes: [UInt8], file: SourceLocation = #_sourceLocation) throws -> [Event] {
        var whole = SSEParser()
        let events = try whole.feed(bytes)
        var piecemeal = SSEParser()
        var pieces: [Event] = []
        for byte in bytes { pieces += try piecemeal.feed([byte]) }
        #expect(pieces == events, "fed a byte at a time", sourceLocation: file)
        #expect(piecemeal.lastEventID == whole.lastEventID && piecemeal.retry == whole.retry, sourceLocation: file)
        return events
    }

    @Test func lfCrAndCrlfEachEndALine() throws {
        let expected = [Event(type: "state", data: "a"), Event(data: "b")]
        #expect(try Self.events("event: state\ndata: a\n\ndata: b\n\n") == expected)
        #expect(try Self.events("event: state\rdata: a\r\rdata: b\r\r") == expected)
        #expect(try Self.events("event: state\r\ndata: a\r\n\r\ndata: b\r\n\r\n") == expected)
        #expect(try Self.events("event: state\r\ndata: a\n\rdata: b\r\n\n") == expected, "mixed")
        // CR LF is one line end, not two: "data: x\r\n" then "\r\n" is one event, not an event and an empty line.
        #expect(try Self.events("data: x\r\n\r\n\r\n") == [Event(data: "x")])
    }

    @Test func dataLinesJoinWithLineFeeds() throws {
        #expect(try Self.events("data: one\ndata: two\ndata:\ndata:  four\n\n") == [Event(data: "one\ntwo\n\n four")])
        #expect(try Self.events("data\n\n") == [Event(data: "")], "a data field without a colon is empty data")
        #expect(try Self.events("data:\n\n") == [Event(data: "")])
        #expect(try Self.events("event: x\n\n").isEmpty, "no data, no event")
    }

    @Test func commentsAreSkipped() throws {
        #expect(try Self.events(":\n\n: heartbeat\n\n").isEmpty)
        #expect(try Self.events("data: a\n: between\ndata: b\n\n") == [Event(data: "a\nb")])
    }

    @Test func onlyOneSpaceAfterTheColonIsDropped() throws {
        #expect(try Self.events("data:x\n\n") == [Event(data: "x")])
        #expect(try Self.events("data:  x \n\n") == [Event(data: " x ")])
        #expect(try Self.events("data: a: b\n\n") == [Event(data: "a: b")], "only the first colon splits")
    }

    @Test func aFieldWithoutAColonHasAnEmptyValue() throws {
        var parser = SSEParser()
        _ = try parser.feed(Array("id: 7\n\nid\ndata: x\n\n".utf8))
        #expect(parser.lastEventID == "", "a bare `id` clears the id")
        #expect(try Self.events("event\ndata: x\n\n") == [Event(type: "message", data: "x")])
        #expect(try Self.events("nonsense\ndata: x\n\n") == [Event(data: "x")], "unknown fields are ignored")
    }

    @Test func retryTakesOnlyDigits() throws {
        var parser = SSEParser()
        _ = try parser.feed(Array("retry: 5000\n\n".utf8))
        #expect(parser.retry == 5000)
        for ignored in ["retry: 5s", "retry: -1", "retry: 1.5", "retry:", "retry: ５"] {
            _ = try parser.feed(Array("\(ignored)\n\n".utf8))
            #expect(parser.retry == 5000, "\(ignored) is ignored")
        }
        _ = try parser.feed(Array("retry:250\n".utf8))
        #expect(parser.retry == 250, "taken at once, without waiting for an empty line")
    }

    @Test func idIsKeptUntilChangedAndAnEmptyOneClearsIt() throws {
        let events = try Self.events("id: 1-1\ndata: a\n\ndata: b\n\nid:\ndata: c\n\nid: 2\n\n")
        #expect(events.map(\.lastEventID) == ["1-1", "1-1", ""])
        var parser = SSEParser()
        _ = try parser.feed(Array("id: 1-1\ndata: a\n\nid: 9\n\n".utf8))
        #expect(parser.lastEventID == "9", "an id without data still counts")
        _ = try parser.feed(Array("id: 1\u{0}2\n\n".utf8))
        #expect(parser.lastEventID == "9", "an id containing NUL is ignored")
        _ = try parser.feed(Array("id: 10\ndata: x\n".utf8))
        #expect(parser.lastEventID == "9", "not until the event is dispatched")
    }

    @Test func aLeadingByteOrderMarkIsSkippedOnce() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try Self.events(bom + Array("data: x\n\n".utf8)) == [Event(data: "x")])
        // A second one is part of the line: a field named "\u{FEFF}data", which is ignored.
        #expect(try Self.events(bom + bom + Array("data: x\n\n".utf8)).isEmpty)
        #expect(try Self.events(Array("data: x\n\n".utf8) + bom + Array("data: y\n\n".utf8)) == [Event(data: "x")])
    }

    @Test func utf8SplitAcrossReadsAndInvalidBytes() throws {
        #expect(try Self.events("data: 금정회관 ☕️\n\n") == [Event(data: "금정회관 ☕️")])
        #expect(try Self.events(Array("data: a".utf8) + [0xFF] + Array("b\n\n".utf8)) == [Event(data: "a\u{FFFD}b")])
    }

    @Test func whatFollowsTheLastEmptyLineIsNotAnEvent() throws {
        var parser = SSEParser()
        #expect(try parser.feed(Array("data: a\n\ndata: b\n".utf8)) == [Event(data: "a")])
        #expect(try parser.feed(Array("\n".utf8)) == [Event(data: "b")], "until its empty line comes")
    }

    @Test func aHugeLineOrEventIsRefused() throws {
        var parser = SSEParser(maximumBytes: 64)
        #expect(throws: SSEParser.TooLarge(limit: 64)) {
            _ = try parser.feed(Array(("data: " + String(repeating: "x", count: 100)).utf8))
        }
        var lines = SSEParser(maximumBytes: 64)
        #expect(throws: SSEParser.TooLarge(limit: 64)) {
            _ = try lines.feed(Array(String(repeating: "data: xxxxxxxxxx\n", count: 10).utf8))
        }
    }

    /// What Grubmap's hub writes: `retry:`, then `reload`, heartbeats, `state` events.
    @Test func aGrubmapStream() throws {
        var parser = SSEParser()
        let text =
            "retry: 4321\n\nid: k3-7\nevent: reload\ndata: {\"areaId\":\"pnu-busan\",\"places\":[]}\n\n:\n\n"
            + "id: k3-8\nevent: state\ndata: {\"placeId\":\"p\",\"checkedIn\":1}\n\n"
        let events = try parser.feed(Array(text.utf8))
        #expect(parser.retry == 4321)
        #expect(events.map(\.type) == ["reload", "state"])
        #expect(events.map(\.lastEventID) == ["k3-7", "k3-8"])
        #expect(parser.lastEventID == "k3-8")
    }
}
