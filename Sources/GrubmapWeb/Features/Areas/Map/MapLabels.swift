import GrubmapCore

/// The names on the map: the venue's (the area's landmark, at its centre) and each pin's, where they fit, placed as
/// street names are (``LabelPlacement``): never over another name, a pin, a cluster or the map's controls. The
/// venue goes first, then the place whose card is open, then the pins north to south; a name that fits beside its
/// pin on no side is left out (the pin still says it to screen readers and in its card).
struct MapLabels {
    /// A name beside a pin or the venue, in the view's pixels.
    struct Label {
        let text: String
        /// The language of the name when it is not the page's.
        let language: String?
        let placed: LabelPlacement.Beside

        /// Where the text starts and how it is anchored (`text-anchor`): against the marker, whichever side it is on.
        var anchor: (x: Double, y: Double, textAnchor: String) {
            let box = placed.box
            let baseline = box.center.y + 4
            switch placed.side {
            case .right: return (box.minX + 1, baseline, "start")
            case .left: return (box.maxX - 1, baseline, "end")
            case .below, .above: return (box.center.x, baseline, "middle")
            }
        }
    }

    /// The size of a pin's name in pixels; the style sheet draws it at this size.
    static let fontSize = 12.0
    /// The size of the venue's name.
    static let venueFontSize = 13.0
    /// How much wider the names' bold letters run than ``TextMetrics``' estimate of regular ones: without it,
    /// "AC Kitchen & Lounge" left of its pin ran past the map's edge.
    static let bold = 1.12

    /// The venue's name, when the venue is in view and its name fits.
    private(set) var venue: Label?
    /// The name of each pin that got one.
    private(set) var pins: [Place.ID: Label] = [:]

    /// Where the venue is drawn (its mark, a diamond of ``venueMarkRadius``), in the view's pixels.
    static let venueMarkRadius = 9.0

    /// Places the venue's name (the first of `venueNames` that fits: its full name, then its short one) beside its
    /// mark at `venuePoint`, then the pins' names.
    init(
        markers: [MapMarkers.Marker], venuePoint: PlanePoint?, venueNames: [LocalizedText], viewport: MapViewport,
        language: Language, selected: Place.ID?
    ) {
        var placement = LabelPlacement(bounds: viewport.rect.insetBy(3), cell: 24)
        for marker in markers { placement.block(marker.footprint.outsetBy(1)) }
        for control in MapControls.boxes(width: Double(viewport.width), height: Double(viewport.height)) {
            placement.block(control)
        }
        if let venuePoint {
            let mark = PlaneRect(
                minX: venuePoint.x - Self.venueMarkRadius, minY: venuePoint.y - Self.venueMarkRadius,
                maxX: venuePoint.x + Self.venueMarkRadius, maxY: venuePoint.y + Self.venueMarkRadius)
            placement.block(mark)
            for name in venueNames {
                let shown = name.shown(in: language)
                let width = TextMetrics.estimatedWidth(of: shown.text, fontSize: Self.venueFontSize) * Self.bold + 2
                if let placed = placement.place(
                    labelWidth: width, height: Self.venueFontSize + 3, beside: mark.outsetBy(1))
                {
                    venue = Label(
                        text: shown.text, language: shown.language == language.rawValue ? nil : shown.language,
                        placed: placed)
                    break
                }
            }
        }
        var pinMarkers: [(listed: ListedPlace, point: PlanePoint, footprint: PlaneRect)] = []
        for marker in markers {
            if case .pin(let listed, let point, _) = marker { pinMarkers.append((listed, point, marker.footprint)) }
        }
        // The open card's place first: its name is the one the person is looking at.
        let (chosen, others) = (
            pinMarkers.filter { $0.listed.place.id == selected }, pinMarkers.filter { $0.listed.place.id != selected }
        )
        let ordered = chosen + others
        for pin in ordered {
            let shown = pin.listed.place.name.shown(in: language)
            let width = TextMetrics.estimatedWidth(of: shown.text, fontSize: Self.fontSize) * Self.bold + 2
            guard
                let placed = placement.place(
                    labelWidth: width, height: Self.fontSize + 3, beside: pin.footprint.outsetBy(1),
                    middleY: pin.point.y - 23)
            else { continue }
            pins[pin.listed.place.id] = Label(
                text: shown.text, language: shown.language == language.rawValue ? nil : shown.language, placed: placed)
        }
    }

    /// The boxes of every name placed: what street names keep off, besides the markers.
    var boxes: [PlaneRect] {
        (venue.map { [$0.placed.box] } ?? [])
            + pins.values.map(\.placed.box).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }
}
