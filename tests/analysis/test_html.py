"""`--html FILE` (zxdeck.analysis.html): one self-contained page whose numbers are the JSON's, and
(when Debian's chromium is installed) the page in a real headless browser: no console error, the
matrix cells match the JSON, a click sorts, a 1280x800 screenshot."""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"
RED, BLUE = str(DECKS / "red.txt"), str(DECKS / "blue.txt")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
IN_CI = os.environ.get("CI", "").lower() == "true"  # .ci/run: the browser must be there


def zx(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


class Cells(HTMLParser):
    """The matrix cells (row, col, data-rate, text), every URL-bearing attribute, the JSON blob."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[tuple[int, int, str | None, str]] = []
        self.urls: list[str] = []
        self.tags: list[str] = []
        self._cell: list | None = None
        self._json = False
        self.json = ""

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]
        if tag == "td" and "data-row" in a:
            self._cell = [int(a["data-row"]), int(a["data-col"]), a.get("data-rate"), ""]
        if tag == "script" and a.get("id") == "result":
            self._json = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None:
            self.cells.append(tuple(self._cell))
            self._cell = None
        if tag == "script":
            self._json = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell[3] += data
        if self._json:
            self.json += data


@pytest.fixture(scope="module")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    d = tmp_path_factory.mktemp("html")
    page = d / "report.html"
    r = zx("tournament", str(DECKS), "-n", "4", "--jobs", "1", "--card-stats", "--format", "json",
           "--html", str(page))
    assert r.returncode == 0, r.stderr
    return page, json.loads(r.stdout)


def test_the_page_is_self_contained_and_holds_the_json(tournament) -> None:
    page, result = tournament
    text = page.read_text(encoding="utf-8")
    assert len(text.encode()) < 1 << 20  # a 5-deck tournament with card statistics: well under 1 MiB
    p = Cells()
    p.feed(text)
    assert p.urls == [] and "http://" not in text and "https://" not in text and "@import" not in text
    assert "link" not in p.tags and "img" not in p.tags and "iframe" not in p.tags
    blob = json.loads(p.json)
    assert blob["matrix"] == result["matrix"] and blob["ranking"] == result["ranking"]
    k = len(result["entrants"])
    assert len(p.cells) == k * k
    for i, j, rate, shown in p.cells:
        want = result["matrix"][i][j]
        if want is None:
            assert rate is None and shown == "-"
        else:
            lo, hi = result["intervals"][i][j]
            assert float(rate) == want and shown == f"{100 * want:.0f} [{100 * lo:.0f}-{100 * hi:.0f}]"
    for d in result["card_stats"]:
        assert f"<h3>{d['deck']}: {d['games']} games" in text
    assert '<pre id="command">zxdeck tournament ' in text and "--html" not in text.split('id="command">')[1][:300]
    assert result["manifest"]["catalog_sha256"] in text
    assert "紅林アカネ" in text or "火の粉払い" in text  # Japanese names as they are (UTF-8)


def test_every_command_writes_its_page(tmp_path: Path) -> None:
    runs = {
        "sim": ["sim", RED, BLUE, "-n", "2", "--jobs", "1"],
        "gauntlet": ["gauntlet", RED, str(DECKS), "-n", "2", "--jobs", "1"],
        "optimize": ["optimize", RED, "--try", "-1 火の粉払い +1 紅蓮の業火", "-n", "2", "--jobs", "1"],
        "moz": ["--game", "moz", "sim", str(ROOT / "examples" / "moz" / "dusk_minus.txt"),
                str(ROOT / "examples" / "moz" / "shell_dragons.txt"), "-n", "2"],
    }
    for name, args in runs.items():
        page = tmp_path / f"{name}.html"
        r = zx(*args, "--html", str(page))
        assert r.returncode == 0, (name, r.stderr)
        text = page.read_text(encoding="utf-8")
        assert text.startswith("<!DOCTYPE html>") and "Deck lists" in text, name
        assert json.loads(text.split('id="result">')[1].split("</script>")[0].replace("<\\/", "</"))
    assert "against a field of red 100 %, seed 0" in (tmp_path / "optimize.html").read_text(encoding="utf-8")
    bad = zx("sim", RED, BLUE, "-n", "2", "--jobs", "1", "--html", str(tmp_path / "no" / "x.html"))
    assert bad.returncode == 2 and "cannot write the HTML report" in bad.stderr


def test_an_html_or_plot_path_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path) -> None:
    """--html / --plot in a folder that is not there, naming a folder, or naming a file that is
    not a page or image (a deck list): one line (exit 2) before a game is played (the --out
    folder is never made), not after the whole run, losing its result."""
    moz = [str(ROOT / "examples" / "moz" / f) for f in ("dusk_minus.txt", "shell_dragons.txt")]
    missing, folder = str(tmp_path / "no" / "x"), str(tmp_path)
    runs = [
        (["sim", RED, BLUE, "-n", "100000"], "--html", missing + ".html", "no folder"),
        (["tournament", RED, BLUE, "-n", "100000"], "--plot", missing + ".png", "no folder"),
        (["gauntlet", RED, str(DECKS), "-n", "100000"], "--html", folder, "is a folder, not a file"),
        (["optimize", RED, "--try", "-1 火の粉払い +1 紅蓮の業火", "-n", "100000"], "--html",
         missing + ".html", "no folder"),
        (["--game", "moz", "sim", *moz, "-n", "100000"], "--html", missing + ".html", "no folder"),
        (["--game", "moz", "tournament", *moz, "-n", "100000"], "--plot", missing + ".svg",
         "no folder"),
    ]
    for i, (args, option, path, problem) in enumerate(runs):
        out = tmp_path / f"run{i}"
        r = zx(*args, option, path, "--out", str(out))
        assert r.returncode == 2 and r.stdout == "", (args, r.stderr)
        assert r.stderr.count("\n") == 1 and problem in r.stderr and "before the games" in r.stderr
        assert not out.exists(), args  # nothing ran
    deck = tmp_path / "mine.txt"  # a deck list after --html by mistake: never written over
    shutil.copy(RED, deck)
    for args in (["sim", RED, BLUE, "-n", "2", "--html", str(deck)],
                 ["tournament", RED, BLUE, "-n", "2", "--plot", str(deck.with_suffix(".png"))]):
        if args[-1].endswith(".png"):
            shutil.copy(RED, args[-1])
        r = zx(*args)
        assert r.returncode == 2 and "it exists and is not" in r.stderr and "choose another name" in r.stderr
        assert Path(args[-1]).read_bytes() == Path(RED).read_bytes()
    page = tmp_path / "again.html"  # a page zxdeck wrote is written over, as before
    for _ in range(2):
        assert zx("sim", RED, BLUE, "-n", "2", "--jobs", "1", "--html", str(page)).returncode == 0


HARNESS = """<script>
window.__errors = [];
window.addEventListener('error', function (e) { window.__errors.push(String(e.message)); });
var __ce = console.error; console.error = function () { window.__errors.push([].join.call(arguments, ' ')); };
window.addEventListener('load', function () {
  var out = {errors: window.__errors};
  var cells = document.querySelectorAll('#matrix td.cell');
  out.cells = [].map.call(cells, function (td) { return [+td.dataset.row, +td.dataset.col,
      td.dataset.rate === undefined ? null : +td.dataset.rate, td.textContent,
      getComputedStyle(td).backgroundColor]; });
  var table = document.getElementById('ranking');
  var th = table.tHead.rows[0].cells[5];  // games
  th.click();
  out.asc = [].map.call(table.tBodies[0].rows, function (r) { return +r.cells[5].dataset.v; });
  th.click();
  out.desc = [].map.call(table.tBodies[0].rows, function (r) { return +r.cells[5].dataset.v; });
  var name = table.tHead.rows[0].cells[0];
  name.click();
  out.names = [].map.call(table.tBodies[0].rows, function (r) { return r.cells[0].textContent; });
  var pre = document.createElement('pre'); pre.id = '__test'; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>"""


@pytest.mark.skipif(CHROMIUM is None and not IN_CI, reason="no chromium (apt-get install chromium)")
def test_the_page_in_a_headless_browser(tournament, tmp_path: Path) -> None:
    if CHROMIUM is None:  # CI=true: .ci/run installs it, so a missing one is a failure
        pytest.fail("CI=true and no chromium on the PATH: .ci/run's apt-get step did not install it")
    assert CHROMIUM is not None
    page, result = tournament
    text = page.read_text(encoding="utf-8")
    probe = tmp_path / "probe.html"
    probe.write_text(text.replace("<title>", HARNESS + "<title>", 1), encoding="utf-8")
    flags = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run([*flags, "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert "__test" in dom.stdout, dom.stderr[-2000:]
    found = json.loads(dom.stdout.split('<pre id="__test">')[1].split("</pre>")[0]
                       .replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"'))
    assert found["errors"] == []
    k = len(result["entrants"])
    assert len(found["cells"]) == k * k
    for i, j, rate, shown, bg in found["cells"]:
        assert rate == result["matrix"][i][j]
        if rate is not None:
            assert shown.startswith(f"{100 * rate:.0f} [") and bg not in ("rgba(0, 0, 0, 0)", "")
    games = sorted(r["games"] for r in result["ranking"])
    assert found["asc"] == games and found["desc"] == games[::-1]
    assert found["names"] == sorted(result["entrants"])
    shot = tmp_path / "matrix.png"
    subprocess.run([*flags, "--window-size=1280,800", "--hide-scrollbars", f"--screenshot={shot}",
                    page.as_uri()], capture_output=True, text=True, timeout=120)
    head = shot.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (1280, 800)
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow comes with the plot extra
        return
    img = Image.open(shot).convert("RGB")
    colors = {img.getpixel((x, y)) for x in range(0, 1280, 8) for y in range(0, 800, 8)}
    # the matrix's cell colors are on screen (not a blank page): several non-grey colors
    assert sum(1 for r, g, b in colors if max(r, g, b) - min(r, g, b) > 30) >= 3


def test_a_ten_deck_tournament_page_is_under_one_mebibyte(tmp_path: Path) -> None:
    for c in ("red", "blue", "green", "white", "black"):
        for suffix in ("", "2"):
            shutil.copy(DECKS / f"{c}.txt", tmp_path / f"{c}{suffix}.txt")
    page = tmp_path / "ten.html"
    r = zx("tournament", str(tmp_path), "-n", "2", "--jobs", "1", "--card-stats", "--html", str(page))
    assert r.returncode == 0, r.stderr
    size = page.stat().st_size
    assert 10_000 < size < 1 << 20
    assert page.read_text(encoding="utf-8").count("<h3>") == 10  # every entrant's cards
