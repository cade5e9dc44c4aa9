extension Stylesheet {
    /// The ride estimate cards on the place page.
    static let rides = """
        .rides [hidden]{display:none!important}
        .rides{min-width:0;word-break:keep-all;overflow-wrap:break-word}
        .rides-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:2px 12px;\
        margin-bottom:12px}
        .panel .rides-head h2{margin:0}
        .rides-head .meta{font-variant-numeric:tabular-nums}
        .rides-why{margin:0 0 12px}
        .ride-locate{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;margin:0 0 14px}
        .ride-locate-status{margin:0;font-size:.9rem;color:var(--muted)}
        .ride-locate-status:empty{display:none}
        .ride-options{border:0;margin:0;padding:2px;min-width:0;display:grid;grid-auto-flow:column;\
        grid-auto-columns:minmax(100px,1fr);gap:8px;overflow-x:auto;scroll-snap-type:x mandatory;scrollbar-width:thin}
        .ride-legend{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        .ride{display:flex;flex-direction:column;align-items:center;gap:2px;min-width:0;padding:10px 6px;\
        text-align:center;border:1.5px solid var(--line);border-radius:12px;background:var(--bg);cursor:pointer;\
        scroll-snap-align:start}
        .ride:hover{border-color:var(--accent)}
        .ride-icon{color:var(--muted);margin-bottom:2px}
        .ride-name{font-weight:650;font-size:.92rem;line-height:1.25}
        .ride-seats{display:inline-flex;align-items:center;gap:3px;font-size:.8rem;color:var(--muted)}
        .ride-price{font-weight:700;font-size:.95rem;line-height:1.3;margin:4px 0 8px;font-variant-numeric:tabular-nums}
        .ride-price span{display:inline-block;white-space:nowrap}
        .ride input{margin:auto 0 0;width:18px;height:18px;accent-color:var(--accent)}
        .ride:has(input:checked){border-color:var(--accent);background:var(--accent-soft);\
        box-shadow:inset 0 0 0 1px var(--accent)}
        .ride:has(input:checked) .ride-icon{color:var(--accent)}
        .ride:has(input:focus-visible){outline:3px solid var(--accent);outline-offset:2px}
        @supports not selector(:has(a)){.ride.selected{border-color:var(--accent);background:var(--accent-soft)}}
        .ride-summary{margin:12px 0 0;font-weight:600}
        .ride-button{display:inline-flex;align-items:center;gap:8px;min-height:44px;padding:9px 18px;border:0;\
        border-radius:999px;background:var(--accent);color:var(--bg);font:inherit;font-weight:600;cursor:pointer}
        .ride-button.quiet{background:var(--chip);color:var(--text)}
        .ride-button:disabled{opacity:.6;cursor:progress}
        .ride-choose{margin-top:12px}
        .ride-manual{margin-top:14px}
        .ride-manual summary{cursor:pointer;color:var(--accent);font-weight:600;font-size:.95rem}
        .ride-manual form{display:grid;gap:6px;margin-top:10px}
        .ride-manual label{font-size:.9rem;color:var(--muted)}
        .ride-manual-row{display:flex;gap:8px}
        .ride-manual input{flex:1 1 auto;width:0;min-width:0;padding:8px 12px;border:1px solid var(--line);border-radius:10px;\
        background:var(--bg);color:var(--text);font:inherit}
        .rides-note{margin-top:12px;font-size:.82rem}
        @media (min-width:760px){.ride-options{grid-auto-columns:minmax(150px,210px)}.ride{padding:14px 10px 12px}}
        """
}
