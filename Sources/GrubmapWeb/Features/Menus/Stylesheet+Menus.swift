extension Stylesheet {
    /// The place page's menu and day selector, the allergen boxes, the bookmark stars and the default-area button.
    static let menus = """
        .menu{min-width:0;scroll-margin-top:116px}
        .menu-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:2px 12px;\
        margin-bottom:12px}
        .panel .menu-head h2{margin:0}
        .menu-date{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 8px}
        .menu-today{background:var(--accent-soft);color:var(--accent);border-radius:999px;padding:0 8px;font-weight:650;\
        font-size:.78rem}
        .menu-back{font-weight:600}
        .days{display:grid;grid-template-columns:repeat(7,minmax(0,1fr));gap:4px;margin:0 0 14px}
        .day{display:flex;flex-direction:column;align-items:center;min-height:48px;padding:5px 0 4px;border-radius:12px;\
        border:1.5px solid transparent;color:var(--text);text-decoration:none;line-height:1.25}
        .day:hover{background:var(--chip)}
        .day-name{font-size:.74rem;font-weight:600;color:var(--muted)}
        .day-number{font-size:1.05rem;font-weight:650;font-variant-numeric:tabular-nums}
        .day-mark{width:5px;height:5px;margin-top:2px;border-radius:50%}
        .day[data-kind=serving] .day-mark{background:var(--accent)}
        .day[data-kind=closed] .day-mark{box-shadow:inset 0 0 0 1.2px var(--muted)}
        :lang(ko) .day:first-child:not([aria-current],[data-today]) .day-name{color:#dc2626}
        :lang(ko) .day:last-child:not([aria-current],[data-today]) .day-name{color:#2563eb}
        .day[data-today]{border-color:var(--accent)}
        .day[data-today] .day-name{color:var(--accent)}
        .day[aria-current=page]{background:var(--accent);border-color:var(--accent);color:var(--card)}
        .day[aria-current=page] .day-name{color:var(--card)}
        .day[aria-current=page] .day-mark{background:var(--card);box-shadow:none}
        .menu-message{padding:20px 16px;border-radius:12px;background:var(--bg);text-align:center}
        .menu-message p{margin:0}
        .menu-message .meta{margin-top:4px}
        .menu-categories{display:grid;gap:10px;align-items:start}
        .menu-category{min-width:0;border:1px solid var(--line);border-radius:12px;background:var(--bg)}
        .menu-category.now{border-color:var(--accent);box-shadow:inset 0 0 0 1px var(--accent)}
        .menu-category summary{display:grid;grid-template-columns:minmax(0,1fr) auto;align-items:center;gap:0 10px;\
        min-height:48px;padding:8px 14px;cursor:pointer;list-style:none;border-radius:12px}
        .menu-category summary::-webkit-details-marker{display:none}
        .menu-category summary::after{content:"";grid-column:2;grid-row:1/span 2;width:7px;height:7px;margin:0 2px 3px;\
        border-right:2px solid var(--muted);border-bottom:2px solid var(--muted);transform:rotate(45deg)}
        .menu-category[open] summary::after{margin:3px 2px 0;transform:rotate(225deg)}
        .category-title{display:flex;flex-wrap:wrap;align-items:center;gap:2px 8px;font-weight:650}
        .category-name{word-break:keep-all;overflow-wrap:anywhere}
        .now-badge{background:var(--accent);color:var(--card);border-radius:999px;padding:0 8px;font-size:.74rem;\
        font-weight:700;line-height:1.6}
        .category-meta{color:var(--muted);font-size:.82rem}
        .meals{list-style:none;margin:0;padding:0 14px 4px}
        .meal{padding:10px 0 11px;border-top:1px solid var(--line)}
        .meal-name{margin:0;font-weight:550;line-height:1.45;word-break:keep-all;overflow-wrap:anywhere}
        .meal-notes{list-style:none;margin:6px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px}
        .meal-notes li{padding:0 8px;border-radius:999px;background:var(--chip);color:var(--muted);font-size:.76rem;\
        line-height:1.6}
        .meal-notes .note-diet{background:#dcfce7;color:#166534}
        .meal-prices{margin:7px 0 0;display:flex;flex-wrap:wrap;align-items:baseline;gap:2px 14px}
        .my-price{display:flex;align-items:baseline;gap:6px;margin:0}
        .price-role{color:var(--muted);font-size:.82rem}
        .price-amount{font-size:1.18rem;font-weight:750;font-variant-numeric:tabular-nums}
        .other-prices{margin:0;color:var(--muted);font-size:.84rem;font-variant-numeric:tabular-nums}
        .meal-hidden{padding:9px 0 10px;border-top:1px solid var(--line);color:var(--muted);font-size:.84rem}
        .allergens{display:flex;flex-wrap:wrap;gap:6px}
        .field .allergen-choice{display:inline-flex;align-items:center;gap:6px;min-height:36px;margin:0;\
        padding:0 12px 0 10px;border:1px solid var(--line);border-radius:999px;font-weight:500;font-size:.9rem;\
        cursor:pointer}
        .allergen-choice:has(input:checked){border-color:var(--accent);background:var(--accent-soft)}
        .allergen-choice input{margin:0;accent-color:var(--accent)}
        .menu-note{margin-top:12px;font-size:.8rem}
        @media (min-width:760px){.menu{scroll-margin-top:72px}.days{gap:8px;max-width:560px}\
        .menu-categories{display:block;columns:3 260px;column-gap:10px}\
        .menu-category{break-inside:avoid;margin-bottom:10px}}
        .place-row{position:relative}
        .place-row>.place{padding-right:56px}
        .bookmark{margin:0}
        .bookmark-star{position:absolute;top:6px;right:6px}
        .bookmark-button{display:inline-flex;align-items:center;justify-content:center;gap:6px;width:44px;height:44px;\
        padding:0;border:0;border-radius:999px;background:transparent;color:var(--muted);font:inherit;cursor:pointer}
        .bookmark-button:hover{background:var(--chip);color:var(--accent)}
        .star-icon{fill:none}
        .bookmark-button[aria-pressed=true]{color:#d97706}
        .bookmark-button[aria-pressed=true] .star-icon{fill:currentColor}
        .bookmark-button.bookmark-pill{width:auto;height:34px;margin-left:6px;padding:0 12px 0 8px;vertical-align:middle;\
        background:var(--chip);color:var(--text);font-size:.88rem;font-weight:600}
        .bookmark-pill .star-icon{width:18px;height:18px}
        .bookmark-pill[aria-pressed=true]{background:#fef3c7;color:#92400e}
        @media (prefers-color-scheme:dark){.bookmark-button[aria-pressed=true]{color:#fbbf24}\
        .meal-notes .note-diet{background:#14351f;color:#86efac}\
        .bookmark-pill[aria-pressed=true]{background:#3b2a0c;color:#fcd34d}\
        :lang(ko) .day:first-child:not([aria-current],[data-today]) .day-name{color:#f87171}\
        :lang(ko) .day:last-child:not([aria-current],[data-today]) .day-name{color:#60a5fa}}
        .default-area{display:flex;align-items:center;gap:6px;margin:10px 0 8px;font-size:.88rem}
        .default-area.is-default{color:var(--muted)}
        .default-area-button{display:inline-flex;align-items:center;gap:6px;min-height:36px;padding:0 14px;\
        border:1px solid var(--line);border-radius:999px;background:var(--card);color:var(--text);font:inherit;\
        font-weight:600;cursor:pointer}
        .default-area-button:hover{border-color:var(--accent);color:var(--accent)}
        """
}
