extension Stylesheet {
    /// The line over an offline copy, what an offline copy leaves out (what needs a network and the person: stars,
    /// the location button, "Open Grubmap here"), the offline page, a change refused in place and the toast that
    /// confirms or refuses one for a few seconds (a server-written one goes by itself after 8 s), and the installed
    /// app's window: with no browser bar, the header keeps clear of the phone's status bar.
    static let offline = """
        .offline-banner{margin:0 0 12px;padding:8px 14px;border-radius:var(--radius);background:var(--chip);\
        color:var(--text);font-weight:600}
        .offline-banner[hidden],.offline-refused[hidden]{display:none}
        [data-offline-copy] .bookmark-button,[data-offline-copy] .locate,[data-offline-copy] form.default-area{\
        display:none}
        .offline{padding:16px 20px}
        .offline-refused,.change-refused{padding:8px 12px;border-left:4px solid var(--problem);background:var(--card);\
        color:var(--text);font-weight:600}
        .change-refused{margin:10px 0 0;border-radius:0 8px 8px 0}
        .toast{position:fixed;z-index:10;left:50%;bottom:calc(16px + env(safe-area-inset-bottom));\
        transform:translateX(-50%);width:max-content;max-width:min(480px,calc(100vw - 32px));margin:0;\
        padding:12px 16px;border-radius:12px;background:var(--text);color:var(--bg);font-weight:600;\
        box-shadow:0 4px 16px rgb(0 0 0/.25)}
        .toast[hidden]{display:none}
        .toast[data-flash]{animation:toast-gone 0s 8s forwards}
        @keyframes toast-gone{to{visibility:hidden}}
        @media (display-mode:standalone){.top{padding-top:env(safe-area-inset-top)}}
        """
}
