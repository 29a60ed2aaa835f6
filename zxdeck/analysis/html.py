"""One self-contained HTML report of a run (`--html FILE` on sim, tournament, gauntlet, optimize).

Everything is in the file: the styles and the few lines of script that sort the tables are
inline, nothing is fetched (no network, no external script, font or image), names are shown in
the fonts of the reader's system (Japanese ones first). The page holds the result itself as JSON
(`<script type="application/json" id="result">`), the matchup matrix as a colored table, the
ratings with their intervals, the card statistics in tables sorted by a click on a column, the
deck lists, and the manifest (zxdeck version, catalog digest, seeds, agents) with the command
that plays the same games again.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans CJK JP","Noto Sans JP","Hiragino Sans",
"Hiragino Kaku Gothic ProN","Yu Gothic",Meiryo,sans-serif;margin:1.5rem;color:#222;max-width:1400px}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:right;white-space:nowrap}
th{background:#f3f3f3}td.name,th.name{text-align:left}
table.sortable th{cursor:pointer;user-select:none}table.sortable th:after{content:" \\2195";color:#999}
#matrix td.cell{min-width:5.5rem}.small{color:#666;font-size:.85rem}
pre{background:#f6f6f6;padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
"""

SCRIPT = """
(function(){
  function key(td){var v=td.getAttribute('data-v');if(v===null){v=td.textContent.trim();}
    var n=parseFloat(v);return (v!==''&&!isNaN(n)&&isFinite(v))?[0,n]:[1,v];}
  function sortBy(table,col,th){
    var body=table.tBodies[0];var rows=Array.prototype.slice.call(body.rows);
    var asc=th.getAttribute('data-dir')!=='asc';
    Array.prototype.forEach.call(th.parentNode.cells,function(c){c.removeAttribute('data-dir');});
    th.setAttribute('data-dir',asc?'asc':'desc');
    rows.sort(function(a,b){var x=key(a.cells[col]),y=key(b.cells[col]);
      if(x[0]!==y[0]){return x[0]-y[0];}var r=x[1]<y[1]?-1:x[1]>y[1]?1:0;return asc?r:-r;});
    rows.forEach(function(r){body.appendChild(r);});}
  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'),function(table){
    Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,i){
      th.addEventListener('click',function(){sortBy(table,i,th);});});});
})();
"""


def _e(x: Any) -> str:
    return escape(str(x), quote=True)


def _pct(x: float | None, signed: bool = False) -> str:
    if x is None:
        return "-"
    return f"{100 * x:+.1f}" if signed else f"{100 * x:.1f}"


def _num(x: Any) -> str:
    return "" if x is None else _e(x)


