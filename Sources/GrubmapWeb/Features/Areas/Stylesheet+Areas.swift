extension Stylesheet {
    /// The area page's list pages ("More") and the line under a map that shows some of many places.
    static let areas = """
        .pager{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:10px 16px;\
        margin:18px 2px 8px}
        .pager .meta{margin:0}
        .pager-links{display:flex;flex-wrap:wrap;gap:8px}
        .map-note{margin:8px 4px 0}
        """
}
