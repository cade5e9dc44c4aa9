/// A Korean particle whose form depends on the sound before it: 을/를, 이/가, 은/는, 과/와, 으로/로.
///
/// Korean writes these after a name the page does not know in advance ("금정회관을 즐겨찾기에 추가했어요",
/// "부산캠퍼스로 돌아가기"). The form is chosen by how the name's last syllable ends when read aloud
/// (``KoreanFinalSound``); a name whose ending cannot be told (empty, or in a script Korean readers do not read out,
/// like 漢字 or Cyrillic) gets the neutral form that shows both, "을(를)", as Korean software has long done.
public enum KoreanParticle: Sendable, CaseIterable {
    /// The object marker: 을 after a consonant, 를 after a vowel.
    case object
    /// The subject marker: 이 after a consonant, 가 after a vowel.
    case subject
    /// The topic marker: 은 after a consonant, 는 after a vowel.
    case topic
    /// "And, with": 과 after a consonant, 와 after a vowel.
    case with
    /// "To, toward, by": 으로 after a consonant other than ㄹ, 로 after a vowel or ㄹ (서울로, 부산으로).
    case toward

    /// The particle's form after a word ending in `sound`; the neutral form when the sound is unknown.
    public func form(after sound: KoreanFinalSound?) -> String {
        switch (self, sound) {
        case (_, nil): neutralForm
        case (.object, .vowel): "를"
        case (.object, _): "을"
        case (.subject, .vowel): "가"
        case (.subject, _): "이"
        case (.topic, .vowel): "는"
        case (.topic, _): "은"
        case (.with, .vowel): "와"
        case (.with, _): "과"
        case (.toward, .consonant): "으로"
        case (.toward, _): "로"
        }
    }

    /// The form that reads after any word, for a word whose ending cannot be told: "을(를)", "이(가)", "은(는)",
    /// "과(와)", "(으)로".
    public var neutralForm: String {
        switch self {
        case .object: "을(를)"
        case .subject: "이(가)"
        case .topic: "은(는)"
        case .with: "과(와)"
        case .toward: "(으)로"
        }
    }

    /// `word` followed by this particle in the form its ending takes: "금정회관을", "웅비관으로", "부산캠퍼스로".
    public func attached(to word: some StringProtocol) -> String {
        String(word) + form(after: KoreanFinalSound(endOf: word))
    }
}

/// How a word ends when a Korean reader says it: what chooses a ``KoreanParticle``'s form.
public enum KoreanFinalSound: Sendable, Equatable {
    /// No final consonant (바다, 카페, "Subway").
    case vowel
    /// The final consonant ㄹ, which takes 로 rather than 으로 (서울, "Hall", 7 칠).
    case rieul
    /// Any other final consonant (금정회관, "Kitchen", 3 삼).
    case consonant

    /// The sound `word` ends in, read the way Korean readers read it; `nil` when it cannot be told.
    ///
    /// Trailing spaces, punctuation and symbols are not read ("금정회관 (학생식당)" ends in 당). The last character
    /// decides:
    /// - a Hangul syllable by its final consonant (받침);
    /// - a number by the Korean reading of its last part: 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구, and
    ///   round numbers by their last unit (10 십, 100 백, 1,000 천, 10,000 만, 10^8 억, 10^12 조; 0 alone is 영);
    ///   digits after a decimal point are read one by one;
    /// - a Latin word of three letters or fewer in capitals (PNU, KFC, "Hall B") by the Korean name of its last
    ///   letter (에이, 비, 씨 … L 엘, M 엠, N 엔, R 알);
    /// - any other Latin word by the Korean way of writing English endings (외래어 표기법): a vowel, r, y, w, s, x,
    ///   z, f, v, sh, ch, th, and b, d, g are read without a final consonant (Pizza, Center, Subway, Joe's, Food),
    ///   l is ㄹ (Grill), m, n and ng are final consonants (Room, Kitchen, Dining), p, t, k, c and ck are final
    ///   consonants after one vowel letter, and k after "oo" (Shop, Market, Snack, Cook) and not otherwise (Steak, Toast,
    ///   Park), and a silent e leaves the consonant before it (Table and Kale ㄹ, Home ㅁ, Wine ㄴ, Cafe, Store).
    /// Anything else (empty text, 漢字, kana, Cyrillic, emoji alone) is `nil`.
    public init?(endOf word: some StringProtocol) {
        let characters = Array(word)
        guard let end = characters.lastIndex(where: { $0.isLetter || $0.isNumber }) else { return nil }
        let last = characters[end]
        if let sound = Self.hangul(last) {
            self = sound
        } else if last.isASCII, last.isNumber {
            guard let sound = Self.number(ending: characters[...end]) else { return nil }
            self = sound
        } else if Self.isLatinLetter(last) {
            guard let sound = Self.latin(ending: characters[...end]) else { return nil }
            self = sound
        } else {
            return nil
        }
    }

    /// A complete Hangul syllable's final consonant, from its code point (U+AC00 + (initial × 21 + medial) × 28 +
    /// final, where final 0 is none and 8 is ㄹ).
    private static func hangul(_ character: Character) -> KoreanFinalSound? {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
            (0xAC00...0xD7A3).contains(scalar.value)
        else { return nil }
        switch (scalar.value - 0xAC00) % 28 {
        case 0: return .vowel
        case 8: return .rieul
        default: return .consonant
        }
    }

