"""Card abilities as data (docs/ABILITIES.md): compiling, checking, conditions and filters.

`script_for(card)` turns a card's `abilities` list into a `Script` once (cached):
abilities grouped by kind and trigger, each an immutable `Ability`. The engine
stores `Ability` objects (plain data) in its task stack, never closures, so a
game can be cloned and replayed. `check_card(card)` lists what is wrong with a
card's abilities (for catalog tests); the engine refuses such a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zxdeck.catalog.model import Card, type_matches, zx_types
from zxdeck.errors import ZxError
from zxdeck.games.zx.engine.state import OWN_ROW, PLAYER_SQUARE

if TYPE_CHECKING:
    from zxdeck.games.zx.engine.game import Game

KINDS = ("auto", "activated", "continuous", "event", "descent", "awakening", "idealize", "shift")
TRIGGERS = (
    "enter", "attack", "attacked", "destroyed", "turn_start", "turn_end", "milled",
    "life", "ally_enter", "player_attacked",
)
VIAS = ("overdrive", "life", "hand", "effect")
CONDITION_KEYS = (
    "zero_optima", "lv", "has_force", "counters", "own_zx", "life_at_most", "player",
    "dunamis_face_up",
)
COST_KEYS = ("sleep_self", "pay", "discard", "counters", "force", "charge")
FILTER_KEYS = (
    "type", "color", "race", "name", "max_cost", "min_cost", "max_power", "min_power",
    "area", "state", "other", "has_force", "ignition",
)
SELECTOR_KEYS = ("side", "count", "upto", "all", "filter")
TARGET_WORDS = ("self", "attacker", "attack_target")
COUNTERS = {"dream_key": "ドリーム・キー", "memory_piece": "メモリーピース", "melody": "メロディ"}

# effect name -> (allowed parameters, whether `target` is required)
EFFECTS: dict[str, tuple[frozenset[str], bool]] = {
    "draw": (frozenset({"n", "who"}), False),
    "damage": (frozenset({"amount", "target"}), True),
    "destroy": (frozenset({"target"}), True),
    "power": (frozenset({"amount", "target"}), True),
    "bounce": (frozenset({"target"}), True),
    "deck_bottom": (frozenset({"target"}), True),
    "to_resource": (frozenset({"target", "slept"}), True),
    "to_trash": (frozenset({"target"}), True),
    "sleep": (frozenset({"target"}), True),
    "reboot": (frozenset({"target"}), True),
    "search": (frozenset({"filter", "n", "to"}), False),
    "discard": (frozenset({"n", "who", "random"}), False),
    "mill": (frozenset({"n", "who"}), False),
    "gain_counter": (frozenset({"counter", "n"}), False),
    "alter_force": (frozenset({"n"}), False),
    "move": (frozenset({"target"}), True),
    "play_free": (frozenset({"from", "filter"}), False),
    "life_recover": (frozenset({"n"}), False),
    "retrieve": (frozenset({"from", "to", "filter", "n"}), False),
    "ramp": (frozenset({"n", "slept"}), False),
    "charge_from_deck": (frozenset({"n"}), False),
    "reboot_resources": (frozenset({"n"}), False),
    "over_boost": (frozenset(), False),
    "protect": (frozenset({"from"}), False),
    "win": (frozenset(), False),
}
UNIT_EFFECTS = frozenset(k for k, (_, t) in EFFECTS.items() if t)


class Ability:
    """One ability of a card, compiled from its mapping. Immutable in practice (shared by clones)."""

    __slots__ = (
        "card_id", "index", "kind", "trigger", "via", "condition", "cost", "optional",
        "once_per_turn", "effects", "timing", "label", "raw",
    )

    def __init__(self, card_id: str, index: int, raw: dict[str, Any]) -> None:
        self.card_id = card_id
        self.index = index
        self.raw = raw
        self.kind: str = raw.get("kind", "")
        self.trigger: str = raw.get("trigger", "")
        self.via: str | None = raw.get("via")
        self.condition: dict[str, Any] | None = raw.get("condition") or None
        self.cost: dict[str, Any] | None = raw.get("cost") or None
        self.optional: bool = bool(raw.get("optional", False)) or (
            self.kind == "auto" and self.cost is not None
        )
        self.once_per_turn: bool = bool(raw.get("once_per_turn", False))
        self.effects: tuple[dict[str, Any], ...] = tuple(raw.get("effects") or ())
        # B-3: without a timing an activated ability may be used in the main phase and in the battle
        # event step (by either player); `main` / `battle` restrict it, `any` says both
        self.timing: str = raw.get("timing", "any")
        self.label: str = raw.get("label", "")

    def __repr__(self) -> str:
        return f"Ability({self.card_id}#{self.index} {self.kind} {self.trigger})"


class Script:
    """A card's abilities grouped for the engine."""

    __slots__ = ("auto", "activated", "continuous", "events", "descent", "awakening",
                 "idealize", "shift", "all", "power_effs", "protect_effs", "descent_count",
                 "descent_filter", "descent_static", "shift_need", "shift_filter", "shift_static")

    def __init__(self) -> None:
        self.auto: dict[str, list[Ability]] = {}
        self.activated: list[Ability] = []
        self.continuous: list[Ability] = []
        self.events: list[Ability] = []
        self.descent: Ability | None = None
        self.awakening: Ability | None = None
        self.idealize: Ability | None = None
        self.shift: Ability | None = None
        self.all: list[Ability] = []
        # derived once (engine speed): the continuous `power` / `protect` effects in card order,
        # as (ability, effect) pairs; empty for most cards, so a Z/X without them costs nothing
        self.power_effs: tuple[tuple[Ability, dict[str, Any]], ...] = ()
        self.protect_effs: tuple[tuple[Ability, dict[str, Any]], ...] = ()
        # X-2 descent: how many Z/X (0: any number) matching which filter; H-2 Shift: face-up
        # dunamis cards needed and the 剣臨器 filter (read from the abilities once)
        self.descent_count = 0
        self.descent_filter: dict[str, Any] | None = None
        self.descent_static = False  # the filter reads only the cards (`static_filter`)
        self.shift_need = 0
        self.shift_filter: dict[str, Any] | None = None
        self.shift_static = False

    def derive(self) -> None:
        """Fill the derived tables from `continuous`, `descent` and `shift` (after the abilities
        are grouped)."""
        if self.descent is not None:
            self.descent_count = int(self.descent.raw.get("count", 0) or 0)
            self.descent_filter = self.descent.raw.get("filter")
            self.descent_static = static_filter(self.descent_filter)
        if self.shift is not None:
            self.shift_need = int(self.shift.raw.get("dunamis_face_up", 0) or 0)
            self.shift_filter = self.shift.raw.get("target")
            self.shift_static = static_filter(self.shift_filter)
        self.power_effs = tuple((ab, eff) for ab in self.continuous for eff in ab.effects
                                if eff["do"] == "power")
        self.protect_effs = tuple((ab, eff) for ab in self.continuous for eff in ab.effects
                                  if eff["do"] == "protect")


