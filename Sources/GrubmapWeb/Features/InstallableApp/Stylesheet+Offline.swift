extension Stylesheet {
    /// The "saved at HH:MM, offline" line over a saved page, and the offline page.
    static let offline = """
        .offline-banner{margin:0 0 12px;padding:8px 14px;border-radius:var(--radius);background:var(--chip);\
        color:var(--text);font-weight:600}
        .offline-banner[hidden],.offline-refused[hidden]{display:none}
        .offline{padding:16px 20px}
        .offline-refused{padding:8px 12px;border-left:4px solid var(--problem);background:var(--card);font-weight:600}
        """
}
