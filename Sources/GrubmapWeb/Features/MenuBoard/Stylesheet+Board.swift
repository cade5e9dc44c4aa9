extension Stylesheet {
    /// The menu board and the area's tabs.
    static let board = """
        .area-tabs{display:flex;gap:2px;width:max-content;max-width:100%;margin:12px 0 4px;padding:3px;\
        background:var(--chip);border-radius:999px}
        .area-tabs a{display:inline-flex;align-items:center;min-height:38px;padding:0 18px;border-radius:999px;\
        color:var(--text);text-decoration:none;font-weight:600;font-size:.93rem}
        .area-tabs a[aria-current=page]{background:var(--card);box-shadow:var(--shadow);color:var(--accent)}
        .board{margin-top:6px;touch-action:pan-y}
        .board[aria-busy=true]{opacity:.6}
        .board-head{display:grid;grid-template-columns:44px minmax(0,1fr) 44px;align-items:center;gap:6px;\
        margin:8px 0 10px}
        .board-title{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:center;gap:2px 8px;\
        text-align:center}
        .board-title h2{margin:0;font-size:1.12rem}
        .day-step{display:inline-flex;align-items:center;justify-content:center;width:44px;height:44px;\
        border-radius:999px;border:1px solid var(--line);background:var(--card);color:var(--text)}
        .day-step:hover{border-color:var(--accent);color:var(--accent)}
        body{--header-height:103px}
        .board-week{position:sticky;top:var(--header-height);z-index:4;margin:0 -16px 10px;padding:6px 16px;\
        background:var(--bg);border-bottom:1px solid var(--line)}
        .board-week .days{margin:0}
        .glance{margin:0 0 14px}
        .glance-list{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:var(--radius);\
        background:var(--card);box-shadow:var(--shadow)}
        .glance-line+.glance-line{border-top:1px solid var(--line)}
        .glance-link{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:0 10px;align-items:baseline;\
        padding:8px 14px 9px;color:var(--text);text-decoration:none}
        .glance-link:hover .glance-place{color:var(--accent);text-decoration:underline}
        .glance-place{font-weight:650;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .glance-when{grid-column:2;color:var(--accent);font-size:.8rem;font-weight:650;text-align:right}
        .glance-line[data-timing=later] .glance-when,.glance-line[data-timing=next-day] .glance-when,\
        .is-done .glance-when{color:var(--muted)}
        .glance-line[data-timing=any] .glance-when{color:var(--text);font-weight:600}
        .glance-dish{grid-column:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;\
        color:var(--muted);font-size:.9rem}
        .glance-price{grid-column:2;font-weight:750;font-variant-numeric:tabular-nums;text-align:right}
        .board-card .card-title,.rest-row{scroll-margin-top:calc(var(--header-height) + 84px)}
        .board-tools{display:flex;flex-wrap:wrap;align-items:flex-start;gap:10px 14px;margin:0 0 12px}
        .role-chooser{display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px;margin:0}
        .role-chooser .label{color:var(--muted);font-size:.88rem}
        .roles button{min-height:34px;padding:0 12px;border:0;border-radius:999px;background:transparent;\
        color:var(--text);font:inherit;font-size:.88rem;cursor:pointer}
        .roles button[aria-pressed=true]{background:var(--card);box-shadow:var(--shadow);color:var(--accent);\
        font-weight:650}
        .diet-filter{flex:1 1 100%;min-width:0;border:1px solid var(--line);border-radius:12px;background:var(--card)}
        .filter-toggle{display:flex;flex-wrap:wrap;align-items:baseline;gap:2px 10px;min-height:44px;\
        padding:10px 36px 10px 14px;border-radius:12px;color:var(--text);text-decoration:none;position:relative}
        .filter-toggle::after{content:"";position:absolute;right:16px;top:17px;width:7px;height:7px;\
        border-right:2px solid var(--muted);border-bottom:2px solid var(--muted);transform:rotate(45deg)}
        .is-open>.filter-toggle::after{top:20px;transform:rotate(225deg)}
        .diet-filter{scroll-margin-top:140px}
        .filter-label{font-weight:650}
        .filter-state{color:var(--muted);font-size:.86rem}
        .filter-state.is-active{color:var(--accent);font-weight:600}
        .diet-filter form{display:grid;gap:14px;padding:4px 14px 14px}
        .choices.inline{display:flex;flex-wrap:wrap;gap:8px}
        .choices.inline .choice{padding:8px 12px}
        .diet-filter .button{justify-self:start}
        .board-summary{margin:0 0 10px}
        .board-cards{list-style:none;margin:0;padding:0;display:grid;gap:12px}
        .board-card{padding:14px 14px 12px;min-width:0}
        .card-head{position:relative;padding-right:46px;margin-bottom:10px}
        .card-head .bookmark{position:absolute;top:-8px;right:-8px}
        .card-title{margin:0;font-size:1.15rem;line-height:1.3;word-break:keep-all}
        .card-title a{color:var(--text);text-decoration:none}
        .card-title a:hover{color:var(--accent);text-decoration:underline}
        .card-alt{margin:0;color:var(--muted);font-size:.86rem}
        .card-facts{display:flex;flex-wrap:wrap;align-items:center;gap:4px 14px;margin:6px 0 0;font-size:.86rem;\
        color:var(--muted)}
        .card-state{display:inline-flex;align-items:center;gap:6px;font-weight:600}
        .card-state::before{content:"";width:8px;height:8px;border-radius:50%;box-shadow:inset 0 0 0 1.5px currentColor}
        .card-state[data-open=true]{color:#15803d}
        .card-state[data-open=true]::before{background:currentColor}
        .board-card .menu-categories{display:grid;gap:8px;columns:auto}
        .board-card .menu-category{margin:0}
        .card-note{margin-top:10px;font-size:.8rem}
        .board-rest{margin-top:20px}
        .board-rest h3{margin:0 0 8px;font-size:.95rem;color:var(--muted);scroll-margin-top:140px}
        .rest-list{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:var(--radius);\
        background:var(--card)}
        .rest-row{display:flex;align-items:center;gap:6px 12px;min-height:52px;padding:4px 4px 4px 14px}
        .rest-row+.rest-row{border-top:1px solid var(--line)}
        .rest-name{flex:1 1 auto;min-width:0;color:var(--text);font-weight:600;text-decoration:none}
        .rest-name:hover{color:var(--accent);text-decoration:underline}
        .rest-reason{color:var(--muted);font-size:.86rem;text-align:right}
        .rest-row .bookmark-star{position:static}
        .board-filtered .rest-row{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:0 12px;padding:6px 4px 6px 14px}
        .board-filtered .rest-reason{grid-row:2;text-align:left}
        .board-filtered .bookmark-button{grid-column:2;grid-row:1/span 2}
        .board-bar{display:flex;flex-wrap:wrap;align-items:center;gap:8px 10px;margin:12px 0 4px}
        .board-bar .area-tabs{margin:0}
        .board-bar .locate{margin:0}
        .board-bar .locate .button{width:44px;min-height:44px;padding:0}
        .board-bar .locate-status,.board-bar [role=status]{flex-basis:100%}
        .board-note{margin-top:18px;font-size:.8rem}
        @media (prefers-color-scheme:dark){.card-state[data-open=true]{color:#4ade80}}
        @media (min-width:760px){body{--header-height:57px}.board-head{max-width:560px}.board .days{max-width:560px}\
        .glance-list{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));column-gap:0}\
        .glance-line:nth-child(2){border-top:0}.glance-line:nth-child(even){border-left:1px solid var(--line)}\
        .diet-filter{flex:0 1 auto}.rest-list{max-width:560px}\
        .board-cards{grid-template-columns:repeat(2,minmax(0,1fr));align-items:start}}
        @media (min-width:1000px){.board-cards{grid-template-columns:repeat(3,minmax(0,1fr))}}
        """
}
