extension Stylesheet {
    /// The map/list switch, avatars, who's here and the profile form.
    static let checkIns = """
        .view-choice{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        .view-switch{margin:0 0 12px;gap:2px}
        .view-switch label{padding:5px 16px;border-radius:999px;cursor:pointer;font-size:.9rem}
        #view-list:checked~.view-switch label[for=view-list],#view-map:checked~.view-switch label[for=view-map]{\
        background:var(--card);box-shadow:var(--shadow);font-weight:600}
        #view-list:focus-visible~.view-switch label[for=view-list],#view-map:focus-visible~.view-switch \
        label[for=view-map]{outline:3px solid var(--accent)}
        .map-pane{display:none;overflow:hidden;padding:0}
        #view-map:checked~.explore-panes .map-pane{display:block}
        #view-map:checked~.explore-panes .list-pane{display:none}
        .presence{display:flex;align-items:center;gap:8px;margin-top:10px;font-size:.88rem;color:var(--muted)}
        .faces{display:flex}
        .faces .avatar+.avatar{margin-left:-8px}
        .more{font-weight:600;color:var(--text)}
        .avatar{border-radius:50%;object-fit:cover;flex:none;border:2px solid var(--card);display:inline-grid;\
        place-items:center;width:32px;height:32px;font-size:.78rem;font-weight:700;color:#fff}
        .avatar.large{width:72px;height:72px;font-size:1.5rem}
        .avatar.initials{background:hsl(20 55% 30%)}
        .panel-head{display:flex;align-items:center;gap:10px;margin-bottom:10px}
        .panel-head h2{margin:0}
        .count-badge{background:var(--accent-soft);color:var(--accent);border-radius:999px;padding:0 10px;\
        font-weight:700;font-size:.9rem}
        .people{list-style:none;margin:0 0 12px;padding:0;display:grid;gap:6px}
        .person summary{display:flex;align-items:center;gap:10px;cursor:pointer;list-style:none;padding:4px 0}
        .person summary::-webkit-details-marker{display:none}
        .person-name{font-weight:600}
        .person-company{color:var(--muted);font-size:.9rem}
        .person-card{display:flex;gap:14px;padding:12px;margin:6px 0 8px;border-radius:12px;background:var(--bg)}
        .person-card p{margin:2px 0}
        .check-in-actions{display:flex;flex-wrap:wrap;align-items:center;gap:10px 14px}
        .check-in-actions p{margin:0;flex:1 1 240px}
        .profile-form{display:grid;gap:16px;margin:16px 0}
        .profile-head{display:flex;gap:16px;align-items:flex-start}.profile-head .field{flex:1;min-width:0}
        .two-columns{display:grid;gap:16px}
        .field input[type=text],.field textarea{font:inherit;padding:10px 12px;border-radius:10px;\
        border:1px solid var(--control);background:var(--bg);color:var(--text);width:100%}
        .field [aria-invalid=true]{border:2px solid var(--problem)}
        .hint{color:var(--muted);font-size:.85rem}
        .problem{color:var(--problem);margin:0;font-size:.9rem;font-weight:600}
        .check{display:flex;gap:8px;align-items:center;font-weight:400}
        @media (forced-colors:active){#view-list:checked~.view-switch label[for=view-list],\
        #view-map:checked~.view-switch label[for=view-map]{outline:2px solid Highlight}}
        @media (min-width:760px){
        .view-switch,.view-choice{display:none}
        .explore-panes{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:16px;align-items:start}
        .map-pane,#view-map:checked~.explore-panes .map-pane{display:block;position:sticky;top:84px}
        #view-map:checked~.explore-panes .list-pane{display:block}
        .explore-panes .places{grid-template-columns:1fr}
        .two-columns{grid-template-columns:1fr 1fr}}
        """

    /// Twelve colours for initials, picked by ``AvatarView`` from the profile id (classes, not inline styles, so the
    /// pages' content security policy needs no `unsafe-inline`).
    static let avatarHues = (0..<12).map { ".avatar.initials.hue-\($0){background:hsl(\($0 * 30) 55% 30%)}" }
        .joined(separator: "\n")
}
