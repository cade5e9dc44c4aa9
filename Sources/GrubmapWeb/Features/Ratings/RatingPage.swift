import GrubmapCore

/// `/dishes/{id}/rating?placeId=&date=`: the meal (its name in the reader's language, the place and day), its ratings
/// that day and the dish's over all days, and the form: five stars and a comment, the person's earlier rating filled
/// in. Without a profile, the way to make one, which comes back here.
struct RatingPage {
    let strings: Strings
    let meal: RateableMeal
    let areas: [Area]
    let today: CalendarDate
    let ofDay: RatingSummary?
    let overall: RatingSummary?
    let own: OwnRating?
    /// The person's photo of the meal, hidden or not.
    let ownPhoto: MealPhoto?
    let hasProfile: Bool
    let csrfToken: String
    let isSaved: Bool
    /// What was sent when saving failed: shown back instead of ``own``.
    var typed: (stars: Stars?, comment: String)? = nil
    /// How an upload from the photo form went (`added`, or its error's code), from the address it came back to.
    var photoOutcome: String? = nil
    /// The fields (`stars`, `comment`) that were refused, with the server's words (the page says its own); nothing
    /// was saved when there are any.
    var problems: [String: String] = [:]

    private var text: RatingStrings { RatingStrings.forLanguage(strings.language) }

    private var name: String {
        meal.dish.shown(mealName: meal.mealName, in: strings.language).name
    }

