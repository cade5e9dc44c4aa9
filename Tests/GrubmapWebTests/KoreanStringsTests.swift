import Foundation
import GrubmapCore
import Testing

@testable import GrubmapWeb

/// The Korean the web layer writes: particles chosen for the name they follow.
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

    @Test func namesTakeTheParticleTheirEndingCallsFor() {
        let strings = Strings.korean
        #expect(strings.backTo("부산캠퍼스") == "부산캠퍼스로 돌아가기")
        #expect(strings.backTo("산호세 컨벤션 센터") == "산호세 컨벤션 센터로 돌아가기")
        #expect(strings.backTo("금정회관") == "금정회관으로 돌아가기")
        let menus = MenuStrings.korean
        #expect(menus.bookmarkAdded("웅비관") == "웅비관을 즐겨찾기에 넣었습니다.")
        #expect(menus.bookmarkRemoved("학생회관 2") == "학생회관 2를 즐겨찾기에서 뺐습니다.")
        #expect(menus.bookmarkAdded("Original Joe's") == "Original Joe's를 즐겨찾기에 넣었습니다.")
    }

    @Test func aNameKoreanCannotReadGetsTheNeutralForm() {
        // The one path that writes a fallback: a name whose ending cannot be told.
        #expect(MenuStrings.korean.bookmarkAdded("東京") == "東京을(를) 즐겨찾기에 넣었습니다.")
        #expect(Strings.korean.backTo("") == "(으)로 돌아가기")
    }
}
