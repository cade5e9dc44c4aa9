import Foundation
import GrubmapCore

/// The place page's ride cards: one card per ride type side by side, the selected one highlighted, radio buttons
/// underneath so it works without JavaScript (a GET form re-renders with `?ride=ID`).
///
/// With the person's position the cards show price ranges, and the trip's road distance and duration; without it,
/// each ride's least price, the reason the estimate needs a position, and a button that asks the browser for one
/// (stored in the `grubmap_position` cookie for an hour) or a field to type one.
struct RideEstimates {
    let strings: FareStrings
    let place: Place
    /// The area's schedule; `nil` when the area lists no rates.
    let schedule: FareSchedule?
    /// The estimate from the person's position; `nil` when the position is unknown.
    let estimate: FareEstimate?
    /// The ride type shown as chosen.
    let selected: RideType.ID?
    /// How distances are shown.
    let unit: DistanceUnit
    /// The `near` query parameter the page was opened with, kept when the form re-renders the page.
    let nearParameter: String?

    /// Farther than this, a ride is not a sensible way there and no prices are shown.
    static let farthestRideMeters = 150_000.0

    var node: Node {
        let language = strings.language
        let action = Paths.place(place.id, fragment: "rides")
        return el(
            .section, .class("card panel wide rides"), .id("rides"), Attribute("aria-labelledby", "rides-heading")
        ) {
            el(.div, .class("rides-head")) {
                el(.h2, .id("rides-heading")) { strings.heading }
                if let estimate, isReachable(estimate) {
                    el(.p, .class("meta")) {
                        strings.tripSummary(
                            DistanceFormat.text(meters: Double(estimate.roadMeters), unit: unit),
                            strings.duration(seconds: estimate.durationSeconds)) + " · " + strings.fromYourPosition
                            + " · " + (estimate.routedMeters == nil ? strings.asTheCrowFlies : strings.byTheRoads)
                    }
                }
            }
            if let schedule {
                if let estimate, !isReachable(estimate) {
                    el(.p, .class("rides-why")) {
                        strings.tooFar(DistanceFormat.text(meters: estimate.straightLineMeters, unit: unit))
                    }
                } else if estimate == nil {
                    el(.p, .class("rides-why")) { strings.needsPosition(place.name.text(in: language)) }
                    locator
                }
                el(.form, .class("rides-form"), Attribute("method", "get"), Attribute("action", action)) {
                    if let nearParameter {
                        el(.input, .type("hidden"), .name("near"), .value(nearParameter))
                    }
                    el(.fieldset, .class("ride-options")) {
                        el(.legend, .class("ride-legend")) { strings.rideTypesLegend }
                        for rideType in schedule.rideTypes { card(rideType, schedule: schedule) }
                    }
                    if let summary = selectedSummary(schedule) {
                        el(.p, .class("ride-summary"), Attribute("aria-live", "polite")) { summary }
                    }
                    el(.button, .class("ride-button quiet ride-choose"), .type("submit")) { strings.choose }
                }
                if estimate == nil {
                    manualPosition(action: action)
                }
                el(.p, .class("meta rides-note")) { strings.disclaimer }
                el(.script, Attribute("src", Self.scriptPath), Attribute("defer", nil))
            } else {
                el(.p, .class("meta")) { strings.noFares }
            }
        }
    }

    private func isReachable(_ estimate: FareEstimate) -> Bool {
        estimate.straightLineMeters <= Self.farthestRideMeters
    }

    /// The prices of a ride type as nodes: one price, or two that wrap after the range's separator.
    private func price(of rideType: RideType, schedule: FareSchedule) -> (nodes: [Node], text: String) {
        let currency = schedule.currency
        let language = strings.language
        guard let estimate, isReachable(estimate), let fare = estimate.fare(for: rideType.id) else {
            let text = strings.priceFrom(currency.format(schedule.minimumPrice(of: rideType), language: language))
            return ([.text(text)], text)
        }
        let low = currency.format(fare.low, language: language)
        let high = currency.format(fare.high, language: language)
        guard low != high else { return ([.text(low)], low) }
        let separator = Currency.rangeSeparator(language)
        return (
            [el(.span) { low + separator }, el(.span) { high }],
            currency.formatRange(low: fare.low, high: fare.high, language: language)
        )
    }

    private func card(_ rideType: RideType, schedule: FareSchedule) -> Node {
        let name = rideType.name.text(in: strings.language)
        let isSelected = rideType.id == selected
        let price = price(of: rideType, schedule: schedule)
        let inputID = "ride-\(rideType.id)"
        let attributes: [Attribute] = [
            .class(isSelected ? "ride selected" : "ride"), Attribute("for", inputID),
            .data("summary", strings.selectedSummary(name, rideType.capacity, price.text)),
        ]
        var input: [Attribute] = [.type("radio"), .name("ride"), .value(rideType.id.rawValue), .id(inputID)]
        if isSelected { input.append(Attribute("checked", nil)) }
        return el(.label, attributes: attributes) {
            Self.carIcon
            el(.span, .class("ride-name")) { name }
            el(.span, .class("ride-seats")) {
                Self.seatIcon
                strings.seats(rideType.capacity)
            }
            el(.span, .class("ride-price")) { price.nodes }
            el(.input, attributes: input)
        }
    }

    private func selectedSummary(_ schedule: FareSchedule) -> String? {
        guard let estimate, isReachable(estimate), let selected, let rideType = schedule.rideType(id: selected)
        else { return nil }
        let name = rideType.name.text(in: strings.language)
        return strings.selectedSummary(name, rideType.capacity, price(of: rideType, schedule: schedule).text)
    }

    /// The "Share my location" button, shown by the script only where the browser can locate.
    private var locator: Node {
        el(.div, .class("ride-locate")) {
            el(
                .button, .class("ride-button share-location"), .type("button"), Attribute("hidden", nil),
                .data("locating", strings.locating), .data("denied", strings.locationDenied),
                .data("unavailable", strings.locationUnavailable), .data("timeout", strings.locationTimeout)
            ) {
                Self.locateIcon
                strings.shareLocation
            }
            el(.p, .class("ride-locate-status"), Attribute("role", "status")) {}
        }
    }

    /// A field for a typed position, for browsers without JavaScript or geolocation.
    private func manualPosition(action: String) -> Node {
        // `details` and `summary` are not in `Tag`; the public `element` takes any name.
        element("details", [.class("ride-manual")]) {
            element("summary") { strings.enterPosition }
            el(.form, Attribute("method", "get"), Attribute("action", action)) {
                if let selected {
                    el(.input, .type("hidden"), .name("ride"), .value(selected.rawValue))
                }
                el(.label, Attribute("for", "near-input")) { strings.positionLabel }
                el(.div, .class("ride-manual-row")) {
                    el(
                        .input, .type("text"), .name("near"), .id("near-input"), Attribute("inputmode", "decimal"),
                        Attribute("autocomplete", "off"), Attribute("required", nil),
                        Attribute("aria-describedby", "near-hint"))
                    el(.button, .class("ride-button quiet"), .type("submit")) { strings.usePosition }
                }
                el(.small, .class("meta"), .id("near-hint")) { strings.positionHint }
            }
        }
    }

    /// The cards' script (`Resources/Assets/rides.js`), versioned so browsers may cache it: a chosen card is
    /// summarised at once, and "Share my location" asks the browser for a position. The page works without it.
    static var scriptPath: String { Assets.path("rides.js") }

    private static let carIcon = Node.svg("ride-car")

    private static let seatIcon = Node.svg("ride-seat")

    private static let locateIcon = Node.svg("ride-locate")
}
