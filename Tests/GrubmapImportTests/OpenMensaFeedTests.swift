import Foundation
import GrubmapCore
import Testing

@testable import GrubmapImport

/// Feeds as small inline documents; `OpenMensaFeeds.broken` is shared with the importer's tests.
enum OpenMensaFeeds {
    static let won = try! Currency(code: "KRW")
    static let euro = try! Currency(code: "EUR")

    /// A version 2.1 feed with canteen metadata, several roles, notes, a closed day and a past day.
    static let version21 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <openmensa version="2.1" xmlns="http://openmensa.org/open-mensa-v2"
                   xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                   xsi:schemaLocation="http://openmensa.org/open-mensa-v2 http://openmensa.org/open-mensa-v2.xsd">
          <version>5.04-4</version>
          <canteen>
            <name>금정회관</name>
            <address>부산광역시 금정구 부산대학로63번길 2</address>
            <city>부산</city>
            <location latitude="35.2354" longitude="129.0802"/>
            <availability>public</availability>
            <times type="opening">
              <monday open="08:00-19:00"/>
              <sunday closed="true"/>
            </times>
            <feed name="today" priority="0"><schedule hour="8-14" retry="60 1"/><url>https://x.test/t.xml</url></feed>
            <day date="2026-11-08">
              <closed/>
            </day>
            <day date="2026-11-09">
              <category name="조식">
                <meal>
                  <name>소고기미역국 · 쌀밥</name>
                  <note>쇠고기</note>
                  <price role="student">1000</price>
                  <price role="other">4000</price>
                </meal>
              </category>
              <category name="중식">
                <meal>
                  <name>
                    돼지불고기 정식
                  </name>
                  <note>돼지고기</note>
                  <note>대두</note>
                  <price role="student">5000</price>
                  <price role="employee">6000.00</price>
                  <price role="pupil">4500</price>
                  <price role="other">6500</price>
                </meal>
                <meal><name><![CDATA[비빔밥 & 된장국 <채식>]]></name></meal>
              </category>
            </day>
            <day date="2026-11-14"><closed/></day>
          </canteen>
        </openmensa>
        """

    /// The example of the spec's version 2.0, without a namespace prefix of its own and in euros.
    static let version20 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <openmensa version="2.0" xmlns="http://openmensa.org/open-mensa-v2">
          <canteen>
            <day date="2026-11-10">
              <category name="Hauptgerichte">
                <meal>
                  <name>Gulasch</name>
                  <note>Mit Süßspeise</note>
                  <price role="student">2.60</price>
                  <price role="employee">3.5</price>
                </meal>
              </category>
            </day>
          </canteen>
        </openmensa>
        """

    /// A feed around one day's content, for the broken ones.
    static func day(_ content: String, date: String = "2026-11-10") -> String {
        """
        <openmensa version="2.1" xmlns="http://openmensa.org/open-mensa-v2">
        <canteen>
        <day date="\(date)">
        \(content)
        </day>
        </canteen>
        </openmensa>
        """
    }

    static let meal = "<category name=\"중식\"><meal><name>밥</name></meal></category>"

