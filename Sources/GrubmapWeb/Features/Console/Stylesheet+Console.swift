extension Stylesheet {
    /// The operator console: its badge, narrow sign-in column, lists of areas and places, and forms.
    static let console = """
        .console-badge{margin-left:8px;padding:1px 8px;border-radius:999px;background:var(--chip);color:var(--text);\
        font-size:.78rem;font-weight:650}
        .account-link{margin-left:auto;font-weight:600}
        .sign-out{margin-left:8px}
        .secret code{font-size:1.1rem;letter-spacing:.04em;overflow-wrap:anywhere}
        .button.small{min-height:36px;padding:0 12px;font-size:.9rem}
        .console-narrow{max-width:460px;margin:0 auto}
        .console-narrow form{display:grid;gap:16px;margin:16px 0}
        .notice.error{background:transparent;border:2px solid var(--problem);color:var(--text);text-align:start}
        .console-list{list-style:none;margin:12px 0;padding:0;display:grid;gap:8px}
        .console-row{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 12px;\
        padding:12px 14px}
        .console-row a{font-weight:650}
        .console-row.archived a{color:var(--muted)}
        .badge{display:inline-block;margin-left:8px;padding:0 8px;border-radius:999px;border:1px solid var(--muted);\
        color:var(--muted);font-size:.78rem}
        .console-tools{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;justify-content:space-between;\
        margin:12px 0}
        .console-search{display:flex;gap:8px;flex:1 1 260px;min-width:0;max-width:100%}
        .console-search input,.console-search select{flex:1;min-width:0;width:0;font:inherit;padding:10px 12px;border-radius:10px;\
        border:1px solid var(--control);background:var(--bg);color:var(--text)}
        form.inline{display:inline}
        .console main>section.card{margin:16px 0}.console main>form.inline{display:block;margin:16px 0}
        .console-form{display:grid;gap:16px;margin:16px 0}.console-form>p{margin:0}
        .console-form .field{align-content:start}.console-form>button{justify-self:start}
        .console-form fieldset{border:0;margin:0;padding:0;display:grid;gap:10px}
        .console-form legend{font-weight:650;padding:0;margin-bottom:4px}
        .field input[type=email],.field input[type=password],.field input[type=tel],.field input[type=url],\
        .field input[type=date],\
        .field input:not([type]),.field select{font:inherit;padding:10px 12px;border-radius:10px;\
        border:1px solid var(--control);background:var(--bg);color:var(--text);width:100%}
        .console-form .field input:not([type=checkbox]):not([type=radio]){height:46px}
        .map-picker{border:1px solid var(--control);border-radius:12px;overflow:hidden;background:#ece9e2}
        @media (prefers-color-scheme:dark){.map-picker{background:#1b1e1c}}
        .map-picker .map{max-height:360px}.map.picking{cursor:crosshair}
        .map-picker .map-grid line{stroke:#dfe5d8;stroke-width:1}
        .map-picker .map-scale text{font-size:26px}.map-picker .map-scale path{stroke-width:4}
        @media (prefers-color-scheme:dark){.map-picker .map-grid line{stroke:#2b342e}}
        .week-hours .field{grid-template-columns:minmax(0,7em) minmax(0,1fr);align-items:center;gap:4px 12px}
        .week-hours .field label{margin:0}
        .week-hours .field .problem{grid-column:1/-1}
        .console-links{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
        .week-nav{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;justify-content:space-between;margin:12px 0}
        .console-day{padding:12px 14px}
        .console-day-head{display:flex;align-items:center;justify-content:space-between;gap:8px}
        .console-day h2{font-size:1rem;margin:0}
        .console-meals{margin:8px 0;padding-left:18px}
        .copy-form{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center;margin-top:8px;font-size:.9rem}
        .copy-form input{font:inherit;padding:6px 8px;border-radius:8px;border:1px solid var(--control);        background:var(--bg);color:var(--text)}
        .menu-category{border-top:1px solid var(--line)!important;padding-top:12px!important}
        .meal-row{display:grid;gap:8px;padding:8px 0;border-bottom:1px dashed var(--line)}
        .prices{display:grid!important;grid-template-columns:repeat(2,minmax(0,1fr));gap:8px!important}
        .prices legend{grid-column:1/-1;font-weight:600!important;font-size:.9rem}
        .feed-status{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0}
        .feed-status dt{font-weight:650}.feed-status dd{margin:0;grid-column:2}.feed-status p{margin:4px 0 0}
        .console-person{display:grid;gap:10px;padding:12px 14px}
        .moderation-form{display:grid;gap:8px}
        .end-many .moderation-form+.moderation-form{margin-top:16px;padding-top:16px;border-top:1px solid var(--line)}
        .audit-entry p{margin:2px 0}
        .audit-change{font-size:.9rem;overflow-wrap:anywhere;white-space:pre-line}
        @media (min-width:760px){.prices{grid-template-columns:repeat(4,minmax(0,1fr))}
        .meal-row{grid-template-columns:minmax(0,1.4fr) minmax(0,1fr)}.meal-row .prices{grid-column:1/-1}}
        """
}
