"""`--plot` with Japanese deck names: drawn with a Japanese font of the machine, or shown as
`#1`, `#2`, ... with one note saying how to get one, never as empty boxes with glyph warnings."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"  # .ci/run: the font must be there
if not IN_CI:
    pytest.importorskip("matplotlib")

from zxdeck.sim import plot  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"


def result(names: list[str]) -> dict:
    k = len(names)
    matrix = [[None if i == j else 0.5 for j in range(k)] for i in range(k)]
    ivs = [[None if i == j else [0.3, 0.7] for j in range(k)] for i in range(k)]
    return {"entrants": names, "matrix": matrix, "intervals": ivs, "games_per_pairing": 10, "seed": 1}


def test_labels_without_a_japanese_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plot, "cjk_font", lambda: None)
    shown, family, note = plot.plot_labels(["赤単", "blue", "緑"])
    assert shown == ["#1", "blue", "#3"] and family is None
    assert "赤単 = #1, 緑 = #3" in note and "fonts-noto-cjk" in note and "\n" not in note
    assert plot.plot_labels(["red", "blue"]) == (["red", "blue"], None, None)  # nothing to do


def test_the_plot_has_no_glyph_warning_and_one_note(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(plot, "cjk_font", lambda: None)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        plot.plot_matrix(result(["赤単", "青単", "緑単"]), str(tmp_path / "m.svg"))
    assert [str(w.message) for w in seen if "Glyph" in str(w.message)] == []
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("zxdeck: note: --plot found no font")
    text = (tmp_path / "m.svg").read_text(encoding="utf-8")
    assert "#1" in text and "#3" in text


@pytest.mark.skipif(plot.cjk_font() is None and not IN_CI,
                    reason="no font with Japanese glyphs on this machine")
def test_japanese_deck_names_with_the_machines_font(tmp_path: Path) -> None:
    if plot.cjk_font() is None:  # CI=true: .ci/run installs fonts-noto-cjk, so this is a failure
        pytest.fail("CI=true and no Japanese font found by matplotlib: .ci/run's apt-get step "
                    "(fonts-noto-cjk) did not install it")
    for src, name in (("red", "赤単"), ("blue", "青単")):
        shutil.copy(DECKS / f"{src}.txt", tmp_path / f"{name}.txt")
    r = subprocess.run([sys.executable, "-m", "zxdeck", "tournament", str(tmp_path), "-n", "2",
                        "--jobs", "1", "--plot", str(tmp_path / "m.svg")], capture_output=True,
                       text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""  # no note, no glyph warning
    text = (tmp_path / "m.svg").read_text(encoding="utf-8")
    family = plot.cjk_font()
    assert family is not None and "赤単" in text  # the label (matplotlib writes it beside its glyphs)
    assert family.replace(" ", "").lower()[:8] in text.lower()  # glyphs of the Japanese font
