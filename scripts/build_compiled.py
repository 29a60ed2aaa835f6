"""Optional compiled build of the rules engine (Cython), beside the pure-Python package.

    pip install 'cython>=3.0' setuptools      # or: pip install -e '.[compile]'
    python scripts/build_compiled.py          # -> build/compiled/zxdeck
    PYTHONPATH=build/compiled zxdeck sim examples/decks/red.txt examples/decks/blue.txt -n 1000
    python scripts/build_compiled.py --test   # the engine's and agents' tests on the compiled copy

The pure-Python package stays what `pip install .` installs and what the tests run. This
script copies `zxdeck/` (with the built-in catalog and the rules text, as the wheel ships
them) to `build/compiled/` and compiles the engine's modules there, unchanged, with Cython
(`ENGINE_MODULES`; no annotations are used as C types). C types come only from the declaration
files beside the modules (`zxdeck/games/zx/engine/*.pxd`): `Game` (game.pxd), `PlayerState` (state.pxd),
`Ability` and `Script` (abilities.pxd) become extension types with typed attributes (instances
of `Game` still take extra attributes; the classes cannot be patched), and the hot methods and
functions get C-typed locals (game.pxd, dunamis.pxd, battle.pxd); `Rng` (zxdeck/rng.pxd) keeps
its state in a C unsigned 64-bit integer and runs SplitMix64 in C arithmetic (the same values). Whatever puts `build/compiled` first on `sys.path` (PYTHONPATH) runs the compiled
engine; `bench/bench_engine.py --compiled build/compiled --baseline REV` measures it.
`--test` runs tests/engine (golden games, fuzz and property tests), tests/engine_audit and
tests/agents on the compiled copy (`TEST_DIRS`), less `NOT_COMPILED` (a test that patches the
`Game` class, which an extension type does not allow). (tests/sim runs `python -m zxdeck` from
the checkout: it would test the Python engine.)
Needs a C compiler and the Python headers. Exit status: 0 built (and tested), 1 build or
tests failed, 2 Cython or setuptools missing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# modules of the zxdeck package compiled (the rules engine and the generator it draws from)
TEST_DIRS = ("tests/engine", "tests/engine_audit", "tests/agents")
NOT_COMPILED = ("test_mcts_samples_with_the_engine_determinization",)
ENGINE_MODULES = ("games.zx.engine.game", "games.zx.engine.abilities", "games.zx.engine.dunamis",
                  "games.zx.engine.battle", "games.zx.engine.effects", "games.zx.engine.state", "rng")


def build(out: Path, jobs: int) -> None:
    try:
        from Cython.Build import cythonize
        from setuptools import Extension, setup
    except ImportError:
        print("build_compiled: needs Cython and setuptools (pip install 'cython>=3.0' setuptools)",
              file=sys.stderr)
        sys.exit(2)
    if out.exists():
        shutil.rmtree(out)
    pkg = out / "zxdeck"
    shutil.copytree(ROOT / "zxdeck", pkg, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    shutil.copytree(ROOT / "data", pkg / "data")
    shutil.copy(ROOT / "docs" / "RULES.md", pkg / "data" / "RULES.md")
    exts = [Extension(f"zxdeck.{m}", [f"zxdeck/{m.replace('.', '/')}.py"]) for m in ENGINE_MODULES]
    here = os.getcwd()
    os.chdir(out)
    try:
        setup(
            name="zxdeck-compiled-engine",
            ext_modules=cythonize(exts, quiet=True, nthreads=jobs, compiler_directives={
                "language_level": 3, "annotation_typing": False, "binding": True}),
            script_args=["build_ext", "--inplace", "-j", str(jobs), "--build-temp", str(out / "tmp")],
        )
    finally:
        os.chdir(here)
    shutil.rmtree(out / "tmp", ignore_errors=True)
    for m in ENGINE_MODULES:
        path = pkg.joinpath(*m.split("."))
        if not list(path.parent.glob(f"{path.name}.*.so")) and not list(path.parent.glob(f"{path.name}.*.pyd")):
            print(f"build_compiled: zxdeck/{m.replace('.', '/')}.py was not compiled", file=sys.stderr)
            sys.exit(1)
        path.with_suffix(".c").unlink(missing_ok=True)
    print(f"compiled engine in {pkg} ({len(ENGINE_MODULES)} modules); use PYTHONPATH={out}")


def run_tests(out: Path) -> int:
    env = dict(os.environ, PYTHONPATH=str(out))
    check = subprocess.run([sys.executable, "-c", "import zxdeck.games.zx.engine.game as g; print(g.__file__)"],
                           env=env, capture_output=True, text=True, cwd=out)
    if not check.stdout.strip().endswith((".so", ".pyd")):
        print(f"build_compiled: the compiled engine is not the one imported ({check.stdout.strip()})",
              file=sys.stderr)
        return 1
    # the tests and their configuration come from the checkout, zxdeck from the compiled copy
    # (run from `out`: `python -m pytest` puts the working folder first on sys.path)
    env["ZXDECK_EXPECT_COMPILED"] = "1"
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
           "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml")]
    cmd += ["-k", " and ".join(f"not {t}" for t in NOT_COMPILED)]
    cmd += [str(ROOT / d) for d in TEST_DIRS]
    return subprocess.run(cmd, env=env, cwd=out).returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--test", action="store_true", help="run tests/engine against the compiled copy")
    ap.add_argument("--no-build", action="store_true", help="with --test: test the copy already built")
    args = ap.parse_args()
    out = args.out.resolve()
    if not args.no_build:
        build(out, args.jobs)
    if args.test:
        sys.exit(1 if run_tests(out) else 0)


if __name__ == "__main__":
    main()