    // MARK: Numbers

    /// The last digits 1-9 read in Sino-Korean: 일 이 삼 사 오 육 칠 팔 구.
    private static let digitSounds: [KoreanFinalSound] = [
        .rieul, .vowel, .consonant, .vowel, .vowel, .consonant, .rieul, .rieul, .vowel,
    ]

    private static func number(ending characters: ArraySlice<Character>) -> KoreanFinalSound? {
        var digits: [Int] = []
        var index = characters.endIndex
        while index > characters.startIndex {
            let character = characters[index - 1]
            if let digit = character.wholeNumberValue, character.isASCII {
                digits.append(digit)
            } else if character != "," {
                break
            }
            index -= 1
        }
        // `digits` runs from the last digit backwards.
        guard let lastDigit = digits.first else { return nil }
        if lastDigit != 0 { return digitSounds[lastDigit - 1] }
        let isDecimal =
            index - 1 > characters.startIndex && characters[index - 1] == "."
            && characters[index - 2].isASCII && characters[index - 2].isNumber
        let zeros = digits.prefix { $0 == 0 }.count
        if isDecimal || zeros == digits.count { return .consonant }  // 영
        switch zeros {
        case 1: return .consonant  // 십
        case 2: return .consonant  // 백
        case 3...7: return .consonant  // 천, 만, 십만, 백만, 천만
        case 8...11: return .consonant  // 억
        case 12...15: return .vowel  // 조
        default: return nil
        }
    }

    // MARK: Latin letters

    private static let latinVowels: Set<Character> = [
        "a", "e", "i", "o", "u", "à", "á", "â", "ã", "ä", "å", "æ", "è", "é", "ê", "ë", "ì", "í", "î", "ï", "ò", "ó",
        "ô", "õ", "ö", "ø", "ù", "ú", "û", "ü", "ý", "ÿ",
    ]

    private static func isLatinLetter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.isLetter else { return false }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xFF: return scalar.value != 0xD7 && scalar.value != 0xF7
        default: return false
        }
    }

    /// The Korean names of the letters A-Z end in a vowel except L 엘, M 엠, N 엔 and R 알.
    private static func letterName(_ letter: Character) -> KoreanFinalSound {
        switch letter {
        case "l", "r": .rieul
        case "m", "n": .consonant
        default: .vowel
        }
    }

    private static func latin(ending characters: ArraySlice<Character>) -> KoreanFinalSound? {
        var token: [Character] = []
        var index = characters.endIndex
        while index > characters.startIndex {
            let character = characters[index - 1]
            if isLatinLetter(character) {
                token.insert(character, at: 0)
            } else if character != "'" && character != "\u{2019}" {
                break
            }
            index -= 1
        }
        guard !token.isEmpty else { return nil }
        let word = token.map { Character($0.lowercased()) }
        let isCapitals = !token.contains(where: \.isLowercase)
        if token.count == 1 || (isCapitals && token.count <= 3) {
            let letter = word[word.count - 1]
            if letter.isASCII { return letterName(letter) }
            return latinVowels.contains(letter) ? .vowel : nil
        }
        return englishEnding(word)
    }

    /// The final sound of an English word as Korean writes it (see ``init(endOf:)``).
    private static func englishEnding(_ word: [Character]) -> KoreanFinalSound? {
        guard let last = word.last else { return nil }
        let before = word.count >= 2 ? word[word.count - 2] : nil
        if latinVowels.contains(last) {
            // A silent e after l, m or n leaves that consonant: Table, Kale, Home, Wine.
            guard last == "e", let before, word.count >= 3 else { return .vowel }
            switch before {
            case "l": return .rieul
            case "m", "n": return .consonant
            default: return .vowel
            }
        }
        guard last.isASCII else { return nil }
        switch last {
        case "l": return .rieul
        case "m", "n": return .consonant
        case "g": return before == "n" ? .consonant : .vowel
        case "p", "t", "k", "c":
            let stem = last == "k" && before == "c" ? Array(word.dropLast(2)) : Array(word.dropLast())
            return isShortVowelEnding(stem, before: last) ? .consonant : .vowel
        default:
            // r, y, w, s, x, z, f, v, h (sh, ch, th, gh), b, d, j, q: no final consonant.
            return .vowel
        }
    }

    /// Whether `stem` ends in one vowel letter (sh-o-p, mark-e-t, sn-a-ck), or in "oo" before k (b-oo-k): where
    /// Korean writes a final p, t, k as ㅂ, ㅅ, ㄱ.
    private static func isShortVowelEnding(_ stem: [Character], before consonant: Character) -> Bool {
        guard let last = stem.last, latinVowels.contains(last) else { return false }
        guard stem.count >= 2, latinVowels.contains(stem[stem.count - 2]) else { return true }
        let isOO = last == "o" && stem[stem.count - 2] == "o"
        return consonant == "k" && isOO && (stem.count < 3 || !latinVowels.contains(stem[stem.count - 3]))
    }
}
