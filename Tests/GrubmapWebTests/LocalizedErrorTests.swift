import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// Errors speak the person's language by code and field: each code its own Korean sentence, naming the parameter
/// or the settings field it is about, as the English message does.
@Suite struct LocalizedErrorTests {
    /// Every error code the web layer and the server answer with: each `code: "…"` written in Sources, and the
    /// fare codes chosen by a switch.
    static func allCodes() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap {
            $0 as? URL
        }
        var codes: Set<String> = ["area_mismatch", "area_required", "no_fare_schedule"]
        for file in (files ?? []) where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /code: "([a-z_]+)"/) { codes.insert(String(match.output.1)) }
        }
        return codes
    }

    @Test func everyErrorCodeHasItsOwnKoreanSentence() throws {
        let codes = try Self.allCodes()
        #expect(codes.count > 50)
        let fallback = ErrorStrings.korean(code: "no_such_code", field: nil)
        var seen: [String: String] = [:]
        for code in codes.sorted() {
            let sentence = ErrorStrings.korean(code: code, field: nil)
            #expect(sentence != fallback, "\(code) has no Korean of its own")
            #expect(sentence.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(code)")
            #expect(sentence.hasSuffix("요.") || sentence.hasSuffix("요"), "\(code) is not 해요체: \(sentence)")
            if let other = seen[sentence] { Issue.record("\(code) says the same as \(other): \(sentence)") }
            seen[sentence] = code
        }
    }

    @Test(arguments: [
        ("invalid_coordinate", "near"), ("missing_parameter", "to"), ("invalid_date", "date"),
        ("invalid_parameter", "zoom"), ("unknown_parameter", "sort"), ("repeated_parameter", "limit"),
        ("invalid_radius", "radius"), ("invalid_limit", "limit"), ("invalid_bbox", "bbox"),
        ("invalid_preference", "units"), ("bad_form", "csrf"), ("invalid_profile", "bio"),
    ])
    func aKoreanSentenceNamesTheFieldItIsAbout(code: String, field: String) {
        let error = HTTPError(.badRequest, code: code, message: "\(field): English.", field: field)
        #expect(ErrorStrings.korean.explanation(error).contains("‘\(field)’ 값"))
        #expect(ErrorStrings.english.explanation(error) == "\(field): English.")
    }

    @Test func theErrorPageSaysWhichParameterIsWrongInBothLanguages() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let korean = try Person(test, language: "ko-KR")
        let english = try Person(test, language: "en")
        let target = "/areas/test-campus?near=91,0"
        let koreanPage = String(decoding: try korean.get(target).body, as: UTF8.self)
        #expect(koreanPage.contains("‘near’ 값이 올바른 좌표가 아니에요"))
        let englishPage = String(decoding: try english.get(target).body, as: UTF8.self)
        #expect(englishPage.contains("near: latitude 91.0 is outside [-90, 90]."))
        let date = String(decoding: try korean.get("/places/alpha?date=2026-02-30").body, as: UTF8.self)
        #expect(date.contains("‘date’ 값이 올바른 날짜가 아니에요"))
        #expect(!date.contains("주소나 양식에 알아볼 수 없는 값이 있어요"))
    }

    /// Each refused settings field reads its own Korean sentence under its own label, not one for all.
    @Test func eachSettingsFieldIsRefusedInItsOwnKoreanWords() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let korean = try Person(test, language: "ko-KR")
        let fields: [(name: String, label: String, sentence: String)] = [
            ("units", "거리 단위", "거리 단위는 내 지역 기준, 킬로미터, 마일 가운데에서 골라 주세요."),
            ("language", "언어", "언어는 브라우저 설정 따르기, English, 한국어 가운데에서 골라 주세요."),
            ("onboardingStyle", "안내 방식", "안내 방식은 한 장으로, 슬라이드, 스토리 가운데에서 골라 주세요."),
            ("defaultArea", "처음 열 곳", "그런 지역이 없어요."),
            ("priceRole", "내 가격", "내 가격은 학생, 교직원, 초중고생, 일반 가운데에서 골라 주세요."),
            ("diet", "보여줄 메뉴", "보여줄 메뉴는 모든 메뉴, 채식, 비건 가운데에서 골라 주세요."),
        ]
        var sentences: Set<String> = []
        for field in fields {
            let response = try korean.post("/settings", [(field.name, "furlongs")])
            #expect(response.status == .badRequest, "\(field.name)")
            let page = String(decoding: response.body, as: UTF8.self)
            #expect(page.contains("설정을 저장하지 못했어요"), "\(field.name)")
            #expect(page.contains(field.sentence), "\(field.name)")
            #expect(page.contains(field.label), "\(field.name)")
            #expect(!page.contains("목록에 있는 것 가운데에서 골라 주세요."), "\(field.name): the one sentence for all")
            sentences.insert(Strings.korean.settingsProblem(field: field.name, message: "must be one of …"))
        }
        #expect(sentences.count == fields.count)
        let english = try Person(test, language: "en")
        let page = String(decoding: try english.post("/settings", [("units", "furlongs")]).body, as: UTF8.self)
        #expect(page.contains("must be one of km, mi"))
    }

    /// Every field problem of the console's place form, in Korean: each its own sentence, none in English.
    @Test func eachConsolePlaceFieldIsRefusedInItsOwnKoreanWords() throws {
        var form = PlaceForm()
        form.id = "Not An Id!"
        form.nameKo = String(repeating: "가", count: PlaceForm.textLimit + 1)
        form.kind = "castle"
        form.latitude = "north"
        form.longitude = "east"
        form.address = String(repeating: "a", count: PlaceForm.textLimit + 1)
        form.website = "ftp://example.com"
        form.descriptionEn = String(repeating: "a", count: PlaceForm.descriptionLimit + 1)
        form.hours[.monday] = "11-14"
        let area = try Area.ID("test-campus")
        let korean = try #require(Self.problems(form.place(in: area, fixedID: nil, words: .korean)))
        let english = try #require(Self.problems(form.place(in: area, fixedID: nil, words: .english)))
        let fields = ["id", "nameKo", "kind", "latitude", "address", "website", "descriptionEn", "hoursMo"]
        #expect(Set(korean.keys) == Set(fields))
        #expect(korean["id"] == "아이디로 쓸 수 없어요(“Not An Id!”). 영문 소문자와 숫자, 그 사이의 하이픈 하나만 쓰세요.")
        #expect(korean["nameKo"] == "200자 이하로 적어 주세요.")
        #expect(korean["kind"] == "종류를 골라 주세요.")
        #expect(korean["latitude"] == "위도와 경도를 35.2334, 129.0793처럼 숫자로 적어 주세요.")
        #expect(korean["website"] == "https:// 또는 http://로 시작하는 주소를 적어 주세요.")
        #expect(korean["descriptionEn"] == "1000자 이하로 적어 주세요.")
        #expect(korean["hoursMo"] == "시각을 알아볼 수 없어요(“11”). 09:30처럼 적어 주세요.")
        for field in fields {
            #expect(korean[field] != english[field], "\(field) speaks English in Korean")
            #expect(korean[field]?.hasSuffix("요.") == true, "\(field): \(korean[field] ?? "")")
        }
        #expect(english["kind"] == "choose a kind")
        #expect(english["hoursMo"] == "\"11\" is not a time like 09:30")
        var outOfRange = PlaceForm()
        (outOfRange.nameEn, outOfRange.kind, outOfRange.latitude, outOfRange.longitude) = ("A", "cafe", "95", "10")
        let range = try #require(Self.problems(outOfRange.place(in: area, fixedID: nil, words: .korean)))
        #expect(range["latitude"] == "위도는 -90에서 90 사이여야 해요(지금 95.0).")
        let nameless = try #require(Self.problems(PlaceForm().place(in: area, fixedID: nil, words: .korean)))
        #expect(nameless["nameEn"] == "장소 이름을 한 언어 이상으로 적어 주세요.")
    }

    /// The week of menus' field problems in Korean: a bad price, a name too long, a note without meals.
    @Test func eachMenuFieldIsRefusedInItsOwnKoreanWords() throws {
        let fields = QueryFields(
            [
                ("week", "2026-11-15"), ("d1-c0-name", "중식"), ("d1-c0-m0-name", "라면"), ("d1-c0-m0-student", "4,500"),
                ("d2-c0-name", "중식"), ("d2-c0-m0-name", "라면"), ("d2-c0-m0-student", "4500.5"),
                ("d3-c0-name", "중식"), ("d3-c0-m0-name", String(repeating: "밥", count: 300)), ("d5-note", "메모"),
            ].map { (name: $0.0, value: $0.1) })
        let week = try WeekMenuForm(fields: fields, badDate: "bad date")
        let won = try Currency(code: "KRW")
        guard case .failure(let korean) = week.menus(currency: won, language: .korean),
            case .failure(let english) = week.menus(currency: won, language: .english)
        else { Issue.record("the week was saved"); return }
        #expect(korean.byField["d1-c0-m0-student"] == "가격을 알아볼 수 없어요(“4,500”). 2.60처럼 숫자로 적어 주세요.")
        #expect(korean.byField["d2-c0-m0-student"] == "소수점 아래 자릿수가 이 지역의 통화에 맞지 않아요(“4500.5”).")
        #expect(korean.byField["d3-c0-m0-name"] == "메뉴 이름이 너무 길어요. 더 짧게 적어 주세요.")
        #expect(korean.byField["d5-note"] == "메모만 저장할 수는 없어요. 메뉴를 적거나 하루 휴무로 표시해 주세요.")
        #expect(Set(korean.byField.keys) == Set(english.byField.keys))
        for (field, message) in korean.byField { #expect(message != english.byField[field], "\(field)") }
    }

    static func problems(_ result: Result<Place, PlaceForm.Problems>) -> [String: String]? {
        if case .failure(let problems) = result { problems.byField } else { nil }
    }
}
