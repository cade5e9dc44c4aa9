import Foundation
import Testing

@testable import GrubmapCore

@Suite struct DishKeyTests {
    /// Names that must be one dish, each group both ways (every name against every other).
    static let sameDish: [[String]] = [
        ["돈까스", "돈 까스", "돈까스(소스)", "돈까스 (소스)", "돈까스（소스）", "돈까스 ( 소스 )", " 돈까스 "],
        // Decomposed Hangul jamo, as some systems send it, composes under NFKC.
        ["김치찌개", "\u{1100}\u{1175}\u{11B7}\u{110E}\u{1175}\u{110D}\u{1175}\u{1100}\u{1162}", "김치-찌개"],
        ["제육볶음", "제육·볶음", "제육볶음 (국내산 돼지고기)", "제육볶음(돼지:국내산)"],
        ["Chicken Curry", "chicken curry", "CHICKEN CURRY", "Chicken-Curry", "Chicken Curry (mild)", "chicken, curry"],
        ["Ｃｈｉｃｋｅｎ Ｓａｌａｄ", "chicken salad", "Chicken Salad (v)"],
        ["Straße Pasta", "STRASSE PASTA"],
        ["Mac 'n' Cheese", "Mac n Cheese", "mac-n-cheese"],
        ["잡곡밥(혼합)(국내산)", "잡곡밥(혼합)", "잡곡밥"],
        ["쌀밥 (밥 (흰))", "쌀밥"],
        ["-", "- ", " -"],
        ["(소스)", "소스", "（소스）"],
        ["()", "( )", "（）"],
    ]

    /// Pairs that must stay two dishes, checked both ways.
    static let differentDishes: [(String, String)] = [
        ("돈까스", "치즈돈까스"),
        ("돈까스", "돈가스"),
        ("김치찌개", "김치찜"),
        ("Chicken Curry", "Chicken Curry Rice"),
        ("Chicken Curry", "Curry Chicken"),
        ("돈까스(소스)", "(소스)"),
        ("C++ Salad", "C Salad"),
        ("-", "--"),
        ("-", "—"),
        ("…", "."),
        ("-", "?"),
        ("돈까스(소스)정식", "돈까스정식(소스)"),
    ]

    @Test(arguments: sameDish)
    func theseAreOneDish(_ names: [String]) {
        for first in names {
            for second in names {
                #expect(DishKey(mealName: first) == DishKey(mealName: second), "\(first) and \(second)")
            }
        }
    }

    @Test(arguments: differentDishes)
    func theseAreTwoDishes(_ pair: (String, String)) {
        #expect(DishKey(mealName: pair.0) != DishKey(mealName: pair.1))
        #expect(DishKey(mealName: pair.1) != DishKey(mealName: pair.0))
    }

    @Test func keepsOnlyWhatTellsDishesApart() {
        #expect(DishKey(mealName: "돈 까스 (소스)").rawValue == "돈까스")
        #expect(DishKey(mealName: "Chicken Curry (mild)").rawValue == "chickencurry")
        // A parenthesised note with nothing before it is the name itself.
        #expect(DishKey(mealName: "(소스)").rawValue == "소스")
        // Inner parentheses are punctuation, not a note.
        #expect(DishKey(mealName: "돈까스(소스)정식").rawValue == "돈까스소스정식")
    }

    /// Names of punctuation only are never empty keys, never all one dish, and never meet a name with letters.
    @Test func punctuationOnlyNamesKeepTheirPunctuation() {
        let names = ["-", "--", "—", "()", "( )", "…", ".", "?", "·", "（）"]
        let keys = names.map { DishKey(mealName: $0) }
        #expect(keys.allSatisfy { !$0.rawValue.isEmpty })
        #expect(Set(keys).count == names.count - 2)  // "( )" and "（）" are "()"
        #expect(DishKey(mealName: "( )").rawValue == "()")
        let lettered = ["돈까스", "a", "1"].map { DishKey(mealName: $0) }
        #expect(Set(keys).isDisjoint(with: lettered))
    }

    @Test func aKeyReadBackMustNotBeEmpty() {
        #expect(DishKey(rawValue: "") == nil)
        #expect(DishKey(rawValue: "돈까스") == DishKey(mealName: "돈까스"))
    }

    @Test func aMealNameIsKoreanWhenItHasHangul() {
        #expect(Language.ofMealName("돈까스") == .korean)
        #expect(Language.ofMealName("Pork cutlet 돈까스") == .korean)
        #expect(Language.ofMealName("Chicken Curry") == .english)
        #expect(Language.ofMealName("\u{1100}\u{1175}") == .korean)
    }
}
