extension Stylesheet {
    /// The area map: the basemap's quiet colours (light and dark), pins and clusters over it, the controls, the
    /// attribution and a pin's card over the map; the "open now" chip and states; "Set my position".
    ///
    /// Streets are pale on a paler ground and their names grey with a halo, so the orange pins stand out. On a
    /// phone's Map tab the map comes first: the tabs, "locate" (its icon) and "Open now" in one row above it, what
    /// the list needs (the sort, the count, "Set my position") under it, and the area's name for screen readers.
    static let map = """
        .map-view{position:relative;overflow:hidden;border-radius:inherit;background:#ece9e2}
        .map-stage{position:relative}
        .map-view .map-note{margin:0;padding:6px 10px;background:var(--card)}
        .map{display:block;width:100%;height:auto;-webkit-user-select:none;user-select:none}
        .map-view.live .map{touch-action:none;cursor:grab}
        .map-view.dragging .map{cursor:grabbing}
        .map-view.picking .map{cursor:crosshair}
        .map-ground{fill:#ece9e2}
        .bm path{fill:none;stroke-linecap:round;stroke-linejoin:round}
        .bm .bm-green{fill:#d5e6cb}.bm .bm-water{fill:#b7d4ea}.bm .bm-building{fill:#dcd6cc}
        .bm-waterway{stroke:#b7d4ea}
        .bm-railway{stroke:#a8a29e;stroke-dasharray:7 4;stroke-linecap:butt}
        .bm-footway{stroke:#b8afa3;stroke-dasharray:3 3;stroke-linecap:butt}
        .bm-pedestrian,.bm-service,.bm-street,.bm-tertiary{stroke:#fff}
        .bm-secondary{stroke:#fdf3d4}.bm-primary{stroke:#fbe3a6}.bm-motorway{stroke:#f6c48f}
        .bm-station{fill:#fff;stroke:#57534e;stroke-width:2}
        .bm-labels text{font:500 12px system-ui,sans-serif;fill:#57534e;paint-order:stroke;stroke:#ece9e2;\
        stroke-width:3px;stroke-linejoin:round}
        .bm-labels .bm-area-label,.bm-labels .bm-station-label{font-size:11px}
        .bm-labels .bm-water-label{fill:#2f5f86;font-style:italic}.bm-labels .bm-green-label{fill:#3f6b35}
        .map-center rect{fill:#2563eb;stroke:#fff;stroke-width:2}
        .map-center-label{font:700 13px system-ui,sans-serif;fill:#1d4ed8;paint-order:stroke;stroke:#fff;\
        stroke-width:3.5px;stroke-linejoin:round}
        .pin .pin-label{font:600 12px system-ui,sans-serif;fill:#1c1917;paint-order:stroke;stroke:#fff;\
        stroke-width:3.5px;stroke-linejoin:round}
        .pin:hover .pin-label,.pin.selected .pin-label{fill:#7c2d12}
        .pin path{fill:var(--accent);stroke:#fff;stroke-width:2}
        .pin circle{fill:#fff}
        .pin text{fill:#fff;font:700 11px system-ui,sans-serif}
        .pin.busy path{fill:#15803d}
        .pin:hover path,.pin.selected path{fill:#7c2d12}
        .pin:focus,.cluster:focus{outline:none}
        .pin:focus-visible path{stroke:var(--text);stroke-width:3}
        .pin:focus-visible .focus-ring,.cluster:focus-visible .focus-ring{stroke:var(--accent);stroke-width:3;fill:none;\
        display:inline}
        .focus-ring{display:none}
        .pin-leader{stroke:#57534e;stroke-width:1.5}
        .cluster-bubble{fill:var(--accent);stroke:#fff;stroke-width:3}
        .cluster:hover .cluster-bubble{fill:#7c2d12}
        .cluster-count{fill:var(--on-accent);font:700 14px system-ui,sans-serif}
        .cluster-here circle{fill:#15803d;stroke:#fff;stroke-width:2}
        .cluster-here text{fill:#fff;font:700 10px system-ui,sans-serif}
        .map-me .halo{fill:rgb(37 99 235/.25)}
        .map-me circle:not(.halo){fill:#2563eb;stroke:#fff;stroke-width:3}
        .map-me.set circle:not(.halo){fill:#7c3aed}.map-me.set .halo{fill:rgb(124 58 237/.25)}
        .map-scale .scale-back{fill:rgb(255 255 255/.85)}
        .map-scale path{fill:none;stroke:#1c1917;stroke-width:2}
        .map-scale text{font:600 11px system-ui,sans-serif;fill:#1c1917}
        .map-controls{position:absolute;inset:0;pointer-events:none}
        .map-control{pointer-events:auto;position:absolute;display:grid;place-items:center;width:34px;height:34px;\
        background:var(--card);color:var(--text);border-radius:10px;box-shadow:0 1px 4px rgb(0 0 0/.3);\
        text-decoration:none;font:600 22px/1 system-ui,sans-serif}
        .map-control.disabled{opacity:.35;box-shadow:none}
        .map-zoom{position:absolute;right:8px;top:8px;display:grid;gap:6px;pointer-events:none}
        .map-zoom .map-control{position:static}
        .map-north,.map-south{left:calc(50% - 15px)}.map-north{top:8px}.map-south{bottom:26px}
        .map-east,.map-west{top:calc(50% - 15px)}.map-east{right:8px}.map-west{left:8px}
        .map-north,.map-south,.map-east,.map-west{width:30px;height:30px;opacity:.85}
        .map-attribution{position:absolute;right:0;bottom:0;margin:0;padding:0 6px;font-size:.72rem;\
        background:rgb(255 255 255/.8);color:#44403c;border-top-left-radius:6px}
        .map-attribution a{color:#44403c}.map-attribution:empty{display:none}
        .map-pick-banner{position:absolute;left:8px;right:50px;top:8px;margin:0;display:flex;gap:10px;\
        align-items:center;justify-content:space-between;background:var(--card);border-radius:10px;padding:8px 10px;\
        box-shadow:0 2px 8px rgb(0 0 0/.3);font-weight:600}
        .map-pick-banner[hidden],.map-card[hidden]{display:none}
        .map-card{position:absolute;left:8px;right:8px;bottom:8px;background:var(--card);border-radius:12px;\
        box-shadow:0 4px 16px rgb(0 0 0/.3);padding:10px 14px 12px}
        .map-card h3{margin:0 30px 2px 0;font-size:1.05rem;line-height:1.3}
        .map-card h3:focus{outline:none}
        .map-card p{margin:2px 0;font-size:.9rem}
        .map-card-line{color:var(--muted)}
        .map-card-line span:not(:empty)+span:not(:empty)::before{content:" · "}
        .map-card .button{margin-top:8px}
        .map-card-close{position:absolute;right:4px;top:2px;width:36px;height:36px;display:grid;place-items:center;\
        text-decoration:none;color:var(--muted);font-size:1.5rem;line-height:1}
        .open-state{font-weight:600}.open-state.open{color:#15803d}.open-state.closed{color:var(--muted)}
        .place .open-state{display:block;font-size:.88rem;margin-top:4px}
        .filter-chip{padding:5px 14px;border-radius:999px;background:var(--chip);color:var(--text);\
        text-decoration:none;font-size:.9rem}
        .filter-chip[aria-current=true]{background:var(--accent);color:var(--on-accent);font-weight:600}
        .filter-chip[aria-current=true]::before{content:"✓ "}
        .set-position{margin-top:10px}
        .set-position>summary{cursor:pointer;color:var(--accent);font-weight:600}
        .set-position form{margin-top:10px}
        .position-row{display:flex;gap:8px;flex-wrap:wrap;margin-top:4px}
        .position-row select,.position-row input{font:inherit;padding:8px 10px;border-radius:10px;min-width:0;\
        border:1px solid var(--control);background:var(--bg);color:var(--text);flex:1 1 200px}
        .position-advanced{margin-top:10px}.position-advanced summary{cursor:pointer;color:var(--muted)}
        .position-current{display:flex;align-items:center;gap:10px;flex-wrap:wrap;margin-top:8px}
        .position-current p{margin:0;font-weight:600}
        @media (max-width:759px){
        main:has(#view-map:checked){display:flex;flex-wrap:wrap;align-items:center;gap:10px 6px;padding-top:10px}
        main:has(#view-map:checked)>*,main:has(#view-map:checked) .locate>*{flex:1 0 100%;order:6;margin:0}
        main:has(#view-map:checked)>.offline-banner{order:0}
        main:has(#view-map:checked)>:is(h1,.subtitle){position:absolute;width:1px;height:1px;overflow:hidden;        clip-path:inset(50%);white-space:nowrap}
        main:has(#view-map:checked) :is(.locate,.toolbar,.explore){display:contents}
        main:has(#view-map:checked) .toolbar>:not(.filter-chip){display:none}
        main:has(#view-map:checked) :is(.area-tabs,.view-switch){order:1;flex:none;margin:0}
        main:has(#view-map:checked) .area-tabs a{padding:0 10px}
        main:has(#view-map:checked) .locate>[data-action=locate]{order:2;flex:none}
        main:has(#view-map:checked) .locate>[data-action=locate]:not([hidden]){display:inline-grid;        place-items:center;width:44px;height:44px;padding:0;font-size:0;line-height:0}
        main:has(#view-map:checked) .locate>[data-action=locate] .icon{display:block;margin:0;width:18px;height:18px}
        main:has(#view-map:checked) .filter-chip{order:3;flex:none;margin-left:auto;padding:10px 12px}
        main:has(#view-map:checked) .locate>[role=status],main:has(#view-map:checked)>.notice{order:4}
        main:has(#view-map:checked) .locate>[role=status]:not(:has(:not([hidden]))){display:none}
        main:has(#view-map:checked) .explore-panes{order:5;flex:1 0 100%}
        main:has(#view-map:checked) .explore-panes~*{order:6}}
        @media (prefers-color-scheme:dark){
        .map-view,.map-ground{background:#1b1e1c;fill:#1b1e1c}
        .bm .bm-green{fill:#1f2d22}.bm .bm-water{fill:#173048}.bm .bm-building{fill:#2b2a28}
        .bm-waterway{stroke:#173048}.bm-railway{stroke:#6b645d}.bm-footway{stroke:#57524c}
        .bm-pedestrian,.bm-service,.bm-street,.bm-tertiary{stroke:#3b3a37}
        .bm-secondary{stroke:#4a4535}.bm-primary{stroke:#5a4e30}.bm-motorway{stroke:#6b4a2c}
        .bm-labels text{fill:#bdb6ad;stroke:#1b1e1c}
        .bm-labels .bm-water-label{fill:#8fb8dc}.bm-labels .bm-green-label{fill:#9cc690}
        .pin path,.cluster-bubble{stroke:#1b1e1c}.pin:hover path,.pin.selected path{fill:#fed7aa}
        .pin .pin-label{fill:#f5f1ec;stroke:#1b1e1c}.pin:hover .pin-label,.pin.selected .pin-label{fill:#fed7aa}
        .map-center-label{fill:#93c5fd;stroke:#1b1e1c}.map-center rect{stroke:#1b1e1c}
        .map-control{background:#2a2622;border:1px solid #5c544c}
        .pin-leader{stroke:#bdb6ad}
        .map-scale .scale-back{fill:rgb(20 18 16/.85)}.map-scale path{stroke:#f5f1ec}.map-scale text{fill:#f5f1ec}
        .map-attribution{background:rgb(20 18 16/.8);color:#d6d0c8}.map-attribution a{color:#d6d0c8}
        .open-state.open{color:#4ade80}}
        """
}
