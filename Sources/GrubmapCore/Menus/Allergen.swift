import Foundation

/// Something a meal may contain that people avoid: the allergens Korea's food labelling lists (난류, 우유, 메밀, …)
/// and the EU's fourteen that German canteens print (Eier, Milch, Glutenhaltiges Getreide, …), merged into one
/// small set so a filter means the same thing whichever language a menu is written in.
///
/// Korea's list names meats (돼지고기, 닭고기, 쇠고기) too; they are kept, as people avoid them for the same reasons.
public enum Allergen: String, CaseIterable, Codable, Sendable, Comparable {
    case eggs, milk, wheat, soy, peanuts, treeNuts, fish, crustaceans, molluscs, sesame, celery, mustard, lupin
    case sulphites, buckwheat, peach, tomato, pork, beef, chicken

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The words menus write for it, lower case, in Korean, German and English. Several allergens may share a word
    /// ("shellfish" is both crustaceans and molluscs).
    static let words: [Allergen: [String]] = [
        .eggs: ["난류", "계란", "달걀", "알류", "ei", "eier", "hühnerei", "egg", "eggs"],
        .milk: [
            "우유", "유제품", "milch", "milchprodukte", "milcherzeugnisse", "laktose", "milk", "dairy", "lactose",
        ],
        .wheat: [
            "밀", "글루텐", "gluten", "glutenhaltiges getreide", "weizen", "roggen", "gerste", "hafer", "dinkel",
            "wheat",
        ],
        .soy: ["대두", "soja", "sojabohnen", "soy", "soya", "soybeans"],
        .peanuts: ["땅콩", "erdnuss", "erdnüsse", "peanut", "peanuts"],
        .treeNuts: [
            "견과류", "호두", "잣", "아몬드", "schalenfrüchte", "nüsse", "mandeln", "haselnüsse", "walnüsse", "nuts",
            "tree nuts", "walnuts", "almonds", "pine nuts",
        ],
        .fish: ["생선", "어류", "고등어", "fisch", "fish", "mackerel"],
        .crustaceans: ["갑각류", "게", "새우", "krebstiere", "krustentiere", "crustaceans", "shrimp", "crab", "shellfish"],
        .molluscs: [
            "연체류", "조개류", "오징어", "굴", "전복", "홍합", "weichtiere", "molluscs", "mollusks", "squid", "shellfish",
        ],
        .sesame: ["참깨", "sesam", "sesamsamen", "sesame"],
        .celery: ["셀러리", "sellerie", "celery"],
        .mustard: ["겨자", "senf", "mustard"],
        .lupin: ["루핀", "lupine", "lupinen", "lupin"],
        .sulphites: [
            "아황산류", "아황산", "schwefeldioxid", "sulfite", "schwefeldioxid und sulfite", "sulphites", "sulfites",
        ],
        .buckwheat: ["메밀", "buchweizen", "buckwheat"],
        .peach: ["복숭아", "pfirsich", "peach"],
        .tomato: ["토마토", "tomate", "tomaten", "tomato"],
        .pork: ["돼지고기", "schwein", "schweinefleisch", "pork"],
        .beef: ["쇠고기", "소고기", "rind", "rindfleisch", "beef"],
        .chicken: ["닭고기", "geflügel", "huhn", "hähnchen", "chicken", "poultry"],
    ]
}

/// What a meal's note says about whether it suits people who eat no meat or no animal products.
public enum DietMark: String, CaseIterable, Sendable {
    /// No animal products.
    case vegan
    /// No meat or fish.
    case vegetarian
    /// Can be had vegetarian (채식 가능, "vegetarian options").
    case vegetarianOnRequest

    static let words: [DietMark: [String]] = [
        .vegan: ["비건", "완전채식", "vegan"],
        .vegetarian: ["채식", "베지테리언", "vegetarisch", "fleischlos", "vegetarian", "veggie"],
        .vegetarianOnRequest: ["채식 가능", "vegetarian options", "vegetarian option", "vegetarisch möglich"],
    ]
}

/// What one note on a meal means, as far as Grubmap understands it.
public struct NoteReading: Hashable, Sendable {
    /// The note as the menu wrote it.
    public let text: String
    /// The allergens it names.
    public let allergens: Set<Allergen>
    /// The diet it marks, if any.
    public let diet: DietMark?
    /// Whether every part of the note was understood; when not, people should see the note as written.
    public let isUnderstood: Bool

