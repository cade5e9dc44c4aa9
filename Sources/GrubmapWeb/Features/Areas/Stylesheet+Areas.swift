extension Stylesheet {
    /// The area page's list pages ("More"), the line under a map that shows some of many places, and the areas to
    /// choose from.
    static let areas = """
        .pager{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:10px 16px;\
        margin:18px 2px 8px}
        .pager .meta{margin:0}
        .pager-links{display:flex;flex-wrap:wrap;gap:8px}
        .map-note{margin:8px 4px 0}
        .chooser-intro{margin:0 0 16px}
        .chooser-intro+.locate{margin:0 0 16px}
        .area-choices>li{display:grid}
        @media (min-width:720px){.area-choices{grid-template-columns:repeat(2,1fr)}}
        """
}
