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
        .map-picker{display:grid;gap:4px;justify-items:start;max-width:100%}
        .picker-frame{position:relative;box-sizing:content-box;width:fit-content;max-width:calc(100% - 2px);\
        overflow-x:auto;border:1px solid var(--control);border-radius:12px;background:#ece9e2}
        .picker-frame svg{display:block}
        .picker-target{position:absolute;left:0;top:0;margin:0;padding:0;border:0;cursor:crosshair}
        .map-picker.fluid .picker-frame{overflow:hidden}
        .map-picker.fluid .picker-frame svg{max-width:100%;height:auto}
        .map-picker.fluid .picker-target{width:100%;height:100%}
        .picker-wide{display:none}
        @media (min-width:760px){.picker-narrow{display:none}.picker-wide{display:block}}
        .picker-pin{fill:var(--accent);stroke:#fff;stroke-width:2.5}
        .picker-name{font:650 13px system-ui,sans-serif;fill:#1c1917;paint-order:stroke;stroke:#fff;stroke-width:4px;\
        stroke-linejoin:round}
        .map-picked{pointer-events:none}
        .map-picked path{fill:#1d4ed8;stroke:#fff;stroke-width:3}.map-picked circle{fill:#fff}
        .map-picker .picker-attribution{position:static;font-size:.78rem;color:var(--muted);background:none;padding:0}
        @media (prefers-color-scheme:dark){.picker-frame{background:#1b1e1c}\
        .picker-pin{stroke:#1b1e1c}.picker-name{fill:#f5f1ec;stroke:#1b1e1c}\
        .map-picked path{fill:#93c5fd;stroke:#1b1e1c}.map-picked circle{fill:#1b1e1c}}
        .notice.warning{background:#fef3c7;color:#713f12}
        @media (prefers-color-scheme:dark){.notice.warning{background:#3b2c0a;color:#fde68a}}
        .week-strip ol{list-style:none;margin:8px 0 12px;padding:0;display:grid;\
        grid-template-columns:repeat(7,minmax(0,1fr));gap:4px}
        .week-strip a{display:grid;gap:2px;padding:6px 2px;border-radius:10px;background:var(--card);\
        border:1px solid var(--line);text-align:center;font-size:.78rem;color:var(--text);text-decoration:none}
        .week-strip strong{font-size:.9rem}
        .week-strip li.closed a{background:var(--chip);border-style:dashed;border-color:var(--control)}
        .week-strip a[aria-current]{border:2px solid var(--accent)}
        .week-intro{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between}
        .week-intro p{margin:0;flex:1 1 320px}
        .week-day{padding:12px 14px;margin:12px 0;display:grid;gap:10px;scroll-margin-top:80px}
        .week-day.closed{background:repeating-linear-gradient(135deg,var(--card) 0 14px,var(--chip) 14px 16px)}
        .week-day-head{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center}
        .week-day h2{font-size:1.05rem;margin:0}
        .week-day .notice{margin:0}
        .closed-badge{border-color:var(--text);color:var(--text);font-weight:600}
        .day-body,.day-categories,.week-meals{display:grid;gap:10px}
        .week-form .field input[type=text]{height:42px}
        .week-category{border:0;border-top:1px solid var(--line);margin:0;padding:10px 0 0;display:grid;gap:8px}
        .week-category>legend{font-weight:650;padding:0;float:left;width:100%;margin-bottom:6px}
        .meal-row{display:grid;gap:6px 10px;padding:6px 0 10px;border-bottom:1px dashed var(--line)}
        .meal-row .field{gap:4px}.meal-row .field label{font-size:.85rem;margin:0}
        .meal-row .prices{border:0;margin:0;padding:0;display:grid;gap:6px;grid-template-columns:repeat(4,minmax(0,1fr))}
        .meal-row .prices legend{grid-column:1/-1;float:left;width:100%;padding:0;font-size:.85rem;font-weight:650}
        .meal-row .prices .field input{padding:8px 6px}
        .more-prices{grid-column:auto/-1;align-self:end;min-width:0}
        .more-prices summary{cursor:pointer;font-size:.85rem;font-weight:600;padding:10px 0}
        .prices-folded{display:grid;gap:6px;grid-template-columns:repeat(auto-fit,minmax(72px,1fr))}
        .day-body:has(input[name$="-closed"]:checked) :is(.day-categories,[data-add-category]){display:none}
        @media (min-width:760px){.week-category>.field{grid-template-columns:minmax(0,12em) minmax(0,1fr);\
        align-items:center}.week-category>.field label{margin:0}}
        @media (min-width:1000px){.meal-row{grid-template-columns:minmax(0,1.3fr) minmax(0,1fr) minmax(0,1.9fr);\
        align-items:end}.meal-row .prices legend{position:absolute;width:1px;height:1px;overflow:hidden;\
        clip-path:inset(50%);white-space:nowrap}}
        .week-form [data-add-meal],.week-form [data-add-category]{justify-self:start}
        .copy-day summary{cursor:pointer;font-weight:600;padding:4px 0}
        .copy-day fieldset{border:0;margin:6px 0;padding:0}.copy-day legend{font-weight:600;padding:0;margin-bottom:4px}
        .copy-day .choices{display:flex;flex-wrap:wrap;gap:4px 14px}
        .copy-day .check{min-height:32px}
        .week-save{position:sticky;bottom:0;z-index:2;padding:10px 0;background:var(--bg);border-top:1px solid var(--line)}
        .week-save .button{width:100%}
        @media (min-width:760px){.week-save .button{width:auto}}
        .week-hours .field{grid-template-columns:minmax(0,7em) minmax(0,1fr);align-items:center;gap:4px 12px}
        .week-hours .field label{margin:0}
        .week-hours .field .problem{grid-column:1/-1}
        .console-links{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
        .week-nav{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;justify-content:space-between;margin:12px 0}
        .copy-form{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center;margin-top:8px;font-size:.9rem}
        .copy-form select{font:inherit;padding:8px 10px;border-radius:10px;border:1px solid var(--control);\
        background:var(--bg);color:var(--text);max-width:100%}
        .feed-status{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0}
        .feed-status dt{font-weight:650}.feed-status dd{margin:0;grid-column:2}.feed-status p{margin:4px 0 0}
        .console-person{display:grid;gap:10px;padding:12px 14px}
        .moderation-form{display:grid;gap:8px}
        .end-many .moderation-form+.moderation-form{margin-top:16px;padding-top:16px;border-top:1px solid var(--line)}
        .audit-entry p{margin:2px 0}
        .audit-change{font-size:.9rem;overflow-wrap:anywhere;white-space:pre-line}
        """
}
