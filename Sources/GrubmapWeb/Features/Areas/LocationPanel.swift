/// Asks for the person's position and explains, for each way it can fail, what to do.
///
/// Works with the page script: the button (or `data-locate="auto"`, right after onboarding) asks the browser;
/// on success the script stores the position in a cookie and reloads, so the server lists places by distance.
/// Every message is rendered here, hidden, in the person's language; the script shows the one that applies. Under it,
/// ``PositionPicker`` lets the person set their position by hand instead.
struct LocationPanel {
    let strings: Strings
    let locatesOnLoad: Bool
    let hasPosition: Bool
    /// Only the icon, with the words as its label: beside the menu board's tabs.
    var isCompact = false
    /// "Set my position" by hand, under the button; `nil` leaves it out.
    var positionPicker: PositionPicker? = nil
    /// Where the page goes once the position is found (the chooser goes to `/`, which opens the nearest area);
    /// `nil` reloads the page with distances.
    var then: String? = nil

    var node: Node {
        el(
            .section,
            attributes: [
                .class("locate"), Attribute("data-locate", locatesOnLoad ? "auto" : "button"),
                .ariaLabel(strings.locationHeading), .data("located", strings.locatedNearestFirst),
            ] + (then.map { [.data("then", $0)] } ?? [])
        ) {
            let label = hasPosition ? strings.updateLocation : strings.useMyLocation
            el(
                .button,
                attributes: [
                    .type("button"), .class("button secondary"), Attribute("data-action", "locate"),
                    Attribute("hidden", nil),
                ] + (isCompact ? [.ariaLabel(label), .title(label)] : [])
            ) {
                Icons.distance
                if !isCompact { label }
            }
            // Whatever the script shows here is read out: "finding your position", then why it failed.
            el(.div, Attribute("role", "status"), Attribute("aria-live", "polite")) {
                el(.p, .class("locate-status"), Attribute("data-status", "locating"), Attribute("hidden", nil)) {
                    strings.locating
                }
                for (reason, message) in strings.locationProblems {
                    el(.p, .class("notice"), Attribute("data-location-problem", reason), Attribute("hidden", nil)) {
                        message
                    }
                }
            }
            if let positionPicker { positionPicker.node }
        }
    }
}
