import GrubmapCore

/// The console's words about dishes.
extension ConsoleStrings {
    var dishes: String { text(en: "Dishes", ko: "요리") }
    var dishesIntro: String {
        text(
            en:
                "A dish gathers the meals whose names match (spacing, punctuation and a note in brackets aside). "
                + "Give it a name in each language, merge two that are one dish, or split off a name that is not.",
            ko: "이름이 같은 메뉴(띄어쓰기, 문장 부호, 괄호 속 설명 제외)는 한 요리로 묶여요. 언어별 이름을 정하고, "
                + "같은 요리인 둘을 합치거나, 다른 요리인 이름을 나눌 수 있어요.")
    }
    var noDishes: String {
        text(en: "No dishes yet: they appear with the first menus.", ko: "아직 요리가 없어요. 첫 메뉴가 올라오면 생겨요.")
    }
    func dishKeys(_ count: Int) -> String {
        text(en: count == 1 ? "Matched name:" : "Matched names:", ko: "묶인 이름:")
    }
    var changeDish: String { text(en: "Change", ko: "바꾸기") }
    var koreanName: String { text(en: "Korean name", ko: "한국어 이름") }
    var englishName: String { text(en: "English name", ko: "영어 이름") }
    var dishNameHint: String {
        text(
            en: "At most \(DishName.maximumLength) characters; leave empty for no name.",
            ko: "\(DishName.maximumLength)자 이내. 이름이 없으면 비워 두세요.")
    }
    var dishNameTooLong: String {
        text(en: "At most \(DishName.maximumLength) characters.", ko: "\(DishName.maximumLength)자 이내로 적어 주세요.")
    }
    var saveNames: String { text(en: "Save names", ko: "이름 저장") }
    var mergeInto: String { text(en: "Merge into…", ko: "합칠 요리…") }
    var mergeHint: String {
        text(
            en: "The number (#) of the dish it is. Its names and meals join that dish; its page then leads there.",
            ko: "같은 요리의 번호(#)를 적으세요. 이 요리의 이름과 메뉴가 그 요리로 옮겨지고, 이 요리의 페이지는 그쪽으로 연결돼요.")
    }
    var merge: String { text(en: "Merge", ko: "합치기") }
    var chooseAnotherDish: String {
        text(en: "Give the number of another dish of this area.", ko: "이 지역의 다른 요리 번호를 적으세요.")
    }
    var splitKey: String { text(en: "Split off", ko: "나눌 이름") }
    var splitHint: String {
        text(
            en: "The meals with this name become a dish of their own.",
            ko: "이 이름의 메뉴가 따로 한 요리가 돼요.")
    }
    var chooseAKeyToSplit: String {
        text(en: "Choose one of the dish's names, not its only one.", ko: "이 요리의 이름 중 하나를 고르세요. 하나뿐인 이름은 나눌 수 없어요.")
    }
    var newDishKoreanName: String { text(en: "New dish's Korean name", ko: "새 요리의 한국어 이름") }
    var newDishEnglishName: String { text(en: "New dish's English name", ko: "새 요리의 영어 이름") }
    var split: String { text(en: "Split", ko: "나누기") }

    /// The notice after a change of dish `dish`: `names`, `merged` (into it) or `split` (made it).
    func dishDone(_ outcome: String, dish: Dish.ID) -> String? {
        switch outcome {
        case "names": text(en: "Names of dish #\(dish) saved.", ko: "요리 #\(dish)의 이름을 저장했어요.")
        case "merged": text(en: "Merged into dish #\(dish).", ko: "요리 #\(dish)에 합쳤어요.")
        case "split": text(en: "Split off as dish #\(dish).", ko: "새 요리로 나눴어요(#\(dish)).")
        default: nil
        }
    }

    var nameSuggestions: String { text(en: "Name suggestions", ko: "이름 제안") }
    /// The console home's link: "Name suggestions (3)".
    func nameSuggestionsWaiting(_ count: Int) -> String {
        count == 0 ? nameSuggestions : text(en: "Name suggestions (\(count))", ko: "이름 제안 (\(count))")
    }
    var nameSuggestionsIntro: String {
        text(
            en: "Names visitors suggested for dishes, oldest first. Approving one makes it the dish's name in its "
                + "language and answers the others waiting for that name; rejecting changes nothing.",
            ko: "방문자가 요리에 제안한 이름이에요. 오래된 것부터 보여요. 승인하면 그 언어의 요리 이름이 되고 같은 이름을 "
                + "기다리던 다른 제안도 함께 마무리돼요. 거절하면 아무것도 바뀌지 않아요.")
    }
    var noNameSuggestions: String { text(en: "No suggestions are waiting.", ko: "기다리는 제안이 없어요.") }
    func oldestSuggestionsShown(_ shown: Int, of count: Int) -> String {
        text(en: "The oldest \(shown) of \(count) are shown.", ko: "\(count)개 가운데 오래된 \(shown)개를 보여요.")
    }
    /// "English name suggested for"
    func suggestedFor(_ language: Language) -> String {
        switch language {
        case .english: text(en: "English name for", ko: "영어 이름 제안 대상")
        case .korean: text(en: "Korean name for", ko: "한국어 이름 제안 대상")
        }
    }
    func dishNumber(_ dish: Dish.ID) -> String { text(en: "Dish #\(dish)", ko: "요리 #\(dish)") }
    var noNameYet: String { text(en: "None yet", ko: "아직 없음") }
    var suggestedAt: String { text(en: "Suggested", ko: "제안한 때") }
    var approve: String { text(en: "Approve", ko: "승인") }
    var reject: String { text(en: "Reject", ko: "거절") }
    var rejectReason: String { text(en: "Reason (optional)", ko: "이유(선택)") }
    var rejectReasonHint: String {
        text(en: "The audit log keeps it; at most 200 characters.", ko: "감사 기록에 남아요. 200자 이내.")
    }
    func suggestionDone(_ outcome: String, dish: Dish.ID) -> String? {
        switch outcome {
        case "approved": text(en: "Approved: dish #\(dish) has its new name.", ko: "승인했어요. 요리 #\(dish)의 이름이 바뀌었어요.")
        case "rejected": text(en: "Rejected the suggestion for dish #\(dish).", ko: "요리 #\(dish)에 대한 제안을 거절했어요.")
        case "decided":
            text(
                en: "That suggestion for dish #\(dish) was decided already.",
                ko: "요리 #\(dish)에 대한 그 제안은 이미 처리되었어요.")
        default: nil
        }
    }
}
