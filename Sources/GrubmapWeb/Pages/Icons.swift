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

    /// A small location arrow for distances.
    static let distance = Node.raw(
        """
        <svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">\
        <path d="M14.5 1.5 1.8 6.9l5 1.3 1.3 5z" fill="none" stroke="currentColor" stroke-width="1.6" \
        stroke-linejoin="round"/></svg>
        """)

    /// A chevron pointing back.
    static let back = Node.raw(
        """
        <svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">\
        <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" \
        stroke-linejoin="round"/></svg>
        """)
}