EMPTY_SCRIPT = Script()


def _check_filter(flt: Any, where: str, problems: list[str]) -> None:
    if flt is None:
        return
    if not isinstance(flt, dict):
        problems.append(f"{where}: filter must be a mapping")
        return
    for key in flt:
        if key not in FILTER_KEYS:
            problems.append(f"{where}: unknown filter key {key!r}")
    if "area" in flt and flt["area"] not in (
        "own_area", "center", "enemy_area", "normal_square", "player_square"
    ):
        problems.append(f"{where}: unknown area {flt['area']!r}")
    if "state" in flt and flt["state"] not in ("rebooted", "slept"):
        problems.append(f"{where}: unknown state {flt['state']!r}")


def _check_target(target: Any, where: str, problems: list[str]) -> None:
    if isinstance(target, str):
        if target not in TARGET_WORDS:
            problems.append(f"{where}: unknown target word {target!r}")
        return
    if not isinstance(target, dict):
        problems.append(f"{where}: target must be a word or a selector mapping")
        return
    for key in target:
        if key not in SELECTOR_KEYS:
            problems.append(f"{where}: unknown selector key {key!r}")
    if target.get("side", "opponent") not in ("opponent", "self", "any"):
        problems.append(f"{where}: unknown side {target.get('side')!r}")
    _check_filter(target.get("filter"), where, problems)


