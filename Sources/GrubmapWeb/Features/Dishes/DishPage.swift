import GrubmapCore

/// `/dishes/{id}`: the dish's name in the reader's language with its other name beneath, when it is next on a menu,
/// and the days and places it was served, newest first, each linking to that place's menu of the day; and "Suggest a
/// name" for the languages it could be better in.
struct DishPage {
    /// What the "Suggest a name" form shows: the thanks after a suggestion, or what was typed with its problem.
    struct SuggestionForm {
        var typed = ""
        /// The language of the form that was sent, whose field shows ``typed`` and ``problem``.
        var language: Language? = nil
        var problem: String? = nil
        /// The language of a suggestion just stored.
        var thanked: Language? = nil
    }

    /// The id of the "Suggest a name" section, where a suggestion comes back to.
    static let suggestID = "suggest"

    let strings: Strings
    let area: Area
    let areas: [Area]
    let dish: Dish
    /// People's ratings of the dish over all days and places.
    let rating: RatingSummary?
    let served: [DishServing]
    let next: DishServing?
    let today: CalendarDate
    /// The places of ``served``, ``next``, ``comments`` and ``photos`` that are still shown.
    let places: [Place.ID: Place]
    let csrfToken: String
    var form = SuggestionForm()
    /// The comments others see, newest first, each with "Report".
    var comments: [RatingComment] = []
    /// People's photos that no operator hid, newest first: thumbnails linking to the large pictures.
    var photos: [MealPhoto] = []
    /// Whether the page thanks the person for flagging a photo.
    var isPhotoFlagged = false
    /// Whether the visitor just reported a comment (`?flagged=1`), which the page thanks them for.
    var isFlagged = false
    /// Whether the reader follows the dish, and what their last press of its button did.
    var isFollowed = false
    var followNotice: String? = nil

    /// The most comments the page shows.
    static let commentLimit = 30

    private var dishStrings: DishStrings { DishStrings.forLanguage(strings.language) }
    private var menuStrings: MenuStrings { MenuStrings.forLanguage(strings.language) }

    /// The name to show first and its language: the reader's, else the other one.
    private var title: (name: String, language: Language) {
        let language = strings.language
        let other: Language = language == .english ? .korean : .english
        if let name = dish.names[language] { return (name, language) }
        if let name = dish.names[other] { return (name, other) }
        return (dish.keys.first?.rawValue ?? dish.id.description, language)
    }

    func render() -> [UInt8] {
        let title = self.title
        var layout = Layout(strings: strings, title: title.name, areas: areas, currentAreaID: area.id)
        layout.live = nil
        return layout.render {
            el(.article, .class("dish-page")) {
                el(.header, .class("dish-head card")) {
                    el(.h1, .lang(title.language.rawValue)) { title.name }
                    for language in Language.allCases where language != title.language {
                        if let name = dish.names[language], name != title.name {
                            el(.p, .class("dish-alt"), .lang(language.rawValue)) { name }
                        }
                    }
                    el(.p, .class("meta")) { area.name.text(in: strings.language) }
                    if let rating {
                        let text = RatingStrings.forLanguage(strings.language)
                        el(.p, .class("dish-rating"), Attribute("role", "img"), .ariaLabel(text.allDaysLabel(rating))) {
                            RatingStrings.stars(rating)
                        }
                    }
                    followForm
                }
                el(.section, .class("dish-next card"), Attribute("aria-labelledby", "dish-next")) {
                    el(.h2, .id("dish-next")) { dishStrings.nextHeading }
                    if let next, let link = link(next) {
                        el(.p) { link }
                    } else {
                        el(.p, .class("meta")) { dishStrings.notScheduled }
                    }
                }
                el(.section, .class("dish-served card"), Attribute("aria-labelledby", "dish-served")) {
                    el(.h2, .id("dish-served")) { dishStrings.servedHeading }
                    let shown = served.filter { places[$0.placeID] != nil }
                    if shown.isEmpty {
                        el(.p, .class("meta")) { dishStrings.neverServed }
                    } else {
                        el(.ol, .class("dish-servings")) {
                            for serving in shown {
                                if let link = link(serving) { el(.li) { link } }
                            }
                        }
                    }
                }
                photoSection
                commentSection
                suggestSection
                el(.section, .class("dish-names card"), Attribute("aria-labelledby", "dish-names")) {
                    el(.h2, .id("dish-names")) { dishStrings.namesHeading }
                    el(.dl, .class("dish-name-list")) {
                        for language in Language.allCases {
                            el(.dt) { dishStrings.languageName(language) }
                            if let name = dish.names[language] {
                                el(.dd, .lang(language.rawValue)) { name }
                            } else {
                                el(.dd, .class("meta")) { dishStrings.noName }
                            }
                        }
                    }
                }
            }
        }
    }

