import GrubmapCore
import Testing

@Suite struct KoreanParticleTests {
    /// A name, and the object, subject, topic, "with" and "toward" particles a Korean reader puts after it.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let particles: [String]
        var testDescription: String { name.isEmpty ? "(empty)" : name }

        init(_ name: String, _ particles: String) {
            self.name = name
            self.particles = particles.split(separator: " ").map(String.init)
        }
    }

    static let vowel = "를 가 는 와 로"
    static let rieul = "을 이 은 과 로"
    static let consonant = "을 이 은 과 으로"
    static let neutral = "을(를) 이(가) 은(는) 과(와) (으)로"

    static let hangul: [Case] = [
        Case("부산캠퍼스", vowel),  // no final consonant
        Case("바다", vowel),
        Case("금정회관", consonant),  // ㄴ
        Case("웅비관", consonant),
        Case("학생식당", consonant),  // ㅇ
        Case("도서관 앞 밥집", consonant),  // ㅂ
        Case("부엌", consonant),  // ㅋ
        Case("닭", consonant),  // ㄺ: a double final is a consonant, not ㄹ
        Case("서울", rieul),  // ㄹ
        Case("기숙사 식당 2층 카페 알", rieul),
        Case("금정회관 (학생식당)", consonant),  // what the brackets hold is read; the bracket is not
        Case("카페!", vowel),
        Case("  밀양캠퍼스  ", vowel),
    ]

    static let digits: [Case] = [
        Case("웅비관 1", rieul),  // 일
        Case("웅비관 2", vowel),  // 이
        Case("학생회관 3", consonant),  // 삼
        Case("4", vowel),  // 사
        Case("5", vowel),  // 오
        Case("6", consonant),  // 육
        Case("7", rieul),  // 칠
        Case("8", rieul),  // 팔
        Case("9", vowel),  // 구
        Case("0", consonant),  // 영
        Case("GS25", vowel),  // 이십오
        Case("10", consonant),  // 십
        Case("Hall 100", consonant),  // 백
        Case("1,000", consonant),  // 천
        Case("20000", consonant),  // 이만
        Case("300000000", consonant),  // 삼억
        Case("1000000000000", vowel),  // 일조
        Case("2.0", consonant),  // 이 점 영
        Case("1.5", vowel),  // 일 점 오
    ]

    static let letters: [Case] = [
        Case("Hall B", vowel),  // 비
        Case("Gate L", rieul),  // 엘
        Case("Building M", consonant),  // 엠
        Case("Exit N", consonant),  // 엔
        Case("Block R", rieul),  // 알
        Case("PNU", vowel),  // 피엔유
        Case("KFC", vowel),  // 케이에프씨
        Case("IBM", consonant),  // 아이비엠
        Case("CGV", vowel),  // 씨지브이
        Case("웅비관 A동", consonant),  // Hangul after the letter decides
        Case("카페B", vowel),
    ]

    static let englishWords: [Case] = [
        Case("Pizza", vowel),  // 피자
        Case("Cafe", vowel),  // 카페
        Case("Café", vowel),
        Case("San José", vowel),  // 산호세
        Case("Subway", vowel),  // 서브웨이
        Case("Convention Center", vowel),  // 센터
        Case("Original Joe's", vowel),  // 조스
        Case("The Grill", rieul),  // 그릴
        Case("Food Hall", rieul),  // 홀
        Case("Kitchen", consonant),  // 키친
        Case("Tea Room", consonant),  // 룸
        Case("Fine Dining", consonant),  // 다이닝
        Case("Bread", vowel),  // 브레드
        Case("Hot Dog", vowel),  // 도그
        Case("Coffee Shop", consonant),  // 숍
        Case("Farmers Market", consonant),  // 마켓
        Case("Snack", consonant),  // 스낵
        Case("Cook", consonant),  // 쿡
        Case("Steak", vowel),  // 스테이크
        Case("Toast", vowel),  // 토스트
        Case("Park", vowel),  // 파크
        Case("Round Table", rieul),  // 테이블
        Case("Home", consonant),  // 홈
        Case("Wine", consonant),  // 와인
        Case("General Store", vowel),  // 스토어
        Case("Fish", vowel),  // 피시
        Case("CAFE", vowel),  // capitals, but a word
        Case("GRILL", rieul),
    ]

    static let unreadable: [Case] = [
        Case("", neutral),
        Case("   ", neutral),
        Case("!?", neutral),
        Case("☕️", neutral),
        Case("東京", neutral),
        Case("すし", neutral),
        Case("Столовая", neutral),
        Case("ㅋㅋ", neutral),
        Case("ß", neutral),
    ]

    @Test(arguments: hangul + digits + letters + englishWords + unreadable)
    func particlesFollowTheNamesLastSound(_ entry: Case) {
        let forms = KoreanParticle.allCases.map { particle in
            String(particle.attached(to: entry.name).dropFirst(entry.name.count))
        }
        #expect(forms == entry.particles)
    }

    @Test func theNeutralFormsShowBothForms() {
        #expect(KoreanParticle.allCases.map(\.neutralForm) == Self.neutral.split(separator: " ").map(String.init))
        #expect(KoreanParticle.allCases.map { $0.form(after: nil) } == KoreanParticle.allCases.map(\.neutralForm))
    }

    @Test func theIssuesExamplesReadAsKoreanWouldSayThem() {
        #expect(KoreanParticle.toward.attached(to: "부산캠퍼스") == "부산캠퍼스로")
        #expect(KoreanParticle.object.attached(to: "웅비관") == "웅비관을")
        #expect(KoreanParticle.toward.attached(to: "금정회관") == "금정회관으로")
        #expect(KoreanParticle.toward.attached(to: "서울") == "서울로")
        #expect(KoreanParticle.object.attached(to: "Original Joe's") == "Original Joe's를")
    }

    @Test func hostileTextNeverCrashes() {
        let texts = [
            String(repeating: "9", count: 10_000), String(repeating: "a'", count: 5_000), "\u{0}", "\u{200B}",
            "e\u{301}", "가\u{308}", "1,", ",", ".5", "a.", "0.0.0", String(repeating: "0", count: 40),
        ]
        for text in texts {
            _ = KoreanParticle.object.attached(to: text)
        }
        #expect(KoreanFinalSound(endOf: String(repeating: "0", count: 40)) == .consonant)  // 영: all zeros
        #expect(KoreanFinalSound(endOf: "1" + String(repeating: "0", count: 20)) == nil)  // beyond 조
    }
}
