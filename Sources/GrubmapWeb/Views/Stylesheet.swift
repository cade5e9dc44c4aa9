/// The one small style sheet, served as the fingerprinted asset `app.css`: mobile first, light and dark, system
/// fonts.
///
/// Each feature keeps its rules in its own part (`Stylesheet+Rides.swift`, …); ``css`` joins them.
enum Stylesheet {
    /// Every part, in order.
    static let css = [base, rides, checkIns, map, avatarHues, menus, board, console, areas, offline].joined(
        separator: "\n")

    /// The layout, the lists, forms and onboarding.
    ///
    /// The colours are custom properties, one set per theme; `ContrastTests` reads both sets from here and checks
    /// every text and control pair the pages use against WCAG's ratios (4.5:1 for text, 3:1 for controls), so a
    /// new colour or pair belongs there too. `--on-accent` is text on the accent; `--control` outlines fields.
    static let base = """
        :root{--bg:#f6f4f1;--card:#fff;--text:#1c1917;--muted:#6b645d;--line:#e7e2dc;--accent:#c2410c;\
        --accent-soft:#ffedd5;--chip:#efeae4;--on-accent:#fff;--control:#857c73;--problem:#b91c1c;--radius:14px;\
        --shadow:0 1px 2px rgb(0 0 0/.06),0 2px 8px rgb(0 0 0/.04);color-scheme:light dark}
        @media (prefers-color-scheme:dark){:root{--bg:#141210;--card:#1f1c19;--text:#f5f1ec;--muted:#a8a097;\
        --line:#332e29;--accent:#fb923c;--accent-soft:#3b2414;--chip:#2a2622;--on-accent:#141210;--control:#857b71;\
        --problem:#fca5a5;--shadow:none}}
        @media (prefers-contrast:more){:root{--muted:var(--text);--line:var(--control);--shadow:none}\
        a{text-decoration-thickness:2px}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%;scroll-padding-top:128px}
        body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",\
        Roboto,"Noto Sans","Noto Sans KR","Apple SD Gothic Neo","Malgun Gothic",sans-serif}
        [lang|=ko]{word-break:keep-all;overflow-wrap:break-word}[lang|=en]{word-break:normal}
        a{color:var(--accent)}
        :focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        a:focus-visible,button:focus-visible,summary:focus-visible{border-radius:6px}
        main:focus{outline:none}
        .skip{position:absolute;left:12px;top:-999px;z-index:9;background:var(--card);color:var(--accent);\
        padding:10px 14px;border-radius:10px;font-weight:650;box-shadow:var(--shadow)}
        .skip:focus{top:12px}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        .top{background:var(--card);border-bottom:1px solid var(--line);position:sticky;top:0;z-index:5}
        .top-inner{max-width:1040px;margin:0 auto;padding:10px 16px;display:flex;gap:12px;align-items:center;\
        flex-wrap:wrap}
        .brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:1.15rem;color:var(--text);\
        text-decoration:none}
        .logo{color:var(--accent)}
        .areas{display:flex;gap:6px;overflow-x:auto;scrollbar-width:none;flex:1 1 100%;padding-bottom:2px}
        .chip{flex:none;padding:6px 12px;border-radius:999px;background:var(--chip);color:var(--text);\
        text-decoration:none;font-size:.9rem;white-space:nowrap}
        .chip[aria-current=page]{background:var(--accent);color:var(--on-accent)}
        main{max-width:1040px;margin:0 auto;padding:20px 16px 48px}
        h1{font-size:1.6rem;line-height:1.2;margin:0 0 4px}
        h2{font-size:1.1rem;margin:28px 0 10px}
        .subtitle{color:var(--muted);margin:0 0 4px}
        .meta{color:var(--muted);font-size:.9rem;margin:0}
        .toolbar{display:flex;align-items:center;gap:8px;margin:18px 0 12px;flex-wrap:wrap}
        .toolbar .label{color:var(--muted);font-size:.9rem}
        .segmented{display:inline-flex;background:var(--chip);border-radius:999px;padding:3px}
        .segmented a{padding:5px 14px;border-radius:999px;color:var(--text);text-decoration:none;font-size:.9rem}
        .segmented a[aria-current=true]{background:var(--card);box-shadow:var(--shadow);font-weight:600}
        .places{list-style:none;margin:0;padding:0;display:grid;gap:10px}
        .card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);box-shadow:var(--shadow)}
        .place{display:block;padding:14px 16px;color:var(--text);text-decoration:none}
        .place:hover{border-color:var(--accent)}
        .place-name{font-weight:650;font-size:1.05rem;display:block}
        .place-alt{color:var(--muted);font-size:.9rem}
        .place-line{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;margin-top:6px;font-size:.88rem;\
        color:var(--muted)}
        .kind{background:var(--accent-soft);color:var(--accent);border-radius:999px;padding:1px 10px;font-weight:600;\
        font-size:.8rem}
        .distance{display:inline-flex;align-items:center;gap:4px;color:var(--text);font-weight:600}
        .empty{padding:24px;text-align:center;color:var(--muted)}
        .back{display:inline-flex;align-items:center;gap:6px;text-decoration:none;font-size:.95rem;margin-bottom:14px}
        .detail{display:grid;gap:16px}
        .panel{padding:16px 18px}
        .panel h2{margin:0 0 10px}
        .description{margin:12px 0 0;font-size:1.02rem}
        .facts{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:10px 16px}
        .facts dt{color:var(--muted);font-size:.9rem}
        .facts dd{margin:0;overflow-wrap:anywhere}
        .map-apps{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}
        .map-app{display:inline-flex;align-items:center;min-height:40px;padding:6px 14px;border-radius:999px;\
        background:var(--chip);color:var(--text);text-decoration:none;font-weight:600;font-size:.92rem}
        .map-app:hover{background:var(--accent-soft);color:var(--accent)}
        .coordinates{margin-top:8px;font-variant-numeric:tabular-nums}
        .hours{border-collapse:collapse;width:100%}
        .hours th{text-align:left;font-weight:500;padding:6px 12px 6px 0;color:var(--muted)}
        .hours td{padding:6px 0;font-variant-numeric:tabular-nums}
        .hours tr+tr>*{border-top:1px solid var(--line)}
        .hours-note{margin-top:10px;font-size:.8rem}
        .open-state{margin:0 0 10px}
        .hours-exceptions{list-style:none;margin:0 0 12px;padding:0;display:grid;gap:6px}
        .hours-exceptions li{padding:8px 12px;border-radius:10px;background:var(--accent-soft)}
        .error{text-align:center;padding:48px 16px}
        .error p{color:var(--muted)}
        .icon{vertical-align:-2px}
        .icon-sprite{position:absolute;width:0;height:0;overflow:hidden}
        @media (min-width:760px){
        html{scroll-padding-top:88px}
        .areas{flex:1 1 auto;justify-content:flex-end;order:1;margin-left:auto}
        .settings-link{margin-left:0}
        h1{font-size:2rem}
        .places{grid-template-columns:repeat(2,minmax(0,1fr))}
        .detail{grid-template-columns:3fr 2fr;align-items:start}
        .detail .wide{grid-column:1/-1}}
        @media (prefers-reduced-motion:no-preference){.place{transition:border-color .15s}}
        .settings-link{order:2;margin-left:auto;color:var(--muted);display:flex;padding:6px;border-radius:999px}
        .areas{order:3}
        .settings-link:hover{color:var(--text);background:var(--chip)}
        .button{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:44px;padding:0 20px;\
        border-radius:999px;border:0;background:var(--accent);color:var(--on-accent);font:inherit;font-weight:650;\
        text-decoration:none;cursor:pointer}
        .button.secondary{background:var(--chip);color:var(--text)}
        .button.ghost{background:transparent;color:var(--muted);padding:0 12px}
        .button[hidden]{display:none}
        .button:disabled{opacity:.6}
        .notice{background:var(--accent-soft);border-radius:12px;padding:10px 14px;margin:12px 0;font-size:.95rem}
        .notice.success{background:#dcfce7;color:#14532d}
        @media (prefers-color-scheme:dark){.notice.success{background:#14321f;color:#bbf7d0}}
        .locate{margin:14px 0 4px}
        .locate-status{color:var(--muted);margin:8px 0}
        .onboarding{display:flex;justify-content:center}
        .sheet{width:100%;max-width:560px;padding:20px 20px 16px;position:relative}
        .sheet-head{display:flex;align-items:flex-start;gap:12px}
        .sheet-head h1{flex:1;font-size:1.55rem}
        .close{border:0;background:var(--chip);color:var(--text);border-radius:999px;width:40px;height:40px;\
        display:grid;place-items:center;cursor:pointer;flex:none}
        .slide h2{margin:18px 0 4px;font-size:1.1rem;color:var(--accent)}
        .features{list-style:none;margin:8px 0 0;padding:0;display:grid;gap:18px}
        .features li{display:flex;gap:14px;align-items:flex-start}
        .features h3{margin:2px 0 2px;font-size:1.02rem}
        .features p{margin:0;color:var(--muted)}
        .feature-badge{flex:none;width:48px;height:48px;border-radius:14px;background:var(--accent-soft);\
        color:var(--accent);display:grid;place-items:center}
        .sheet-foot{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px;\
        margin-top:24px}
        .onboarding-basic .sheet-foot{position:sticky;bottom:0;background:var(--card);padding:12px 0 4px;\
        margin-bottom:-4px}
        .onboarding-basic .sheet-foot .button{width:100%}
        .actions{display:flex;gap:8px;margin-left:auto}
        .dots{display:flex;gap:4px}
        .dot{min-width:24px;height:24px;display:grid;place-items:center;border-radius:999px}
        .dot::before{content:"";width:10px;height:10px;border-radius:5px;background:var(--control)}
        .dot[aria-current=step]::before{background:var(--accent);width:24px}
        .pause-button[hidden]{display:none}
        .pause-button .icon-play,.pause-button[data-state=paused] .icon-pause{display:none}
        .pause-button[data-state=paused] .icon-play{display:block}
        .bars{display:flex;gap:6px;margin-bottom:16px}
        .bar{flex:1;height:4px;border-radius:2px;background:var(--line);overflow:hidden}
        .bar .fill{display:block;height:100%;background:var(--accent);transform-origin:left;transform:scaleX(0)}
        .bar[data-state=done] .fill{transform:scaleX(1)}
        .settings{display:grid;gap:20px;margin-top:16px}
        .field{border:0;margin:0;padding:0;display:grid;gap:8px}
        .field legend,.field label{font-weight:650;padding:0;margin-bottom:4px}
        .field>*{min-width:0}.field select,.field input{max-width:100%}
        .field select{font:inherit;padding:10px 12px;border-radius:10px;border:1px solid var(--control);\
        background:var(--bg);color:var(--text)}
        .choices{display:grid;gap:8px}
        .field .choice{display:flex;gap:10px;align-items:flex-start;padding:10px 12px;border:1px solid var(--line);\
        border-radius:12px;cursor:pointer;font-weight:400;margin:0}
        .choice:has(input:checked){border-color:var(--accent);background:var(--accent-soft)}
        .choice input{margin-top:4px;accent-color:var(--accent)}
        .choice span{display:grid}
        .choice small{color:var(--muted)}
        .replay{margin-top:16px;display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between}
        .replay .meta{margin:0}
        .error-summary{border:2px solid var(--problem);border-radius:12px;padding:12px 16px;margin:12px 0;\
        background:var(--card)}
        .error-summary h2{margin:0 0 6px;font-size:1.05rem}
        .error-summary ul{margin:0;padding-left:20px}
        .error-summary a{color:var(--problem);font-weight:600}
        @media (prefers-reduced-motion:reduce){*,::before,::after{scroll-behavior:auto!important;\
        transition:none!important;animation:none!important}}
        @media (forced-colors:active){.chip[aria-current=page],.segmented a[aria-current=true],.day[aria-current=page],\
        .dot[aria-current=step]{outline:2px solid Highlight;outline-offset:1px}\
        .dot::before,.bar,.bar .fill{forced-color-adjust:none;background:CanvasText}.dot::before{background:GrayText}\
        .dot[aria-current=step]::before{background:Highlight}.button,.close{border:1px solid ButtonText}}
        @media (min-width:760px){.sheet{padding:28px 32px 24px;margin-top:24px}.choices{grid-template-columns:repeat(3,1fr)}}
        """
}