    func render() -> [UInt8] {
        let text = self.text
        let menuStrings = MenuStrings.forLanguage(strings.language)
        let menuPath = Paths.place(meal.place.id, query: [("date", meal.date.description)], fragment: "menu")
        var layout = Layout(strings: strings, title: text.title(name), areas: areas, currentAreaID: meal.area.id)
        layout.live = nil
        return layout.render {
            el(.article, .class("rating-page")) {
                el(.header, .class("card rating-head")) {
                    el(.h1) { text.title(name) }
                    el(.p, .class("meta")) {
                        el(.a, .href(menuPath)) {
                            meal.place.name.text(in: strings.language) + ", " + menuStrings.longDate(meal.date)
                        }
                    }
                    summaries
                }
                if isSaved {
                    el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) { text.saved }
                }
                if hasProfile {
                    form
                    photoSection
                } else {
                    el(.section, .class("card panel")) {
                        el(.p) { text.profileNeeded }
                        el(
                            .a, .class("button"),
                            .href(
                                Paths.profile(query: [
                                    ("next", RatingsFeature.pagePath(dish: meal.dish.id, at: meal.serving))
                                ]))
                        ) { text.makeProfile }
                    }
                }
                el(.p, .class("rating-links")) {
                    el(.a, .href(menuPath)) { text.backToMenu }
                    el(.a, .href(Paths.dish(meal.dish.id, fragment: "comments"))) { text.aboutTheDish }
                }
            }
        }
    }

    /// The day's stars and the dish's, or "No ratings yet."
    private var summaries: Node {
        let text = self.text
        return el(.dl, .class("rating-summaries")) {
            el(.dt) { text.thisDay }
            summary(ofDay, label: text.dayLabel)
            el(.dt) { text.allDaysHeading }
            summary(overall, label: text.allDaysLabel)
        }
    }

    private func summary(_ summary: RatingSummary?, label: (RatingSummary) -> String) -> Node {
        guard let summary else { return el(.dd, .class("meta")) { text.noRatings } }
        return el(.dd) {
            el(.span, Attribute("role", "img"), .ariaLabel(label(summary))) { RatingStrings.stars(summary) }
        }
    }

    /// "Add a photo" once the meal is rated: the person's photo if they added one, and a plain multipart form that
    /// works without JavaScript (`capture` offers a phone's camera).
    private var photoSection: Node {
        let text = PhotoStrings.forLanguage(strings.language)
        return el(.section, .class("card panel rating-photo"), .id("photo"), Attribute("aria-labelledby", "photo-h")) {
            el(.h2, .id("photo-h")) { text.heading }
            if let photoOutcome {
                if photoOutcome == "added" {
                    el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) { text.added }
                } else {
                    el(.p, .class("notice error"), Attribute("role", "alert")) { text.problem(photoOutcome) }
                }
            }
            if let ownPhoto {
                if let picture = PhotoPicture(ownPhoto, alt: text.photoOf(name), isLazy: false) { picture.node }
                if let reason = ownPhoto.hiddenReason {
                    el(.p, .class("notice error"), .id("photo-hidden")) { text.hidden(reason) }
                }
            }
            if own == nil {
                el(.p, .class("meta")) { text.rateFirst }
            } else {
                el(
                    .form, Attribute("method", "post"), Attribute("action", Paths.photoUpload(meal.dish.id)),
                    Attribute("enctype", "multipart/form-data"), .class("photo-form")
                ) {
                    el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                    el(.input, .type("hidden"), .name("placeId"), .value(meal.place.id.rawValue))
                    el(.input, .type("hidden"), .name("date"), .value(meal.date.description))
                    el(.div, .class("field")) {
                        el(.label, Attribute("for", "photo-file")) {
                            ownPhoto == nil ? text.addPhoto : text.replacePhoto
                        }
                        el(
                            .input, .type("file"), .id("photo-file"), .name("photo"),
                            Attribute("accept", "image/jpeg,image/png,image/webp"), Attribute("capture", "environment"),
                            Attribute("required", nil), Attribute("aria-describedby", "photo-hint"))
                        el(.small, .id("photo-hint"), .class("hint")) { text.fileHint }
                    }
                    el(.button, .type("submit"), .class("button")) { text.upload }
                }
            }
        }
    }

    private var form: Node {
        let text = self.text
        let chosen = typed.map(\.stars) ?? own?.stars
        let comment = typed?.comment ?? own?.comment ?? ""
        let starsProblem = problems["stars"].map { _ in text.chooseStars }
        let commentProblem = problems["comment"].map { _ in text.commentProblem }
        return el(
            .form, Attribute("method", "post"), Attribute("action", Paths.rating(meal.dish.id)),
            .class("card panel rating-form"), Attribute("novalidate", nil)
        ) {
            if starsProblem != nil || commentProblem != nil {
                ErrorSummary(
                    title: text.fixTheFields,
                    items: [("stars-1", starsProblem), ("comment", commentProblem)].compactMap { id, message in
                        message.map { (id, $0) }
                    }
                ).node
            }
            el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
            el(.input, .type("hidden"), .name("placeId"), .value(meal.place.id.rawValue))
            el(.input, .type("hidden"), .name("date"), .value(meal.date.description))
            if let own, typed == nil {
                el(.p, .class("meta")) { text.changeHint }
                if let reason = own.hiddenReason {
                    el(.p, .class("notice error"), .id("comment-hidden")) { text.commentHidden(reason) }
                }
            }
            el(
                .fieldset,
                attributes: [.class("field rating-stars")]
                    + (starsProblem == nil ? [] : [Attribute("aria-describedby", "stars-problem")])
            ) {
                el(.legend) { text.starsLegend }
                if let starsProblem { el(.p, .id("stars-problem"), .class("problem")) { starsProblem } }
                el(.div, .class("star-choices")) {
                    for value in Stars.range {
                        el(.label, .class("star-choice")) {
                            el(
                                .input,
                                attributes: [
                                    .type("radio"), .id("stars-\(value)"), .name("stars"), .value(String(value)),
                                ] + (chosen?.value == value ? [Attribute("checked", nil)] : []))
                            el(.span, .ariaHidden()) { String(repeating: "★", count: value) }
                            el(.span, .class("visually-hidden")) { text.starsChoice(value) }
                        }
                    }
                }
            }
            el(.div, .class("field")) {
                el(.label, Attribute("for", "comment")) { text.comment }
                el(
                    .input,
                    attributes: [
                        .type("text"), .id("comment"), .name("comment"), .value(comment),
                        Attribute("autocomplete", "off"),
                        Attribute(
                            "aria-describedby", commentProblem == nil ? "comment-hint" : "comment-hint comment-problem"),
                    ] + (commentProblem == nil ? [] : [Attribute("aria-invalid", "true")]))
                el(.small, .id("comment-hint"), .class("hint")) { text.commentHint }
                if let commentProblem { el(.p, .id("comment-problem"), .class("problem")) { commentProblem } }
            }
            el(.button, .type("submit"), .class("button primary")) { text.save }
        }
    }
}
