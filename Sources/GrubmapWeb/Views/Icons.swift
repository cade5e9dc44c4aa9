/// Grubmap's own small SVG icons that several features draw, each a file in `Resources/Assets/icons`.
enum Icons {
    /// A map pin with a fork and knife inside, in the accent colour.
    static let logo = Node.svg("logo")

    /// The logo as a percent-encoded data URI for the favicon.
    static let faviconDataURI =
        "%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Cpath d='M16 2C9.9 2 5 6.9 5 13c0 8.2 9.6 "
        + "16.1 10.4 16.8a1 1 0 0 0 1.2 0C17.4 29.1 27 21.2 27 13 27 6.9 22.1 2 16 2z' fill='%23c2410c'/%3E%3C/svg%3E"

    /// The icons a page repeats on every row of a list, drawn once in ``sprite`` and referred to by `<use>` from
    /// each row: a list of fifty places wrote the star's and the arrow's paths fifty times each.
    ///
    /// - `icon-star`: a five-pointed star outlined in the text colour; its `fill` comes from the referring `svg`
    ///   (CSS fills a pressed star's).
    /// - `icon-distance`: a small location arrow.
    /// - `icon-line-none`, `icon-line-short`, `icon-line-long`, `icon-line-very-long`: a tick, then one, two and
    ///   three bars, the levels of ``BusyBadge`` told apart by shape.
    static let sprite = Node.svg("sprite")

    /// A small location arrow for distances (``sprite``'s `icon-distance`).
    static let distance = Node.svg("distance")

    /// A chevron pointing back.
    static let back = Node.svg("back")

    /// The names onboarding content may use: the drawings `icons/feature-{name}.svg`, on a 24-unit grid with round
    /// strokes.
    static let featureNames = Set(
        InlineSVG.all.keys.filter { $0.hasPrefix(featurePrefix) }.map { String($0.dropFirst(featurePrefix.count)) })

    private static let featurePrefix = "feature-"

    /// A feature icon by name; an unknown name draws nothing (content is checked when it is loaded).
    static func feature(_ name: String) -> Node {
        InlineSVG.all[featurePrefix + name].map(Node.svg) ?? .fragment([])
    }

    /// A gear, for the settings link.
    static let settings = Node.svg("settings")

    /// A close cross.
    static let close = Node.svg("close")

    /// Two bars: pause the pages that move on by themselves.
    static let pause = Node.svg("pause")

    /// A triangle: let the pages move on again.
    static let play = Node.svg("play")
}
