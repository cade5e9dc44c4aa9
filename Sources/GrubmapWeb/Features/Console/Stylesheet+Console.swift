extension Stylesheet {
    /// The operator console: its badge, narrow sign-in column, lists of areas and places, and forms.
    static let console = """
        .console-badge{margin-left:8px;padding:1px 8px;border-radius:999px;background:var(--chip);color:var(--text);\
        font-size:.78rem;font-weight:650}
        .sign-out{margin-left:auto}
        .button.small{min-height:36px;padding:0 12px;font-size:.9rem}
        .console-narrow{max-width:460px;margin:0 auto}
        .console-narrow form{display:grid;gap:16px;margin:16px 0}
        .notice.error{background:transparent;border:2px solid var(--problem);color:var(--text)}
        .console-list{list-style:none;margin:12px 0;padding:0;display:grid;gap:8px}
        .console-row{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 12px;\
        padding:12px 14px}
        .console-row a{font-weight:650}
        .console-row.archived a{color:var(--muted)}
        .badge{display:inline-block;margin-left:8px;padding:0 8px;border-radius:999px;border:1px solid var(--muted);\
        color:var(--muted);font-size:.78rem}
        .console-tools{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;justify-content:space-between;\
        margin:12px 0}
        .console-search{display:flex;gap:8px;flex:1 1 260px}
        .console-search input{flex:1;min-width:0;font:inherit;padding:10px 12px;border-radius:10px;\
        border:1px solid var(--control);background:var(--bg);color:var(--text)}
        form.inline{display:inline}
        .console-form{display:grid;gap:16px;margin:16px 0}
        .console-form fieldset{border:0;margin:0;padding:0;display:grid;gap:10px}
        .console-form legend{font-weight:650;padding:0;margin-bottom:4px}
        .field input[type=email],.field input[type=password],.field input[type=tel],.field input[type=url],\
        .field input:not([type]),.field select{font:inherit;padding:10px 12px;border-radius:10px;\
        border:1px solid var(--control);background:var(--bg);color:var(--text);width:100%}
        .week-hours .field{grid-template-columns:minmax(0,7em) minmax(0,1fr);align-items:center;gap:4px 12px}
        .week-hours .field label{margin:0}
        .week-hours .field .problem{grid-column:1/-1}
        """
}
