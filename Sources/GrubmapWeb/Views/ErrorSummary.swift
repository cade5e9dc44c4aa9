/// The problems of a form that was not saved, at the top of the page: a heading, then a link to each field saying
/// what is wrong with it (after GOV.UK's error summary). The page script gives it the focus on load, so a screen
/// reader reads it first and the keyboard goes from it to the fields.
struct ErrorSummary {
    let title: String
    /// Each field's id and what is wrong with it, in the form's order.
    let items: [(fieldID: String, message: String)]

    var node: Node {
        el(
            .div, .class("error-summary"), Attribute("tabindex", "-1"), .data("focus-on-load", ""),
            Attribute("aria-labelledby", "error-summary-title")
        ) {
            el(.h2, .id("error-summary-title")) { title }
            el(.ul) {
                for item in items {
                    el(.li) { el(.a, .href("#" + item.fieldID)) { item.message } }
                }
            }
        }
    }
}