    /// People's photos, each thumbnail linking to its large picture, with who took it where and when.
    private var photoSection: Node {
        let text = PhotoStrings.forLanguage(strings.language)
        let menuStrings = self.menuStrings
        let name = title.name
        return el(.section, .class("dish-photos card"), .id("photos"), Attribute("aria-labelledby", "photos-h")) {
            el(.h2, .id("photos-h")) { text.photosHeading }
            if isPhotoFlagged {
                el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) {
                    RatingStrings.forLanguage(strings.language).flagged
                }
            }
            let shown = photos.filter { places[$0.placeID] != nil }
            if shown.isEmpty {
                el(.p, .class("meta")) { text.noPhotos }
            } else {
                el(.ul, .class("photo-list")) {
                    for photo in shown {
                        if let picture = PhotoPicture(photo, alt: text.photoOf(name)) {
                            el(.li, .class("photo")) {
                                picture.node
                                el(.p, .class("meta")) {
                                    text.photoBy(
                                        photo.author,
                                        at: places[photo.placeID]?.name.text(in: strings.language) ?? "",
                                        on: menuStrings.longDate(photo.date))
                                }
                                el(
                                    .form, .class("photo-flag"), Attribute("method", "post"),
                                    Attribute("action", Paths.photoFlag(dish.id))
                                ) {
                                    el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                                    el(.input, .type("hidden"), .name("photo"), .value(String(photo.id)))
                                    el(.button, .type("submit"), .ariaLabel(text.flagLabel(photo.author))) {
                                        RatingStrings.forLanguage(strings.language).flag
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// What people wrote with their stars, each with its "Report" button.
    /// Follows the dish or stops; says what the last press did.
    private var followForm: Node {
        let text = FollowStrings.forLanguage(strings.language)
        return el(.form, Attribute("method", "post"), Attribute("action", Paths.follow(dish.id)), .class("follow-form"))
        {
            el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
            el(.input, .type("hidden"), .name("followed"), .value(isFollowed ? "0" : "1"))
            el(.input, .type("hidden"), .name("return"), .value(Paths.dish(dish.id)))
            el(
                .button, .type("submit"), .class("follow-pill"),
                Attribute("aria-pressed", isFollowed ? "true" : "false")
            ) {
                FollowBell.icon
                el(.span) { isFollowed ? text.following : text.followShort }
            }
            if let followNotice {
                el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) { followNotice }
            }
        }
    }

    private var commentSection: Node {
        let text = RatingStrings.forLanguage(strings.language)
        let menuStrings = self.menuStrings
        return el(.section, .class("dish-comments card"), .id("comments"), Attribute("aria-labelledby", "comments-h")) {
            el(.h2, .id("comments-h")) { text.commentsHeading }
            if isFlagged {
                el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) { text.flagged }
            }
            let shown = comments.filter { places[$0.placeID] != nil }
            if shown.isEmpty {
                el(.p, .class("meta")) { text.noComments }
            } else {
                el(.ul, .class("comment-list")) {
                    for comment in shown {
                        el(.li, .class("comment")) {
                            el(.p, .class("comment-text")) {
                                el(
                                    .span, .class("comment-stars"), Attribute("role", "img"),
                                    .ariaLabel(text.givenStars(comment.stars))
                                ) {
                                    String(repeating: "★", count: comment.stars.value)
                                }
                                " " + comment.text
                            }
                            el(.p, .class("meta")) {
                                text.commentBy(
                                    comment.author,
                                    at: places[comment.placeID]?.name.text(in: strings.language) ?? "",
                                    on: menuStrings.longDate(comment.date))
                            }
                            el(
                                .form, .class("comment-flag"), Attribute("method", "post"),
                                Attribute("action", Paths.commentFlag(dish.id))
                            ) {
                                el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                                el(.input, .type("hidden"), .name("comment"), .value(String(comment.id)))
                                el(.button, .type("submit"), .ariaLabel(text.flagLabel(comment.author))) {
                                    text.flag
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The languages a suggestion is asked for: those the dish has no name in, and the reader's.
    private var suggestedLanguages: [Language] {
        Language.allCases.filter { dish.names[$0] == nil || $0 == strings.language }
    }

    /// "Suggest a name": a form per language asked for (a name and a button), each with its hint and, after a
    /// refused suggestion, its problem; after a stored one, the thanks.
    private var suggestSection: Node {
        el(.section, .class("dish-suggest card"), .id(Self.suggestID), Attribute("aria-labelledby", "suggest-heading"))
        {
            el(.h2, .id("suggest-heading")) { dishStrings.suggestHeading }
            if form.thanked != nil {
                el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) {
                    dishStrings.suggestThanks
                }
            }
            el(.p, .class("meta")) { dishStrings.suggestHint }
            for language in suggestedLanguages {
                suggestForm(language)
            }
        }
    }

    private func suggestForm(_ language: Language) -> Node {
        let id = "suggest-\(language.rawValue)"
        let problem = form.language == language ? form.problem : nil
        let describedBy = [id + "-hint"] + (problem == nil ? [] : [id + "-problem"])
        return el(
            .form, .class("suggest-form"), Attribute("method", "post"),
            Attribute("action", Paths.dishNameSuggestion(dish.id))
        ) {
            el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
            el(.input, .type("hidden"), .name("language"), .value(language.rawValue))
            el(.div, .class("field")) {
                el(.label, Attribute("for", id)) { dishStrings.suggestLabel(language) }
                el(
                    .input,
                    attributes: [
                        .type("text"), .id(id), .name("name"), .lang(language.rawValue),
                        .value(form.language == language ? form.typed : ""), Attribute("required", ""),
                        Attribute("maxlength", String(DishName.maximumLength)), Attribute("autocomplete", "off"),
                        Attribute("aria-describedby", describedBy.joined(separator: " ")),
                    ] + (problem == nil ? [] : [Attribute("aria-invalid", "true")]))
                el(.small, .id(id + "-hint"), .class("hint")) { dishStrings.suggestFieldHint(dish.names[language]) }
                if let problem { el(.p, .id(id + "-problem"), .class("problem")) { problem } }
            }
            el(.button, .type("submit"), .class("button secondary")) { dishStrings.suggestButton }
        }
    }

    /// "Geumjeong Hall, Monday, December 7", linking to the place's menu of that day; `nil` for a place not shown.
    private func link(_ serving: DishServing) -> Node? {
        guard let place = places[serving.placeID] else { return nil }
        let date =
            serving.date == today
            ? dishStrings.today + " · " + menuStrings.longDate(serving.date) : menuStrings.longDate(serving.date)
        return el(.a, .href(Paths.place(place.id, query: [("date", serving.date.description)], fragment: "menu"))) {
            dishStrings.serving(place: place.name.text(in: strings.language), date: date)
        }
    }
}
