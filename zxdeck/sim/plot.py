"""The matchup matrix of a tournament as a heat map (PNG or SVG), with matplotlib (`zxdeck[plot]`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from zxdeck.errors import ZxError

PLOT_MISSING = "--plot needs matplotlib: pip install 'zxdeck[plot]'"
FORMATS = (".png", ".svg")


def require_matplotlib() -> None:
    """ZxError (exit 2) saying how to install matplotlib when it is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ZxError(PLOT_MISSING) from None


def check_plot_path(path: str) -> None:
    if Path(path).suffix.lower() not in FORMATS:
        raise ZxError(f"{path}: --plot writes .png or .svg files")
    require_matplotlib()


def plot_matrix(result: dict[str, Any], path: str) -> None:
    """Write the heat map of `result` (`tournament_result`): row's win % against column, each
    cell labelled with its win % and 95 % interval; red below 50 %, blue above."""
    check_plot_path(path)
    import matplotlib

    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    names = result["entrants"]
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


__all__ = ["FORMATS", "PLOT_MISSING", "check_plot_path", "plot_matrix", "require_matplotlib"]
