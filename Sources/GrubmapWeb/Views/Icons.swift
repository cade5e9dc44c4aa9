/// Grubmap's own small inline SVG icons: constant markup, so raw is safe here.
enum Icons {
    /// A map pin with a fork and knife inside, in the accent colour.
    static let logo = Node.raw(
        """
        <svg class="logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">\
        <path d="M16 2C9.9 2 5 6.9 5 13c0 8.2 9.6 16.1 10.4 16.8a1 1 0 0 0 1.2 0C17.4 29.1 27 21.2 27 13 \
        27 6.9 22.1 2 16 2z" fill="currentColor"/>\
        <path d="M12 8v5.5a2 2 0 0 0 1.5 1.9V21h1.6v-5.6a2 2 0 0 0 1.5-1.9V8h-1.2v4.6h-.8V8h-1.2v4.6h-.8V8z\
        M19.6 8c-1.3.6-2 2.3-2 4.6v3h1.4V21h1.6V8z" fill="#fff"/></svg>
        """)

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
    static let sprite = Node.raw(
        """
        <svg class="icon-sprite" aria-hidden="true" focusable="false">\
        <symbol id="icon-star" viewBox="0 0 24 24">\
        <path d="m12 3.2 2.7 5.5 6 .9-4.35 4.24 1.03 6L12 17.02l-5.38 2.82 1.03-6L3.3 9.6l6-.9z" \
        stroke="currentColor" stroke-width="1.7" stroke-linejoin="round"/></symbol>\
        <symbol id="icon-distance" viewBox="0 0 16 16">\
        <path d="M14.5 1.5 1.8 6.9l5 1.3 1.3 5z" fill="none" stroke="currentColor" stroke-width="1.6" \
        stroke-linejoin="round"/></symbol></svg>
        """)

    /// A small location arrow for distances (``sprite``'s `icon-distance`).
    static let distance = Node.raw(
        ##"<svg class="icon" width="14" height="14" aria-hidden="true"><use href="#icon-distance"/></svg>"##)

    /// A chevron pointing back.
    static let back = Node.raw(
        """
        <svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">\
        <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" \
        stroke-linejoin="round"/></svg>
        """)

    /// The feature icons onboarding content may name, drawn on a 24-unit grid with round strokes.
    static let featurePaths: [String: String] = [
        "map-pin":
            "<path d=\"M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z\"/><circle cx=\"12\" cy=\"9.5\" r=\"2.5\"/>",
        "menu": "<rect x=\"5\" y=\"3\" width=\"14\" height=\"18\" rx=\"2\"/><path d=\"M9 8h6M9 12h6M9 16h4\"/>",
        "check-in": "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"m8 12.5 2.8 2.8L16.5 9.5\"/>",
        "friends": "<circle cx=\"9\" cy=\"8.5\" r=\"3\"/><circle cx=\"16.5\" cy=\"9.5\" r=\"2.5\"/>"
            + "<path d=\"M3.5 19a5.5 5.5 0 0 1 11 0M14 14.6a4.5 4.5 0 0 1 6.5 4.4\"/>",
        "car":
            "<path d=\"M5 16V12l2-5h10l2 5v4\"/><path d=\"M4 16h16v2H4z\"/><circle cx=\"7.5\" cy=\"18.5\" r=\"1.5\"/>"
            + "<circle cx=\"16.5\" cy=\"18.5\" r=\"1.5\"/><path d=\"M5 12h14\"/>",
        "star": "<path d=\"m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z\"/>",
    ]

    /// The names onboarding content may use.
    static var featureNames: Set<String> { Set(featurePaths.keys) }

    /// A feature icon by name; an unknown name draws nothing (content is checked when it is loaded).
    static func feature(_ name: String) -> Node {
        Node.raw(
            "<svg class=\"feature-icon\" viewBox=\"0 0 24 24\" width=\"28\" height=\"28\" aria-hidden=\"true\" "
                + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\" "
                + "stroke-linejoin=\"round\">" + (featurePaths[name] ?? "") + "</svg>")
    }

    /// A gear, for the settings link.
    static let settings = Node.raw(
        """
        <svg class="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" \
        stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"><path d="M9.97 4.68 10.28 2.15h3.44l.31 \
        2.53 1.72.71 2-1.57 2.43 2.43-1.57 2 .71 1.72 2.53.31v3.44l-2.53.31-.71 1.72 1.57 2-2.43 2.43-2-1.57-1.72\
        .71-.31 2.53h-3.44l-.31-2.53-1.72-.71-2 1.57-2.43-2.43 1.57-2-.71-1.72-2.53-.31v-3.44l2.53-.31.71-1.72-1.57\
        -2 2.43-2.43 2 1.57z"/><circle cx="12" cy="12" r="3.2"/></svg>
        """)

    /// A close cross.
    static let close = Node.raw(
        """
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" \
        stroke-width="2" stroke-linecap="round"><path d="M6 6l12 12M18 6 6 18"/></svg>
        """)

    /// Two bars: pause the pages that move on by themselves.
    static let pause = Node.raw(
        """
        <svg class="icon-pause" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">\
        <rect x="6" y="5" width="4" height="14" rx="1"/><rect x="14" y="5" width="4" height="14" rx="1"/></svg>
        """)

    /// A triangle: let the pages move on again.
    static let play = Node.raw(
        """
        <svg class="icon-play" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">\
        <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10-6.5a1 1 0 0 0 0-1.7l-10-6.5A1 1 0 0 0 8 5.5z"/></svg>
        """)
}
