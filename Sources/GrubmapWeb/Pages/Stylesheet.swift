/// The one small style sheet, inlined into every page: mobile first, light and dark, system fonts.
enum Stylesheet {
    static let css = """
        :root{--bg:#f6f4f1;--card:#fff;--text:#1c1917;--muted:#6b645d;--line:#e7e2dc;--accent:#c2410c;\
        --accent-soft:#ffedd5;--chip:#efeae4;--radius:14px;--shadow:0 1px 2px rgb(0 0 0/.06),0 2px 8px rgb(0 0 0/.04);\
        color-scheme:light dark}
        @media (prefers-color-scheme:dark){:root{--bg:#141210;--card:#1f1c19;--text:#f5f1ec;--muted:#a8a097;\
        --line:#332e29;--accent:#fb923c;--accent-soft:#3b2414;--chip:#2a2622;--shadow:none}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",\
        Roboto,"Noto Sans","Noto Sans KR","Apple SD Gothic Neo","Malgun Gothic",sans-serif}
        a{color:var(--accent)}
        a:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:6px}
        .skip{position:absolute;left:-999px}.skip:focus{left:12px;top:12px;z-index:9;background:var(--card);padding:8px}
        .top{background:var(--card);border-bottom:1px solid var(--line);position:sticky;top:0;z-index:5}
        .top-inner{max-width:1040px;margin:0 auto;padding:10px 16px;display:flex;gap:12px;align-items:center;\
        flex-wrap:wrap}
        .brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:1.15rem;color:var(--text);\
        text-decoration:none}
        .logo{color:var(--accent)}
        .areas{display:flex;gap:6px;overflow-x:auto;scrollbar-width:none;flex:1 1 100%;padding-bottom:2px}
        .chip{flex:none;padding:6px 12px;border-radius:999px;background:var(--chip);color:var(--text);\
        text-decoration:none;font-size:.9rem;white-space:nowrap}
        .chip[aria-current=page]{background:var(--accent);color:#fff}
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
        .hours{border-collapse:collapse;width:100%}
        .hours th{text-align:left;font-weight:500;padding:6px 12px 6px 0;color:var(--muted)}
        .hours td{padding:6px 0;font-variant-numeric:tabular-nums}
        .hours tr+tr>*{border-top:1px solid var(--line)}
        .error{text-align:center;padding:48px 16px}
        .error p{color:var(--muted)}
        .icon{vertical-align:-2px}
        @media (min-width:760px){
        .areas{flex:1 1 auto;justify-content:flex-end}
        h1{font-size:2rem}
        .places{grid-template-columns:repeat(2,minmax(0,1fr))}
        .detail{grid-template-columns:3fr 2fr;align-items:start}
        .detail .wide{grid-column:1/-1}}
        @media (prefers-reduced-motion:no-preference){.place{transition:border-color .15s}}
        """
}