def _check_condition(cond: Any, where: str, problems: list[str]) -> None:
    if cond is None:
        return
    if not isinstance(cond, dict):
        problems.append(f"{where}: condition must be a mapping")
        return
    for key in cond:
        if key not in CONDITION_KEYS:
            problems.append(f"{where}: unknown condition {key!r}")
    if "own_zx" in cond and isinstance(cond["own_zx"], dict):
        _check_filter(cond["own_zx"].get("filter"), where, problems)


def _check_effects(effects: Any, where: str, problems: list[str], kind: str) -> None:
    if not isinstance(effects, list | tuple):
        problems.append(f"{where}: effects must be a list")
        return
    for j, eff in enumerate(effects):
        at = f"{where} effect {j + 1}"
        if not isinstance(eff, dict) or "do" not in eff:
            problems.append(f"{at}: an effect is a mapping with 'do'")
            continue
        name = eff["do"]
        if name not in EFFECTS:
            problems.append(f"{at}: unknown effect {name!r}")
            continue
        allowed, needs_target = EFFECTS[name]
        for key in eff:
            if key != "do" and key not in allowed:
                problems.append(f"{at}: {name} has no parameter {key!r}")
        if needs_target and "target" not in eff:
            problems.append(f"{at}: {name} needs a target")
        if "target" in eff:
            _check_target(eff["target"], at, problems)
        if "filter" in eff:
            _check_filter(eff["filter"], at, problems)
        if eff.get("who", "self") not in ("self", "opponent"):
            problems.append(f"{at}: who must be self or opponent")
        if kind == "continuous" and name not in ("power", "protect"):
            problems.append(f"{at}: a continuous ability has only power and protect effects")
        if name == "protect" and kind != "continuous":
            problems.append(f"{at}: protect is for continuous abilities only")
        if name == "protect" and eff.get("from", "attack") not in ("attack", "effects"):
            problems.append(f"{at}: protect from must be attack or effects")
        if name == "gain_counter" and eff.get("counter") not in COUNTERS:
            problems.append(f"{at}: unknown counter {eff.get('counter')!r}")
        if name == "search" and eff.get("to", "hand") not in ("hand", "resource", "square"):
            problems.append(f"{at}: search to must be hand, resource or square")
        if name == "play_free" and eff.get("from", "hand") not in ("hand", "trash", "charge", "deck_top"):
            problems.append(f"{at}: play_free from must be hand, trash, charge or deck_top")
        if name == "retrieve":
            if eff.get("from", "trash") not in ("trash", "charge"):
                problems.append(f"{at}: retrieve from must be trash or charge")
            if eff.get("to", "hand") not in ("hand", "resource", "deck_bottom"):
                problems.append(f"{at}: retrieve to must be hand, resource or deck_bottom")


def check_card(card: Card) -> list[str]:
    """Every problem of `card.abilities` against docs/ABILITIES.md (empty list: fine)."""
    problems: list[str] = []
    if card.abilities is None:
        return problems
    for i, raw in enumerate(card.abilities):
        where = f"card {card.id} ability {i + 1}"
        if not isinstance(raw, dict):
            problems.append(f"{where}: an ability is a mapping")
            continue
        kind = raw.get("kind")
        if kind not in KINDS:
            problems.append(f"{where}: unknown kind {kind!r}")
            continue
        if kind == "auto":
            if raw.get("trigger") not in TRIGGERS:
                problems.append(f"{where}: unknown trigger {raw.get('trigger')!r}")
            if raw.get("via") is not None and raw.get("via") not in VIAS:
                problems.append(f"{where}: unknown via {raw.get('via')!r}")
            if raw.get("trigger") == "milled" and not card.evol_seed:
                problems.append(f"{where}: milled needs the evol_seed icon")
        if kind in ("auto", "activated", "continuous", "event", "awakening"):
            _check_effects(raw.get("effects", []), where, problems, kind)
            _check_condition(raw.get("condition"), where, problems)
        if kind == "activated" and not raw.get("cost"):
            problems.append(f"{where}: an activated ability needs a cost")
        if raw.get("timing", "main") not in ("main", "battle", "any"):
            problems.append(f"{where}: unknown timing {raw.get('timing')!r}")
        cost = raw.get("cost")
        if cost is not None:
            if not isinstance(cost, dict):
                problems.append(f"{where}: cost must be a mapping")
            else:
                for key in cost:
                    if key not in COST_KEYS:
                        problems.append(f"{where}: unknown cost {key!r}")
        if kind == "descent":
            _check_filter(raw.get("filter"), where, problems)
        if kind == "idealize" and raw.get("counter") not in COUNTERS:
            problems.append(f"{where}: unknown counter {raw.get('counter')!r}")
        if kind == "shift":
            _check_filter(raw.get("target"), where, problems)
    if card.type == "event_ex":
        n = sum(1 for a in card.abilities if isinstance(a, dict) and a.get("kind") == "event")
        if n not in (0, 2):
            problems.append(f"card {card.id}: an event_ex has exactly two event abilities, not {n}")
    return problems


