"""The core's deck and catalog commands are made for each game from its `DECKS` parts
(zxdeck.game_api.DeckParts; zxdeck/cli/deck_cmds.py, search_cmds.py, catalog_cmds.py,
rules_cmds.py): each game's commands carry its own words and bodies, and a game whose parts
lack a body gets a one-line refusal (exit 2) for that command, never a traceback."""

from __future__ import annotations

import sys
import types

import click
import pytest
from click.testing import CliRunner

from zxdeck import games
from zxdeck.cli import AppContext, catalog_cmds, deck_cmds, rules_cmds, search_cmds
from zxdeck.game_api import DECK_PARTS_METHODS, DeckParts

MODULES = (deck_cmds, search_cmds, catalog_cmds, rules_cmds)


def made(game: str) -> click.Group:
    group = click.Group(game)
    for module in MODULES:
        module.register(group, game)
    return group


@pytest.mark.parametrize("game", ["zx", "moz"])
def test_each_game_names_parts_that_follow_the_protocol(game: str) -> None:
    parts = deck_cmds.deck_parts(game)
    assert isinstance(parts, DeckParts) and parts.key == game
    assert all(callable(getattr(parts, m, None)) for m in DECK_PARTS_METHODS)
    for path, words in parts.texts.items():
        assert words.get("short_help"), path


@pytest.mark.parametrize("game", ["zx", "moz"])
def test_every_command_of_the_game_table_is_made_from_the_parts(game: str) -> None:
    group = made(game)
    table = games.game_module(game).COMMANDS
    for name, module in table.items():
        if module in {m.__name__ for m in MODULES}:
            assert name in group.commands, name
    parts = deck_cmds.deck_parts(game)
    for name in ("validate", "stats", "regulations", "draw", "search", "card", "rules"):
        assert group.commands[name].short_help == parts.texts[name]["short_help"], name
    deck = group.commands["deck"]
    assert isinstance(deck, click.Group) and {*parts.deck_commands, "validate", "stats"} == set(deck.commands)
    catalog = group.commands["catalog"]
    assert isinstance(catalog, click.Group) and set(parts.catalog_commands) == set(catalog.commands)


def test_the_options_follow_each_games_features() -> None:
    zx, moz = made("zx"), made("moz")

    def options(group: click.Group, name: str) -> set[str]:
        return {o for p in group.commands[name].params for o in getattr(p, "opts", ())}

    assert "--date" in options(zx, "validate") and "--date" not in options(moz, "validate")
    assert {"--history", "--date"} <= options(zx, "regulations") and "--history" not in options(moz, "regulations")
    assert {"-n", "--mulligan", "--second"} <= options(zx, "draw")
    assert "--allow-illegal" in options(moz, "draw") and "--mulligan" not in options(moz, "draw")
    assert "--card" in options(zx, "stats") and "--card" in options(moz, "stats")
    assert "--history" not in options(moz, "regulations")  # a feature the game lacks has no option
    sorts = {p.name: p for p in moz.commands["search"].params}["sort"].type.choices
    assert "level" in sorts and "cost" not in sorts
    assert {"path", "build", "info"} == set(zx.commands["db"].commands) == set(moz.commands["db"].commands)


class _OnlyValidate:
    """Parts of a game that can only validate (and has no rules reference)."""

    key = "tiny"
    texts = {"validate": {"short_help": "Check tiny decks."}}
    features = frozenset()
    deck_commands = ("export", "code", "diff")
    catalog_commands = ("import", "check")

    def validate(self, app, decks, fmt, regulation, day, deck_format, color, echo) -> None:  # noqa: ANN001
        echo(f"tiny: {len(decks)} deck(s), {fmt}")


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> str:
    """A registered game `tiny` whose DECKS parts have only `validate`; `bare`, without DECKS."""
    parts_module = types.ModuleType("tiny_deck_parts")
    parts_module.DECKS = _OnlyValidate()  # type: ignore[attr-defined]
    tiny_module = types.ModuleType("tiny_game")
    tiny_module.KEY, tiny_module.DECKS = "tiny", "tiny_deck_parts:DECKS"  # type: ignore[attr-defined]
    bare_module = types.ModuleType("bare_game")
    bare_module.KEY = "bare"  # type: ignore[attr-defined]
    for name, module in (("tiny_deck_parts", parts_module), ("tiny_game", tiny_module), ("bare_game", bare_module)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setitem(games.GAMES, "tiny", "tiny_game")
    monkeypatch.setitem(games.GAMES, "bare", "bare_game")
    return "tiny"


def invoke(group: click.Group, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(group, list(args), obj=AppContext(cards=(), debug=False, game="tiny"))
    return result.exit_code, result.output


def test_a_game_serves_the_command_its_parts_have(tiny: str) -> None:
    code, out = invoke(made(tiny), "validate", "a.txt", "b.txt")
    assert code == 0 and out == "tiny: 2 deck(s), text\n"
    assert "--date" not in invoke(made(tiny), "validate", "--help")[1]


@pytest.mark.parametrize("args", [["stats", "a.txt"], ["regulations"], ["draw", "a.txt"], ["search", "t:x"],
                                  ["card", "X-1"], ["db", "info"], ["rules", "A-1"], ["deck", "code", "a.txt"],
                                  ["deck", "diff", "a", "b"], ["catalog", "import", "x.csv"]])
def test_a_command_the_parts_cannot_serve_is_refused_in_one_line(tiny: str, args: list[str]) -> None:
    code, out = invoke(made(tiny), *args)
    assert code == 2
    assert out.count("\n") == 1 and out.startswith("zxdeck: error: `") and "not available for --game tiny" in out


def test_a_game_without_decks_parts_refuses_every_one_of_these_commands(tiny: str) -> None:
    group = made("bare")
    for name in ("validate", "stats", "regulations", "deck", "draw", "search", "card", "db", "catalog", "rules"):
        code, out = invoke(group, name, "x")
        assert code == 2 and out.count("\n") == 1 and "not available for --game bare" in out, name
