"""A /regex/ search term is bounded before it runs (zxdeck.catalog.query.regex_problem).

`o:/(.*.*)*ÿ$/` once ran for ever (Python's `re` backtracks). The pattern alone decides, so the
answer is the same on every machine and catalog: nested or side-by-side repetitions, alternation
inside a repetition, backreferences, more than 3 repetitions (2 unbounded) or more than 200
characters are refused in one line (exit 2); everyday patterns still run.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from zxdeck.catalog.query import MAX_REGEX, parse, regex_problem
from zxdeck.cli import main
from zxdeck.errors import EXIT_USAGE, QueryError


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ZXDECK_CARDS", raising=False)


@pytest.mark.parametrize(("pattern", "problem"), [
    ("(.*.*)*ÿ$", "a repetition inside a repetition"),
    ("(a+)+b", "a repetition inside a repetition"),
    ("(\\w*x)*y", "a repetition inside a repetition"),
    ("(a|ab)*c", "an alternation inside a repetition"),
    (".*.*x", "two repetitions side by side"),
    ("\\w*\\w*x", "two repetitions side by side"),
    (".{0,9}.{0,9}x", "two repetitions side by side"),
    ("a.*b.*c.*d", "more than 3 repetitions (2 of them *, +, {n,})"),
    ("a.{0,5}b.{0,5}c.{0,5}d.{0,5}e", "more than 3 repetitions"),
    ("(\\w)\\1", "a backreference or conditional"),
    ("(?P<x>a)(?P=x)", "a backreference or conditional"),
    ("a" * (MAX_REGEX + 1), f"longer than {MAX_REGEX} characters"),
])
def test_a_pattern_that_could_run_for_ever_is_refused(pattern: str, problem: str) -> None:
    assert regex_problem(pattern) is not None and regex_problem(pattern).startswith(problem)
    with pytest.raises(QueryError) as info:
        parse(f"o:/{pattern}/")
    assert "regular expression refused" in str(info.value) and problem in str(info.value)
    assert info.value.exit_code == EXIT_USAGE and "\n" not in str(info.value)


@pytest.mark.parametrize("pattern", [
    "^蒼", "破壊.*手札", "攻撃.*破壊.*手札", "(赤|青)+", "^.{0,5}ライフ", "ドラゴン|天使", "\\d{4,}", "(?i)zx$",
    "a?b?c?d?e?", "(?=.*竜).*騎士",
])
def test_everyday_patterns_are_kept(pattern: str) -> None:
    assert regex_problem(pattern) is None
    parse(f"o:/{pattern}/")


@pytest.mark.parametrize("game", ["zx", "moz"])
def test_the_search_command_refuses_in_one_line(game: str) -> None:
    runner = CliRunner()
    with runner.isolation() as (out, err, _):
        with pytest.raises(SystemExit) as info:
            main(["--game", game, "search", "n:/(.*.*)*ÿ$/"])
        assert info.value.code == 2 and out.getvalue() == b""
        message = err.getvalue().decode()
    assert message.count("\n") == 1 and "regular expression refused" in message
    assert "a repetition inside a repetition" in message