    /// Documents that break the spec, each with the line and a part of the message it must be refused with.
    static let broken: [(name: String, feed: String, line: Int?, message: String)] = [
        ("wrong root", "<menu version=\"2.1\"><canteen/></menu>", 1, "the root element is <menu>, not <openmensa>"),
        (
            "wrong version", "<openmensa version=\"3.0\"><canteen/></openmensa>", 1,
            "feed version \"3.0\" is not 2.0 or 2.1"
        ),
        ("no version", "<openmensa>\n<canteen/></openmensa>", 1, "needs a version attribute"),
        ("no canteen", "<openmensa version=\"2.1\">\n</openmensa>", 1, "<openmensa> needs a <canteen>"),
        ("day without categories", day(""), 3, "the day 2026-11-10 has no categories and is not <closed/>"),
        (
            "meal without name", day("<category name=\"중식\">\n<meal>\n<note>x</note></meal></category>"), 5,
            "the meal has no <name>"
        ),
        ("bad date", day(meal, date: "2026-02-30"), 3, "day date: \"2026-02-30\" is not a day on the calendar"),
        ("malformed date", day(meal, date: "10.11.2026"), 3, "is not a date like"),
        (
            "bad price",
            day("<category name=\"a\"><meal><name>밥</name>\n<price role=\"student\">2,60</price></meal></category>"), 5,
            "\"2,60\" is not a price"
        ),
        (
            "price finer than the currency",
            day("<category name=\"a\"><meal><name>밥</name><price role=\"student\">2600.5</price></meal></category>"), 4,
            "KRW has 0 digits"
        ),
        (
            "bad role",
            day("<category name=\"a\"><meal><name>밥</name><price role=\"guest\">1</price></meal></category>"), 4,
            "role attribute: one of student"
        ),
        (
            "two prices for a role",
            day(
                "<category name=\"a\"><meal><name>밥</name><price role=\"student\">1</price><price role=\"student\">2</price></meal></category>"
            ), 4, "two prices for the role student"
        ),
        (
            "mismatched tags", day("<category name=\"a\"><meal><name>밥</meal></category>"), 4,
            "malformed XML: a closing tag"
        ),
        ("unclosed root", "<openmensa version=\"2.1\">\n<canteen>\n", 2, "malformed XML: an element is not closed"),
        (
            "second root",
            "<openmensa version=\"2.1\"><canteen/></openmensa>\n<openmensa version=\"2.1\"><canteen/></openmensa>", 2,
            "malformed XML"
        ),
        ("empty document", "", nil, "the document is empty"),
        ("not XML", "hello, menus", 1, "malformed XML"),
        ("closed and categories", day("<closed/>" + meal), 4, "a <closed/> day cannot have categories"),
        ("categories then closed", day(meal + "<closed/>"), 4, "a day with categories cannot also be <closed/>"),
        ("category without meals", day("<category name=\"중식\">\n</category>"), 4, "the category \"중식\" has no meals"),
        (
            "category without name", day("<category><meal><name>밥</name></meal></category>"), 4,
            "<category> needs a name attribute"
        ),
        (
            "name too long",
            day("<category name=\"a\"><meal><name>\(String(repeating: "밥", count: 251))</name></meal></category>"), 4,
            "at most 250 characters, got 251"
        ),
        (
            "empty note", day("<category name=\"a\"><meal><name>밥</name><note> </note></meal></category>"), 4,
            "the note must not be empty"
        ),
        (
            "unknown element", day("<category name=\"a\"><dish>밥</dish></category>"), 4,
            "<category> cannot contain <dish>"
        ),
        (
            "element in a leaf", day("<category name=\"a\"><meal><name><b>밥</b></name></meal></category>"), 4,
            "<name> holds text only, not <b>"
        ),
        ("text in a day", day("oops " + meal), 4, "text \"oops\" is not allowed in <day>"),
        (
            "foreign namespace",
            "<om:openmensa xmlns:om=\"http://example.com/menus\" version=\"2.1\"><om:canteen/></om:openmensa>", 1,
            "namespace http://example.com/menus"
        ),
        (
            "two canteens", "<openmensa version=\"2.1\"><canteen/>\n<canteen/></openmensa>", 2,
            "a feed has one <canteen>"
        ),
        (
            "doctype",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY a \"b\">]>\n<openmensa version=\"2.1\"><canteen/></openmensa>",
            nil, "must not have a DOCTYPE"
        ),
        (
            "undeclared entity", day("<category name=\"a\"><meal><name>&lol;</name></meal></category>"), 4,
            "malformed XML: an unknown &entity;"
        ),
        ("closed with text", day("<closed>yes</closed>"), 4, "<closed/> must be empty"),
        (
            "duplicate day",
            """
            <openmensa version="2.1">
            <canteen>
            <day date="2026-11-10"><closed/></day>
            <day date="2026-11-10"><closed/></day>
            </canteen>
            </openmensa>
            """, 4, "the day 2026-11-10 is given twice (first on line 3)"
        ),
    ]
}

