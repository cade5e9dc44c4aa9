import GrubmapHTTP

/// What a toggle button (a place's star, a dish's bell) just did, said by the page it comes back to without
/// JavaScript: the button's redirect adds `added=ID` or `removed=ID` to the page's address. A notice shows only while
/// it is true, so a link cannot make a page claim a bookmark or a follow that is not there.
struct ToggleNotice<ID: Sendable>: Sendable {
    /// The query field saying the toggle turned on for an id, and the one saying it turned off.
    let added: String
    let removed: String
    let parse: @Sendable (String) -> ID?
    let format: @Sendable (ID) -> String

    /// The query fields of the notice, which the page's own forms leave out of their way back.
    var fields: Set<String> { [added, removed] }

    /// Where the button's post sends the browser: `path` saying that the toggle of `id` is now `on` or off.
    func redirect(to path: String, id: ID, on: Bool) -> String {
        Request.adding((on ? added : removed, format(id)), to: path, dropping: fields)
    }

    /// The sentence for the notice `query` asks for, when it holds: `isOn` says whether the toggle of an id is on
    /// now; `onText` and `offText` say it turned on or off (`nil` for an id the page does not know).
    func text(
        for query: QueryFields, isOn: (ID) -> Bool, onText: (ID) throws -> String?, offText: (ID) throws -> String?
    ) rethrows -> String? {
        if let text = query[added], let id = parse(text), isOn(id), let sentence = try onText(id) {
            return sentence
        }
        if let text = query[removed], let id = parse(text), !isOn(id), let sentence = try offText(id) {
            return sentence
        }
        return nil
    }
}
