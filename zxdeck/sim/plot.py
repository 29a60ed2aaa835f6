"""The matchup matrix of a tournament as a heat map (PNG or SVG), with matplotlib (`zxdeck[plot]`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from zxdeck.errors import ZxError

PLOT_MISSING = "--plot needs matplotlib: pip install 'zxdeck[plot]'"
FORMATS = (".png", ".svg")
# fonts with Japanese glyphs, by the family names matplotlib's font manager gives them
CJK_FAMILIES = ("Noto Sans CJK JP", "Noto Sans JP", "Noto Serif CJK JP", "Source Han Sans JP",
                "Source Han Sans", "IPAexGothic", "IPAGothic", "IPAPGothic", "TakaoGothic",
                "TakaoPGothic", "VL Gothic", "Hiragino Sans", "Hiragino Kaku Gothic ProN",
                "Yu Gothic", "Meiryo", "MS Gothic", "Droid Sans Fallback", "WenQuanYi Zen Hei",
                "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK KR")
NO_CJK_FONT = ("zxdeck: note: --plot found no font with Japanese glyphs, so the names are shown "
               "as {shown}; install one (Debian/Ubuntu: apt-get install fonts-noto-cjk, then "
               "rm -rf ~/.cache/matplotlib) to see them")


def needs_cjk(text: str) -> bool:
    """Whether `text` has characters a Latin font lacks (kana, kanji, full-width forms...)."""
    return any(ord(ch) >= 0x2E80 for ch in text)


def cjk_font() -> str | None:
    """The family name of an installed font with Japanese glyphs (matplotlib's font manager), or
    None when there is none."""
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    for family in CJK_FAMILIES:
        if family in installed:
            return family
    for name in sorted(installed):  # any other CJK font by its name
        if "CJK" in name:
            return name
    return None


def plot_labels(names: list[str]) -> tuple[list[str], str | None, str | None]:
    """The labels to draw, the font family to draw them with (None: matplotlib's default) and
    the warning to print when Japanese names cannot be drawn (then `#1`, `#2`, ... for them)."""
    if not any(needs_cjk(n) for n in names):
        return names, None, None
    family = cjk_font()
    if family is not None:
        return names, family, None
    shown = [f"#{i + 1}" if needs_cjk(n) else n for i, n in enumerate(names)]
    pairs = ", ".join(f"{n} = {s}" for n, s in zip(names, shown) if n != s)
    return shown, None, NO_CJK_FONT.format(shown=pairs)


def require_matplotlib() -> None:
    """ZxError (exit 2) saying how to install matplotlib when it is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ZxError(PLOT_MISSING) from None


def check_plot_path(path: str) -> None:
    if Path(path).suffix.lower() not in FORMATS:
        raise ZxError(f"{path}: --plot writes .png or .svg files")
    from zxdeck.outputs import check_output_file

    check_output_file(path, "the plot")
    require_matplotlib()


def plot_matrix(result: dict[str, Any], path: str) -> None:
    """Write the heat map of `result` (`tournament_result`): row's win % against column, each
    cell labelled with its win % and 95 % interval; red below 50 %, blue above. Japanese names
    are drawn with a Japanese font of the machine (`cjk_font`); without one, they are shown as
    `#1`, `#2`, ... with one note on stderr saying how to get one (never as empty boxes)."""
    check_plot_path(path)
    import warnings

    import matplotlib

    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    names, family, note = plot_labels(list(result["entrants"]))
    if note:
        import click

        click.echo(note, err=True)
    rc = {"font.family": [family, "DejaVu Sans"]} if family else {}
    with matplotlib.rc_context(rc), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing from")  # said once, above
        _draw(result, names, path, plt, matplotlib)


def _draw(result: dict[str, Any], names: list[str], path: str, plt: Any, matplotlib: Any) -> None:
    k = len(names)
    data = [[float("nan") if v is None else 100 * v for v in row] for row in result["matrix"]]
    size = max(4.0, 1.1 * k + 2)
    fig, ax = plt.subplots(figsize=(size + 1, size))
    try:
        cmap = matplotlib.colormaps["RdBu"].copy()
        cmap.set_bad("#dddddd")
        im = ax.imshow(data, cmap=cmap, vmin=0, vmax=100)
        ax.set_xticks(range(k), labels=names, rotation=45, ha="right")
        ax.set_yticks(range(k), labels=names)
        ax.set_xlabel("column (opponent)")
        ax.set_ylabel("row")
        for i in range(k):
            for j in range(k):
                v = result["matrix"][i][j]
                if v is None:
                    continue
                lo, hi = result["intervals"][i][j]
                dark = abs(100 * v - 50) > 30
                ax.text(j, i, f"{100 * v:.0f}%\n[{100 * lo:.0f}-{100 * hi:.0f}]", ha="center",
                        va="center", fontsize=8, color="white" if dark else "black")
        fig.colorbar(im, ax=ax, label="win % of row against column")
        ax.set_title(f"{k} entrants, {result['games_per_pairing']} games a pairing, "
                     f"seed {result['seed']}")
        fig.tight_layout()
        try:
            fig.savefig(path, metadata={"Date": None} if path.lower().endswith(".svg") else None)
        except OSError as exc:
            raise ZxError(f"{path}: cannot write the plot: {exc.strerror}") from None
    finally:
        plt.close(fig)


__all__ = ["CJK_FAMILIES", "FORMATS", "PLOT_MISSING", "check_plot_path", "cjk_font", "needs_cjk",
           "plot_labels", "plot_matrix", "require_matplotlib"]
