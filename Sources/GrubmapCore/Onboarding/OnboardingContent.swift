/// What onboarding says, in one language: read from a data file, so organisers can write their own.
///
/// Every language's file must have the same version and the same shape (pages and rows), so a person who
/// switches language sees the same onboarding.
public struct OnboardingContent: Codable, Hashable, Sendable {
    /// One feature: an icon name (one Grubmap draws), a title and a sentence or two.
    public struct Row: Codable, Hashable, Sendable {
        public var icon: String
        public var title: String
        public var text: String

        public init(icon: String, title: String, text: String) {
            self.icon = icon
            self.title = title
            self.text = text
        }
    }

    /// One screen's worth of rows.
    public struct Page: Codable, Hashable, Sendable {
        public var title: String
        public var rows: [Row]

        public init(title: String, rows: [Row]) {
            self.title = title
            self.rows = rows
        }
    }

    /// Raised when the content changes; people who saw an older version see it again.
    public var version: Int
    /// The heading of the whole onboarding, like "Welcome to Grubmap".
    public var title: String
    /// The heading shown instead of ``title`` to people who saw an older version.
    public var whatsNewTitle: String
    public var pages: [Page]

    public init(version: Int, title: String, whatsNewTitle: String, pages: [Page]) {
        self.version = version
        self.title = title
        self.whatsNewTitle = whatsNewTitle
        self.pages = pages
    }

    /// Every row of every page, in order, for the one-sheet style.
    public var allRows: [Row] { pages.flatMap(\.rows) }

    /// Why this content can't be shown (no pages, an empty page, blank text, a bad version), or `nil`.
    public func problem(knownIcons: Set<String>) -> String? {
        guard version >= 1 else { return "version must be 1 or more" }
        guard !title.trimmingSpaces.isEmpty, !whatsNewTitle.trimmingSpaces.isEmpty else {
            return "title and whatsNewTitle must not be empty"
        }
        guard !pages.isEmpty else { return "there must be at least one page" }
        for (pageIndex, page) in pages.enumerated() {
            guard !page.rows.isEmpty else { return "page \(pageIndex + 1) has no rows" }
            for (rowIndex, row) in page.rows.enumerated() {
                let place = "page \(pageIndex + 1), row \(rowIndex + 1)"
                guard knownIcons.contains(row.icon) else {
                    return
                        "\(place): unknown icon \"\(row.icon)\" (known: \(knownIcons.sorted().joined(separator: ", ")))"
                }
                guard !row.title.trimmingSpaces.isEmpty, !row.text.trimmingSpaces.isEmpty else {
                    return "\(place): title and text must not be empty"
                }
            }
        }
        return nil
    }

    /// Whether `other` has the same version and shape, as translations of one content must.
    public func matchesShape(of other: OnboardingContent) -> Bool {
        version == other.version && pages.map(\.rows.count) == other.pages.map(\.rows.count)
            && allRows.map(\.icon) == other.allRows.map(\.icon)
    }
}