    /// Reads a note: the parts of a list (`난류, 우유`, `Eier / Milch`) one by one, each with the words `contains`,
    /// `enthält`, `mit` or `함유` around it ignored, matched whole (or as the start of a longer phrase, as in
    /// `Milch und Milchprodukte (inkl. Laktose)`), never inside a word: 메밀 is buckwheat, not 밀.
    public init(_ note: String) {
        text = note
        // Most notes are one word of the lists as they are (대두, vegan): one look-up and done.
        if let known = Self.vocabulary[note] {
            (allergens, diet, isUnderstood) = (known.allergens, known.diet, true)
            return
        }
        var allergens: Set<Allergen> = []
        var diet: DietMark?
        var understood = true
        let parts = note.split(whereSeparator: { ",;/·、".contains($0) }).map(Self.normalized).filter { !$0.isEmpty }
        for part in parts {
            // Most notes are one word of the lists (난류, Eier): one look-up, before any scanning.
            if let known = Self.vocabulary[part] {
                allergens.formUnion(known.allergens)
                if let mark = known.diet { diet = diet.map { Self.stricter($0, mark) } ?? mark }
                continue
            }
            // "gluten-free", "ohne Schwein", "non-vegetarian": a note that says what is absent is shown as written.
            if Self.negations.contains(where: part.containsBytes) {
                understood = false
                continue
            }
            if let mark = Self.match(part, DietMark.words) {
                diet = diet.map { Self.stricter($0, mark) } ?? mark
                continue
            }
            let named = Allergen.allCases.filter { allergen in Self.matches(part, Allergen.words[allergen]!) }
            if named.isEmpty { understood = false }
            allergens.formUnion(named)
        }
        self.allergens = allergens
        self.diet = diet
        isUnderstood = understood && !parts.isEmpty
    }

    /// Lower case, trimmed, with the words that only say "contains" taken off.
    private static func normalized(_ part: Substring) -> String {
        var text = part.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for prefix in ["contains ", "enthält ", "mit "] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        for suffix in [" 함유", "함유"] where text.hasSuffix(suffix) && text.count > suffix.count {
            text.removeLast(suffix.count)
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    private static func match<Key: CaseIterable & Hashable>(_ part: String, _ words: [Key: [String]]) -> Key? {
        // The longest word wins, so "채식 가능" is not read as "채식".
        let found = Key.allCases.compactMap { key in
            words[key]!.filter { isPhrase(part, startingWith: $0) }.map(\.count).max().map { (key, $0) }
        }
        return found.max { $0.1 < $1.1 }?.0
    }

    private static func matches(_ part: String, _ words: [String]) -> Bool {
        words.contains { isPhrase(part, startingWith: $0) }
    }

    /// Whether `part` is `word`, or `word` followed by a space or a bracket (never by a letter or a hyphen).
    private static func isPhrase(_ part: String, startingWith word: String) -> Bool {
        guard part.hasPrefix(word) else { return false }
        guard let next = part.dropFirst(word.count).first else { return true }
        return next.isWhitespace || "([:.".contains(next)
    }

    /// Every word of the lists, with what it names.
    private static let vocabulary: [String: (allergens: Set<Allergen>, diet: DietMark?)] = {
        var vocabulary: [String: (allergens: Set<Allergen>, diet: DietMark?)] = [:]
        for (allergen, words) in Allergen.words {
            for word in words { vocabulary[word, default: ([], nil)].allergens.insert(allergen) }
        }
        for (mark, words) in DietMark.words {
            for word in words { vocabulary[word, default: ([], nil)].diet = mark }
        }
        return vocabulary
    }()

    private static let negations = ["free", "frei", "ohne", "without", "no ", "non-", "프리", "없는", "없음", "무첨가"]

    /// Of two marks on one note, the one that promises less.
    private static func stricter(_ first: DietMark, _ second: DietMark) -> DietMark {
        let order: [DietMark] = [.vegetarianOnRequest, .vegetarian, .vegan]
        return order.firstIndex(of: first)! < order.firstIndex(of: second)! ? first : second
    }
}