_CACHE: dict[int, tuple[Card, Script]] = {}


def script_for(card: Card) -> Script:
    """The compiled abilities of `card` (cached); raises ZxError for a malformed card."""
    hit = _CACHE.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    if card.abilities is None:
        script = EMPTY_SCRIPT
    else:
        problems = check_card(card)
        if problems:
            raise ZxError("; ".join(problems[:5]))
        script = Script()
        for i, raw in enumerate(card.abilities):
            ab = Ability(card.id, i, raw)
            script.all.append(ab)
            if ab.kind == "auto":
                script.auto.setdefault(ab.trigger, []).append(ab)
            elif ab.kind == "activated":
                script.activated.append(ab)
            elif ab.kind == "continuous":
                script.continuous.append(ab)
            elif ab.kind == "event":
                script.events.append(ab)
            elif ab.kind in ("descent", "awakening", "idealize", "shift"):
                setattr(script, ab.kind, ab)
        script.derive()
    _CACHE[id(card)] = (card, script)
    return script


# ---------------------------------------------------------------------------
# Filters and conditions


def _as_list(value: Any) -> tuple:
    if value is None:
        return ()
    if isinstance(value, list | tuple):
        return tuple(value)
    return (value,)


def card_matches(card: Card, flt: dict[str, Any] | None) -> bool:
    """Does a card (in a zone) match a filter? Cost, color, race, type, name, ignition."""
    if not flt:
        return True
    if "type" in flt and not type_matches(card.type, _as_list(flt["type"])):  # T-4
        return False
    if "color" in flt and card.color not in _as_list(flt["color"]):
        return False
    if "race" in flt and not any(flt["race"] in r for r in card.races):
        return False
    if "name" in flt and card.name != flt["name"]:
        return False
    if "max_cost" in flt and card.cost > flt["max_cost"]:
        return False
    if "min_cost" in flt and card.cost < flt["min_cost"]:
        return False
    if "max_power" in flt and card.power > flt["max_power"]:
        return False
    if "min_power" in flt and card.power < flt["min_power"]:
        return False
    return not ("ignition" in flt and card.ignition != bool(flt["ignition"]))


def _build(name: str, args: str, body: list[str], env: dict[str, Any]) -> Any:
    """Make a function from generated lines (each test of a filter or condition becomes one line).

    The lines name the filter's values (`env`), never contain them: the source is a factory
    `make_<name>(<env names>)` returning the function, the same for every filter with the same
    keys. The optional compiled build (scripts/build_compiled.py) compiles the factories of the
    built-in catalog's filters and conditions ahead of time (`_prebuilt.PREBUILT`, by source);
    any other source is compiled here, once."""
    names = sorted(env)
    src = (f"def make_{name}({', '.join(names)}):\n    def {name}({args}):\n"
           + "".join(f"        {line}\n" for line in body) + f"    return {name}\n")
    make = PREBUILT.get(src)
    if make is None:
        make = GENERATED.get(src)
        if make is None:
            ns: dict[str, Any] = {}
            exec(compile(src, f"<zxdeck {name}>", "exec"), ns)  # noqa: S102 - source built here from fixed lines
            make = GENERATED[src] = ns[f"make_{name}"]
    return make(*[env[k] for k in names])


# factory source -> factory: compiled ahead of time (the compiled build's `_prebuilt` module, absent
# from the pure-Python package), and compiled here at run time
try:
    from zxdeck.games.zx.engine._prebuilt import PREBUILT  # type: ignore[import-not-found]