@Suite struct OpenMensaFeedTests {
    @Test func readsAVersion21FeedWithMetadataRolesNotesAndClosedDays() throws {
        let feed = try OpenMensaFeed.parse(Data(OpenMensaFeeds.version21.utf8), currency: OpenMensaFeeds.won)
        #expect(feed.version == "2.1")
        #expect(feed.days.map(\.date.description) == ["2026-11-08", "2026-11-09", "2026-11-14"])
        #expect(feed.days.map(\.line) == [17, 20, 44])
        #expect(feed.days[0].menu.isClosed)
        #expect(feed.days[2].menu.isClosed)
        let monday = feed.days[1].menu
        #expect(monday.categories.map(\.name) == ["조식", "중식"])
        let lunch = monday.categories[1]
        #expect(lunch.meals.map(\.name) == ["돼지불고기 정식", "비빔밥 & 된장국 <채식>"])
        #expect(lunch.meals[0].notes == ["돼지고기", "대두"])
        #expect(lunch.meals[0].prices.map(\.role) == [.student, .employee, .pupil, .other])
        #expect(lunch.meals[0].prices.map(\.amount) == [5000, 6000, 4500, 6500])
        #expect(lunch.meals[1].prices.isEmpty)
        #expect(monday.currency == OpenMensaFeeds.won)
    }

    @Test func readsAVersion20FeedInEuros() throws {
        let feed = try OpenMensaFeed.parse(Data(OpenMensaFeeds.version20.utf8), currency: OpenMensaFeeds.euro)
        #expect(feed.version == "2.0")
        let meal = try #require(feed.days.first?.menu.categories.first?.meals.first)
        #expect(meal.name == "Gulasch")
        #expect(meal.price(for: .student) == Decimal(string: "2.6"))
        #expect(meal.price(for: .employee) == Decimal(string: "3.5"))
    }

    @Test func aFeedWithoutDaysIsValidAndEmpty() throws {
        let feed = try OpenMensaFeed.parse(
            Data("<openmensa version=\"2.0\"><canteen></canteen></openmensa>".utf8), currency: OpenMensaFeeds.won)
        #expect(feed.days.isEmpty)
    }

    @Test(arguments: OpenMensaFeeds.broken.map { [$0.name, $0.feed, $0.line.map(String.init) ?? "", $0.message] })
    func brokenFeedsAreRefusedWithTheFirstProblemAndItsLine(fields: [String]) {
        let (feed, line, message) = (fields[1], Int(fields[2]), fields[3])
        do {
            _ = try OpenMensaFeed.parse(Data(feed.utf8), currency: OpenMensaFeeds.won)
            Issue.record("\(fields[0]): accepted")
        } catch {
            #expect(error.line == line, "\(fields[0]): \(error)")
            #expect(error.message.contains(message), "\(fields[0]): \(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aFeedOverTheSizeLimitIsRefusedBeforeParsing() {
        let huge = Data(count: OpenMensaFeed.maximumBytes + 1)
        #expect(throws: OpenMensaError.self) { try OpenMensaFeed.parse(huge, currency: OpenMensaFeeds.won) }
    }

    @Test func bytesThatAreNotUTF8AreMalformed() throws {
        var bytes = Array(OpenMensaFeeds.day(OpenMensaFeeds.meal).utf8)
        // 밥 is three bytes in UTF-8; put three bytes that are never UTF-8 in its place.
        let index = try #require(bytes.firstIndex(of: "밥".utf8.first!))
        bytes.replaceSubrange(index..<(index + 3), with: [0xFF, 0xFE, 0xFD])
        #expect(throws: OpenMensaError.self) { try OpenMensaFeed.parse(Data(bytes), currency: OpenMensaFeeds.won) }
    }

    @Test func manyDaysAreReadQuickly() throws {
        let days = (0..<2000).map { offset in
            let date = try! CalendarDate(parsing: "2026-01-01").adding(days: offset)
            return "<day date=\"\(date)\">\(OpenMensaFeeds.meal)</day>"
        }.joined(separator: "\n")
        let feed = try OpenMensaFeed.parse(
            Data("<openmensa version=\"2.1\"><canteen>\(days)</canteen></openmensa>".utf8), currency: OpenMensaFeeds.won
        )
        #expect(feed.days.count == 2000)
    }
}
