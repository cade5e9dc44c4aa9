import Foundation
import GrubmapCore
import Testing

@testable import GrubmapWeb

/// The Korean the web layer writes: particles chosen for the name they follow, and one speech level (해요체).
@Suite struct KoreanStringsTests {
    /// Every Swift file of the web layer and the tour's Korean content, by path.
    static func webSources() throws -> [(path: String, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/GrubmapWeb")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap {
            $0 as? URL
        }
        let sources = (files ?? []).filter { $0.pathExtension == "swift" || $0.lastPathComponent == "ko.json" }
        return try sources.map { ($0.path, try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// The string literals of a line that hold Hangul.
    static func koreanLiterals(in line: Substring) -> [Substring] {
        line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            index % 2 == 1 && part.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } ? part : nil
        }
    }

    @Test func noKoreanStringWritesAParticleFallback() throws {
        let sources = try Self.webSources()
        #expect(sources.count > 50)
        for (path, text) in sources {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for literal in Self.koreanLiterals(in: line) {
                    for fallback in KoreanParticle.allCases.map(\.neutralForm) + ["와(과)", "로(으로)", "를(을)", "가(이)"] {
                        #expect(!literal.contains(fallback), "\(path):\(number + 1) writes \"\(fallback)\"")
                    }
                }
            }
        }
    }

    @Test func koreanSentencesSpeakPolitely() throws {
        // 해요체: "저장했어요", never 합니다체 ("저장했습니다") or 한다체 ("저장했다") in a sentence.
        let formal = ["니다", "십시오"]
        for (path, text) in try Self.webSources() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for literal in Self.koreanLiterals(in: line) {
                    for ending in formal {
                        #expect(!literal.contains(ending), "\(path):\(number + 1) \"\(literal)\"")
                    }
                    let plain = ["했다.", "한다.", "이다.", "있다.", "없다.", "된다."]
                    for ending in plain {
                        #expect(!literal.contains(ending), "\(path):\(number + 1) \"\(literal)\"")
                    }
                }
            }
        }
    }

    @Test func namesTakeTheParticleTheirEndingCallsFor() {
        let strings = Strings.korean
        #expect(strings.backTo("부산캠퍼스") == "부산캠퍼스로 돌아가기")
        #expect(strings.backTo("산호세 컨벤션 센터") == "산호세 컨벤션 센터로 돌아가기")
        #expect(strings.backTo("금정회관") == "금정회관으로 돌아가기")
        let menus = MenuStrings.korean
        #expect(menus.bookmarkAdded("웅비관") == "웅비관을 즐겨찾기에 추가했어요.")
        #expect(menus.bookmarkRemoved("학생회관 2") == "학생회관 2를 즐겨찾기에서 뺐어요.")
        #expect(menus.bookmarkAdded("Original Joe's") == "Original Joe's를 즐겨찾기에 추가했어요.")
    }

    @Test func aNameKoreanCannotReadGetsTheNeutralForm() {
        // The one path that writes a fallback: a name whose ending cannot be told.
        #expect(MenuStrings.korean.bookmarkAdded("東京") == "東京을(를) 즐겨찾기에 추가했어요.")
        #expect(Strings.korean.backTo("") == "(으)로 돌아가기")
    }
}
