"""The shape check of the YAML files users give zxdeck (decks, catalogs, regulations).

A safe loader executes nothing, but two shapes of YAML still cost without bound:

- anchors and aliases (`&a [...]`, `*a`): a few hundred bytes whose aliases refer to lists of
  aliases ("billion laughs") become millions of nodes as soon as the result is walked (a 387-byte
  deck took 40 s and 385 MiB); no deck, catalog or regulation needs them;
- deep nesting (`[[[[...]]]]`): the composer and every later walk recurse, and 1,000 levels end
  in a RecursionError.

`check_shape` refuses both by reading the parser's events only (no node or object is built), in
time linear in the file; the caller turns `YamlShapeError` into its own one-line error. Syntax
errors are left to the loader that runs next (they raise `yaml.YAMLError` here too).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

# Could the bytes hold an anchor or an alias at all? (Both need a `&` or a `*`.)
_MAYBE_ALIAS = re.compile(rb"[&*]")


class YamlShapeError(ValueError):
    """A YAML file with an anchor, an alias or too deep nesting; `line` is 1-based."""

    def __init__(self, problem: str, line: int) -> None:
        super().__init__(f"line {line}: {problem}")
        self.problem = problem
        self.line = line


def first_line(exc: BaseException) -> str:
    """The first line of an error's message (PyYAML's reader errors add "  in <stream>, position N")."""
    return str(exc).strip().split("\n", 1)[0]


def might_have_aliases(data: bytes) -> bool:
    """False when `data` surely holds no anchor and no alias (a cheap test before `check_shape`)."""
    return _MAYBE_ALIAS.search(data) is not None


def check_shape(data: str | bytes, max_depth: int) -> None:
    """Raise `YamlShapeError` at the first anchor or alias, or collection nested over `max_depth`."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        _walk(yaml.parse(data, Loader=loader), max_depth)
    except yaml.MarkedYAMLError as exc:
        # libyaml 0.2.5+ (PyYAML 6.0.3's wheels) stops deep nesting itself, before our count does.
        if "nesting depth" not in str(exc.problem) or exc.problem_mark is None:
            raise
        raise YamlShapeError(f"YAML nested more than {max_depth} levels deep",
                             exc.problem_mark.line + 1) from None


def _walk(events: Iterable[Any], max_depth: int) -> None:
    import yaml

    starts = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    depth = 0
    for event in events:
        cls = type(event)
        if cls is yaml.AliasEvent or getattr(event, "anchor", None) is not None:
            raise YamlShapeError(
                "YAML anchors and aliases (&name, *name) are not allowed here; write the entries out",
                event.start_mark.line + 1,
            )
        if cls in starts:
            depth += 1
            if depth > max_depth:
                raise YamlShapeError(f"YAML nested more than {max_depth} levels deep",
                                     event.start_mark.line + 1)
        elif cls in ends:
            depth -= 1


__all__ = ["YamlShapeError", "check_shape", "first_line", "might_have_aliases"]


def load_small(data: str | bytes, source: str, error: Callable[[str], Exception], max_depth: int = 20) -> Any:
    """The document of a small YAML data file (a regulation) through the safe C loader when
    there is one, after `check_shape`; any problem raises `error("SOURCE: problem")` in one line."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        check_shape(data, max_depth)  # no anchors / aliases, little nesting
        return yaml.load(data, Loader=loader)  # noqa: S506 - safe loaders only
    except YamlShapeError as exc:
        raise error(f"{source}: {exc}") from None
    except yaml.MarkedYAMLError as exc:
        raise error(f"{source}: {marked_problem(exc)}") from None
    except yaml.YAMLError as exc:
        raise error(f"{source}: YAML error: {first_line(exc)}") from None


def marked_problem(exc: Any) -> str:
    """A PyYAML error with a position as `line N: YAML error: PROBLEM (CONTEXT on line M)`, the
    catalog loader's form: the line of the problem first, then what was being read and where it
    started (`while parsing a flow sequence` alone names neither the line nor the cause)."""
    mark = exc.problem_mark or exc.context_mark
    where = f"line {mark.line + 1}: " if mark is not None else ""
    problem = " ".join(str(exc.problem or exc.context or "invalid YAML").split())
    context = ""
    if exc.problem and exc.context:
        start = exc.context_mark
        since = f" that starts on line {start.line + 1}" if start is not None and start is not mark else ""
        context = f" ({' '.join(str(exc.context).split())}{since})"
    return f"{where}YAML error: {problem}{context}"
