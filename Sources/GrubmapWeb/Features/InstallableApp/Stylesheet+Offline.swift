extension Stylesheet {
    /// The "saved at HH:MM, offline" line over a saved page, the offline page, and the installed app's window: with
    /// no browser bar, the header keeps clear of the phone's status bar.
    static let offline = """
        .offline-banner{margin:0 0 12px;padding:8px 14px;border-radius:var(--radius);background:var(--chip);\
        color:var(--text);font-weight:600}
        .offline-banner[hidden],.offline-refused[hidden]{display:none}
        .offline{padding:16px 20px}
        .offline-refused{padding:8px 12px;border-left:4px solid var(--problem);background:var(--card);font-weight:600}
        @media (display-mode:standalone){.top{padding-top:env(safe-area-inset-top)}}
        """
}