def _color(rate: float | None) -> str:
    """A background from red (0) through pale yellow (0.5) to green (1)."""
    if rate is None:
        return "#eee"
    r = max(0.0, min(1.0, rate))
    if r < 0.5:
        t = r / 0.5
        rgb = (230, int(110 + 140 * t), int(100 + 80 * t))
    else:
        t = (r - 0.5) / 0.5
        rgb = (int(250 - 140 * t), int(250 - 40 * t), int(180 - 60 * t))
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _table(headers: list[str], rows: list[list[tuple[Any, Any]]], cls: str = "", tid: str = "") -> str:
    """rows: cells as (text, sort value or None); the first column is a name (left-aligned)."""
    attrs = (f' class="{cls}"' if cls else "") + (f' id="{tid}"' if tid else "")
    out = [f"<table{attrs}>",
           "<thead><tr>" + "".join(f'<th{" class=name" if i == 0 else ""}>{_e(h)}</th>'
                                   for i, h in enumerate(headers)) + "</tr></thead><tbody>"]
    for row in rows:
        cells = []
        for i, (text, v) in enumerate(row):
            attr = ' class="name"' if i == 0 else ""
            if v is not None:
                attr += f' data-v="{_e(v)}"'
            cells.append(f"<td{attr}>{_e(text)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def _matrix(result: dict[str, Any]) -> str:
    names = result["entrants"]
    head = "<tr><th class=name></th>" + "".join(f"<th>{_e(n)}</th>" for n in names) + "</tr>"
    rows = []
    for i, (name, row, ivs) in enumerate(zip(names, result["matrix"], result["intervals"])):
        cells = [f'<th class="name">{_e(name)}</th>']
        for j, (rate, iv) in enumerate(zip(row, ivs)):
            if rate is None:
                cells.append(f'<td class="cell" data-row="{i}" data-col="{j}" style="background:#eee">-</td>')
            else:
                text = f"{100 * rate:.0f} [{100 * iv[0]:.0f}-{100 * iv[1]:.0f}]"
                cells.append(f'<td class="cell" data-row="{i}" data-col="{j}" data-rate="{rate}" '
                             f'title="{_e(name)} vs {_e(names[j])}: {100 * rate:.1f} %, '
                             f'{result["games"][i][j]} games" style="background:{_color(rate)}">'
                             f"{_e(text)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return ('<p>Win % of the row against the column [95 % interval].</p>'
            f'<table id="matrix"><thead>{head}</thead><tbody>' + "".join(rows) + "</tbody></table>")


def _ranking(result: dict[str, Any]) -> str:
    rows = []
    for k, r in enumerate(result["ranking"], 1):
        iv = r["interval"]
        rows.append([(r["name"], None), ("" if r["rating"] is None else k, None if r["rating"] is None else k),
                     ("-" if r["rating"] is None else f"{r['rating']:+.0f}", r["rating"]),
                     ("no games: not rated" if iv is None else f"{iv[0]:+.0f} .. {iv[1]:+.0f}",
                      None if iv is None else iv[0]),
                     (_pct(r["score"]), r["score"]), (r["games"], r["games"])])
    return ("<p>Bradley-Terry ratings on the Elo scale (0 = average) with 95 % intervals.</p>"
            + _table(["entrant", "rank", "rating", "interval", "score %", "games"], rows,
                     "sortable", "ranking"))


def _sim(result: dict[str, Any]) -> str:
    a, b = result["a"], result["b"]
    lo, hi = result["interval"]
    rows = [[(f"{tag}: {side['deck']}", None), (side["agent"], None), (side["wins"], side["wins"]),
             (_pct(side["win_rate"]), side["win_rate"])] for tag, side in (("A", a), ("B", b))]
    return (f"<p><b>A win rate {_pct(result['win_rate'])} %</b> (95 % interval {_pct(lo)}-"
            f"{_pct(hi)} %) in {result['games']} games (paired seats), draws {result['draws']}.</p>"
            + _table(["deck", "agent", "wins", "win %"], rows, "sortable", "sides"))


def _gauntlet(result: dict[str, Any]) -> str:
    rows = []
    for r in result["field"]:
        iv = r["interval"]
        rows.append([(r["deck"], None), (f"{100 * r['share']:.1f}", r["share"]), (r["games"], r["games"]),
                     (_pct(r["win_rate"]), r["win_rate"]),
                     ("-" if iv is None else f"{_pct(iv[0])}-{_pct(iv[1])}", None if iv is None else iv[0])])
    iv = result["interval"]
    head = (f"<p><b>{_e(result['deck'])}: expected win rate against the field "
            f"{_pct(result['win_rate'])} %</b>" + (f" (95 % interval {_pct(iv[0])}-{_pct(iv[1])} %)" if iv else "")
            + "</p>")
    return head + _table(["opponent", "share %", "games", "win %", "95 % interval"], rows, "sortable", "field")


def _optimize(result: dict[str, Any]) -> str:
    o = result["original"]
    rows = [[("original", None), ("", None), (_pct(o["win_rate"]), o["win_rate"]), ("", None), ("", None),
             (o["games"], o["games"]), ("", None)]]
    for k, r in enumerate(result["ranking"], 1):
        iv = r["interval"]
        rows.append([(r["candidate"], None), (k, k), (_pct(r["win_rate"]), r["win_rate"]),
                     (_pct(r["difference"], True), r["difference"]),
                     ("-" if iv is None else f"{_pct(iv[0], True)} .. {_pct(iv[1], True)}",
                      None if iv is None else iv[0]),
                     (r["games"], r["games"]),
                     ("" if r["eliminated_after_round"] is None else f"round {r['eliminated_after_round']}",
                      r["eliminated_after_round"])])
    conf = round(100 * result["confidence"])
    bad = "".join(f"<li>{_e(b['candidate'])}: {_e('; '.join(b['errors']))}</li>" for b in result["illegal"])
    field = ", ".join(f"{f['deck']} {100 * f['share']:.0f} %" for f in result.get("field", []))
    return (f"<p>{result['games_played']} games played (every candidate in full: "
            f"{result['full_budget']}) against a field of {_e(field)}, seed {_e(result.get('seed'))}.</p>"
            + _table(["candidate", "rank", "win %", "vs original", f"{conf} % interval", "games",
                      "left out after"], rows, "sortable", "candidates")
            + (f"<p>Left out (illegal):</p><ul>{bad}</ul>" if bad else ""))


def _cards(decks: list[dict[str, Any]]) -> str:
    parts = ['<p class="small">Drawn: the card reached the hand; win % with its 95 % interval; '
             "improvement = win % when drawn - win % when not drawn. Click a column to sort.</p>"]
    for d in decks:
        rows = []
        for c in d["cards"]:
            div, iiv = c["drawn"]["interval"], c["improvement_interval"]
            rows.append([(c["card"], None), (_num(c["copies"]), c["copies"]),
                         (c["drawn"]["games"], c["drawn"]["games"]),
                         (_pct(c["drawn"]["win_rate"]), c["drawn"]["win_rate"]),
                         ("-" if div is None else f"{_pct(div[0])}-{_pct(div[1])}", None if div is None else div[0]),
                         (c["played"]["games"], c["played"]["games"]),
                         (_pct(c["played"]["win_rate"]), c["played"]["win_rate"]),
                         (_pct(c["not_drawn"]["win_rate"]), c["not_drawn"]["win_rate"]),
                         (_pct(c["improvement"], True), c["improvement"]),
                         ("-" if iiv is None else f"{_pct(iiv[0], True)} .. {_pct(iiv[1], True)}",
                          None if iiv is None else iiv[0]),
                         ("-" if c["mean_turn_drawn"] is None else c["mean_turn_drawn"], c["mean_turn_drawn"]),
                         ("-" if c["mean_turn_played"] is None else c["mean_turn_played"], c["mean_turn_played"])])
        parts.append(f"<h3>{_e(d['deck'])}: {d['games']} games, win rate {_pct(d['win_rate'])} %</h3>")
        parts.append(_table(["card", "copies", "drawn", "win %", "interval", "played", "win %",
                             "not drawn %", "improvement", "interval", "turn drawn", "turn played"],
                            rows, "sortable cards"))
    return "\n".join(parts)


def _decks(decks: dict[str, dict[str, int]]) -> str:
    parts = []
    for name, cards in decks.items():
        rows = [[(card, None), (n, n)] for card, n in sorted(cards.items(), key=lambda kv: (-kv[1], kv[0]))]
        parts.append(f"<details><summary>{_e(name)} ({sum(cards.values())} cards)</summary>"
                     + _table(["card", "copies"], rows, "sortable decklist") + "</details>")
    return "\n".join(parts)


def _agents(manifest: dict[str, Any]) -> list[str]:
    found: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k in ("agent", "field_agent") and isinstance(v, dict):
                    label = str(v.get("spec") or v.get("name") or "")
                    if label and label not in found:
                        found.append(label)
                else:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(manifest)
    return found


TITLES = {"sim": "zxdeck sim", "tournament": "zxdeck tournament", "gauntlet": "zxdeck gauntlet",
          "optimize": "zxdeck optimize"}


def render_html(kind: str, result: dict[str, Any], command: str,
                decks: dict[str, dict[str, int]] | None = None) -> str:
    """The page of a result (`kind`: sim, tournament, gauntlet, optimize); `command` is the
    command line that plays the same games again; `decks` the deck lists (name -> card -> copies)."""
    manifest = result.get("manifest") or {}
    body = {"sim": _sim, "tournament": lambda r: _matrix(r) + "<h2>Ratings</h2>" + _ranking(r),
            "gauntlet": _gauntlet, "optimize": _optimize}[kind](result)
    sections = [f"<h2>Result</h2>\n{body}"]
    if result.get("card_stats"):
        sections.append("<h2>Cards</h2>\n" + _cards(result["card_stats"]))
    if decks:
        sections.append("<h2>Deck lists</h2>\n" + _decks(decks))
    seeds = manifest.get("seed")
    facts = [("zxdeck", manifest.get("zxdeck", "")), ("game", manifest.get("game", "zx")),
             ("catalog sha256", manifest.get("catalog_sha256", "")), ("seed", seeds),
             ("agents", ", ".join(_agents(manifest))), ("games", manifest.get("games", ""))]
    rows = "".join(f'<tr><th class="name">{_e(k)}</th><td class="name">{_e(v)}</td></tr>' for k, v in facts)
    sections.append("<h2>How to play these games again</h2>\n"
                    f"<table id=\"manifest\"><tbody>{rows}</tbody></table>\n"
                    f'<pre id="command">{_e(command)}</pre>\n'
                    "<details><summary>manifest</summary><pre>"
                    + _e(json.dumps(manifest, ensure_ascii=False, indent=1)) + "</pre></details>")
    data = json.dumps({k: v for k, v in result.items() if k != "timing"}, ensure_ascii=False,
                      separators=(",", ":")).replace("</", "<\\/")
    title = TITLES.get(kind, "zxdeck")
    return ("<!DOCTYPE html>\n<html lang=\"ja\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n"
            f"<h1>{_e(title)}</h1>\n" + "\n".join(sections)
            + f'\n<script type="application/json" id="result">{data}</script>'
            + f"\n<script>{SCRIPT}</script>\n</body></html>\n")


def write_html(path: str, text: str) -> None:
    """Write the page; a one-line ZxError when the file cannot be written."""
    from zxdeck.errors import ZxError

    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise ZxError(f"{path}: cannot write the HTML report: {exc.strerror or exc}") from None


__all__ = ["render_html", "write_html"]