except ImportError:
    PREBUILT: dict[str, Any] = {}
GENERATED: dict[str, Any] = {}


def _compile_unit_filter(flt: dict[str, Any]) -> Any:
    """`unit_matches` for one filter as a function `(g, iid, ctl, src) -> bool`: the filter's keys
    are read once, each test in the order of `unit_matches`'s documented semantics."""
    env: dict[str, Any] = {"PLAYER_SQUARE": PLAYER_SQUARE, "OWN_ROW": OWN_ROW}
    body = ["card = g.cards[iid]"]
    if "color" in flt or "race" in flt or "name" in flt:
        body.append("shift = g.shift_on.get(iid, -1)")
        body.append("scard = g.cards[shift] if shift >= 0 else None")
    if "type" in flt:
        env["TYPES"] = zx_types(_as_list(flt["type"]))  # T-4, O-3: zx takes a Z/X EX / OB too
        body.append("if card.type not in TYPES: return False")
    if "color" in flt:
        env["COLORS"] = _as_list(flt["color"])
        body.append("if card.color not in COLORS and not (scard and scard.color in COLORS): return False")
    if "race" in flt:
        env["RACE"] = flt["race"]
        body.append("races = card.races + (scard.races if scard else ())")
        body += ["for r in races:", "    if RACE in r: break", "else:", "    return False"]
    if "name" in flt:
        env["NAME"] = flt["name"]
        body.append("if card.name != NAME and not (scard and scard.name == NAME): return False")
    if "max_cost" in flt:
        env["MAX_COST"] = flt["max_cost"]
        body.append("if card.cost > MAX_COST: return False")
    if "min_cost" in flt:
        env["MIN_COST"] = flt["min_cost"]
        body.append("if card.cost < MIN_COST: return False")
    if "max_power" in flt or "min_power" in flt:
        body.append("p = g.power(iid)")
        if "max_power" in flt:
            env["MAX_POWER"] = flt["max_power"]
            body.append("if p > MAX_POWER: return False")
        if "min_power" in flt:
            env["MIN_POWER"] = flt["min_power"]
            body.append("if p < MIN_POWER: return False")
    if "area" in flt:
        area = flt["area"]
        env["AREA"] = area
        body.append("sq = g.square_of(iid)")
        if area == "normal_square":
            body.append("if sq in PLAYER_SQUARE: return False")
        elif area == "player_square":
            body.append("if sq not in PLAYER_SQUARE: return False")
        else:
            body.append("row = sq // 3")
            body.append("here = 'center' if row == 1 else ('own_area' if row == OWN_ROW[ctl] else 'enemy_area')")
            body.append("if here != AREA: return False")
    if "state" in flt:
        env["SLEPT"] = flt["state"] == "slept"
        body.append("if (g.slept[iid] == 1) != SLEPT: return False")
    if flt.get("other"):
        body.append("if iid == src: return False")
    if "has_force" in flt:
        env["FORCE"] = flt["has_force"]
        body.append("if len(g.forces.get(iid, ())) < FORCE: return False")
    if "ignition" in flt:
        env["IGNITION"] = bool(flt["ignition"])
        body.append("if card.ignition != IGNITION: return False")
    body.append("return True")
    return _build("unit_filter", "g, iid, ctl, src", body, env)


# unit filter keys that read only the Z/X's card and its Shift's card (and the source: `other`)
STATIC_KEYS = frozenset({"type", "color", "race", "name", "max_cost", "min_cost", "ignition", "other"})


def static_filter(flt: Any) -> bool:
    """Does a unit filter read only the cards (`STATIC_KEYS`)? Then, for a Z/X without a Shift, its
    answer for a source never changes in a game (the dunamis checks keep it: `Game.static_matches`)."""
    return bool(flt) and isinstance(flt, dict) and all(k in STATIC_KEYS for k in flt)


# id(filter mapping) -> (the mapping, its compiled test); the mappings are the catalog's, never changed
_UNIT_FILTERS: dict[int, tuple[dict[str, Any], Any]] = {}


def unit_filter(flt: dict[str, Any] | None) -> Any:
    """The compiled test `(g, iid, ctl, src) -> bool` of a unit filter (`unit_matches` without
    looking the filter up for each Z/X); None when there is no filter (every Z/X matches)."""
    if not flt:
        return None
    hit = _UNIT_FILTERS.get(id(flt))
    if hit is None or hit[0] is not flt:
        hit = (flt, _compile_unit_filter(flt))
        _UNIT_FILTERS[id(flt)] = hit
    return hit[1]


def unit_matches(g: Game, iid: int, flt: dict[str, Any] | None, ctl: int, src: int) -> bool:
    """Does the Z/X `iid` on a square match a filter, seen from controller `ctl` (source `src`)?

    Type, color / race / name (its Shift's count too), cost, power (A-3), area, state, other,
    has_force and ignition; each filter is compiled once into a function (`_compile_unit_filter`)."""
    if not flt:
        return True
    return unit_filter(flt)(g, iid, ctl, src)


def _compile_condition(cond: dict[str, Any]) -> Any:
    """`condition_holds` for one condition as a function `(g, ctl, src) -> bool`."""
    env: dict[str, Any] = {}
    body = ["ps = g.players[ctl]", "cards = g.cards"]
    if "zero_optima" in cond:
        env["ZERO_OPTIMA"] = cond["zero_optima"]
        body += ["n = 0", "for r in ps.resources:", "    if cards[r].ignition: n += 1",
                 "if n < ZERO_OPTIMA: return False"]
    if "lv" in cond:
        env["LV_RACE"], env["LV_N"] = cond["lv"].get("race", ""), cond["lv"].get("n", 1)
        body += ["up = g.face_up", "n = 0", "for d in ps.dunamis:", "    if up[d]:",
                 "        for r in cards[d].races:", "            if LV_RACE in r:", "                n += 1",
                 "                break", "if n < LV_N: return False"]
    if "has_force" in cond:
        env["HAS_FORCE"] = cond["has_force"]
        body.append("if len(g.forces.get(src, ())) < HAS_FORCE: return False")
    if "counters" in cond:
        c = cond["counters"]
        env["COUNTER"], env["COUNTER_N"] = c.get("counter", ""), c.get("n", 1)
        body.append("if ps.counters.get(COUNTER, 0) < COUNTER_N: return False")
    if "own_zx" in cond:
        spec = cond["own_zx"]
        env["OWN_MIN"] = spec.get("min", 1)
        if spec.get("filter"):
            env["OWN_TEST"] = unit_filter(spec["filter"])
            body += ["n = 0", "for u in g.units_of(ctl):", "    if OWN_TEST(g, u, ctl, src): n += 1",
                     "if n < OWN_MIN: return False"]
        else:
            body.append("if len(g.units_of(ctl)) < OWN_MIN: return False")
    if "life_at_most" in cond:
        env["LIFE_AT_MOST"] = cond["life_at_most"]
        body.append("if len(ps.life) > LIFE_AT_MOST: return False")
    if "player" in cond:
        env["PLAYER_NAME"] = cond["player"]
        body.append("name = cards[ps.player_card].name if ps.player_card >= 0 else ''")
        body.append("if name != PLAYER_NAME: return False")
    if "dunamis_face_up" in cond:
        env["FACE_UP"] = cond["dunamis_face_up"]
        body += ["up = g.face_up", "n = 0", "for d in ps.dunamis:", "    if up[d]: n += 1",
                 "if n < FACE_UP: return False"]
    body.append("return True")
    return _build("condition", "g, ctl, src", body, env)


_CONDITIONS: dict[int, tuple[dict[str, Any], Any]] = {}


def condition_holds(g: Game, ctl: int, src: int, cond: dict[str, Any] | None) -> bool:
    """Do all keys of a condition hold for controller `ctl` and source card `src`?

    zero_optima (A-5), lv (A-6), has_force, counters, own_zx, life_at_most, player and
    dunamis_face_up; each condition is compiled once into a function (`_compile_condition`)."""
    if not cond:
        return True
    hit = _CONDITIONS.get(id(cond))
    if hit is None or hit[0] is not cond:
        hit = (cond, _compile_condition(cond))
        _CONDITIONS[id(cond)] = hit
    return hit[1](g, ctl, src)
