"""The one reading of the YAML files users give zxdeck (decks, catalogs, regulations).

`load_document(data, source, error, max_depth)` is the only way a user's YAML becomes values.
It reads YAML 1.2's core schema (`010` is 10, `NO` and `yes` are text, `2021-02-30` is text: a
date is checked by the code that wants one), with yaml-rs (fast, Rust) when it is installed and
else PyYAML's safe loader given the same resolution rules (`_Loader`); both give the same values
and the same errors for what zxdeck refuses:

- a key given twice in one mapping (the later value would silently win): the error names both
  lines;
- a tag (`!foo`, `!!python/object`, `!!str`): refused, never executed nor ignored;
- anchors and aliases, deep nesting, a second document (`check_shape`, below);
- a key that is a list or a mapping;
- an integer of more than 4,300 digits.

Every problem raises `error("SOURCE: line N: problem")`, one line. A ` !` or `&` in text does not
change how a file is read (the old switch to a YAML 1.1 reader is gone).

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
# Could the text hold an anchor, alias, tag or a second document? Only then are the parser's
# events read (`check_shape`) before the fast parser runs.
_MAYBE_SPECIAL = re.compile(r"[&*!]|^(?:---|\.\.\.)", re.MULTILINE)
# Line breaks of YAML 1.1 only (NEL, LS, PS): PyYAML breaks lines at them, yaml-rs (YAML 1.2)
# reads them as text, so a file holding one would read two ways: it is refused, naming the line.
_OLD_BREAK = re.compile("[\x85\u2028\u2029]")


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
    """Raise `YamlShapeError` at the first anchor or alias, tag, second document, or collection
    nested over `max_depth`."""
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
    documents = 0
    for event in events:
        cls = type(event)
        if cls is yaml.AliasEvent or getattr(event, "anchor", None) is not None:
            raise YamlShapeError(
                "YAML anchors and aliases (&name, *name) are not allowed here; write the entries out",
                event.start_mark.line + 1,
            )
        if getattr(event, "tag", None) is not None and cls is not yaml.DocumentStartEvent:
            tag = str(event.tag).replace("tag:yaml.org,2002:", "!!", 1)
            raise YamlShapeError(
                f"YAML tag {tag[:60]!r} is not allowed here (a tag is never run); write a plain value "
                "(quote text that starts with '!')",
                event.start_mark.line + 1,
            )
        if cls is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise YamlShapeError("a second YAML document ('---'); a file holds one",
                                     event.start_mark.line + 1)
        if cls in starts:
            depth += 1
            if depth > max_depth:
                raise YamlShapeError(f"YAML nested more than {max_depth} levels deep",
                                     event.start_mark.line + 1)
        elif cls in ends:
            depth -= 1


# --------------------------------------------------------------------------- the one reading

# The digits Python turns into an int at most (sys.get_int_max_str_digits(), 4,300 by default).
MAX_INT_DIGITS = 4300
USE_YAML_RS = True  # False: PyYAML's safe loader with the same rules (tests compare the two)

_HUGE_INT = re.compile(rf"\d{{{MAX_INT_DIGITS + 1},}}")

# YAML 1.2 core schema as yaml-rs reads it (underscores between digits are allowed and dropped).
_D = r"[0-9_]*[0-9][0-9_]*"
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_INT = re.compile(
    r"^[-+]?(?:0[xX][0-9a-fA-F_]*[0-9a-fA-F][0-9a-fA-F_]*|0[oO][0-7_]*[0-7][0-7_]*"
    r"|0[bB][01_]*[01][01_]*|" + _D + r")$"
)
_FLOAT = re.compile(
    r"^(?:[-+]?(?:" + _D + r"(?:\.[0-9_]*)?|_*\." + _D + r")(?:[eE][-+]?" + _D + r")?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
)
_NOT_TEXT = re.compile("|".join(f"(?:{p.pattern})" for p in (_NULL, _BOOL, _INT, _FLOAT)))


def plain_is_text(text: str) -> bool:
    """Is `text`, written as a plain scalar, read back as text (not a null, flag or number)?"""
    return _NOT_TEXT.match(text) is None


def yaml_rs_module() -> Any:
    """yaml-rs, or None when it is not installed or `USE_YAML_RS` is False."""
    if not USE_YAML_RS:
        return None
    try:
        import yaml_rs
    except ImportError:  # pragma: no cover - yaml-rs is a dependency, PyYAML stays the fallback
        return None
    return yaml_rs


def _int(text: str) -> int:
    text = text.replace("_", "")
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("+-")
    base = {"x": 16, "o": 8, "b": 2}.get(body[1:2].lower(), 10) if body[:1] == "0" else 10
    return sign * int(body[2:] if base != 10 else body, base)


def _float(text: str) -> float:
    low = text.lower()
    if low.endswith((".inf", ".nan")):
        return float(low.replace(".", ""))
    return float(text.replace("_", ""))


_LOADER: Any = None


def _loader_class() -> Any:
    """PyYAML's safe loader (the libyaml parser when present) resolving scalars as yaml-rs does,
    refusing a key given twice (naming both lines) and a list or mapping as a key."""
    global _LOADER
    if _LOADER is not None:
        return _LOADER
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class _Loader(base):  # type: ignore[misc, valid-type]
        yaml_implicit_resolvers: dict[str, list[tuple[str, re.Pattern[str]]]] = {}

        def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
            if not isinstance(node, yaml.MappingNode):
                raise yaml.constructor.ConstructorError(None, None, "expected a mapping", node.start_mark)
            out: dict[Any, Any] = {}
            lines: dict[Any, int] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise _KeyProblem("a key must be a single value, not a list or mapping",
                                      key_node.start_mark.line + 1)
                key = self.construct_object(key_node, deep=deep)
                line = key_node.start_mark.line + 1
                if key in lines:
                    raise _KeyProblem(f"key {key!r} given twice (lines {lines[key]} and {line}); "
                                      "keep one", line)
                lines[key] = line
                out[key] = self.construct_object(value_node, deep=deep)
            return out

    def construct_int(loader: Any, node: Any) -> int:
        return _int(loader.construct_scalar(node))

    def construct_float(loader: Any, node: Any) -> float:
        return _float(loader.construct_scalar(node))

    _Loader.add_constructor("tag:yaml.org,2002:int", construct_int)
    _Loader.add_constructor("tag:yaml.org,2002:float", construct_float)
    _Loader.add_constructor("tag:yaml.org,2002:bool", lambda loader, node: loader.construct_scalar(node)[:1] in "tT")
    _Loader.add_constructor("tag:yaml.org,2002:map", lambda loader, node: loader.construct_mapping(node, deep=True))
    _Loader.add_implicit_resolver("tag:yaml.org,2002:null", _NULL, ["~", "n", "N", ""])
    _Loader.add_implicit_resolver("tag:yaml.org,2002:bool", _BOOL, list("tTfF"))
    _Loader.add_implicit_resolver("tag:yaml.org,2002:int", _INT, list("-+_0123456789"))
    _Loader.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT, list("-+_.0123456789"))
    _LOADER = _Loader
    return _Loader


class _HugeNumber(Exception):
    """An integer Python will not read (more than `MAX_INT_DIGITS` digits)."""


def _huge(exc: BaseException) -> bool:
    return isinstance(exc, ValueError) and "digits" in str(exc) and _HUGE_INT.search(str(exc)) is None


class _KeyProblem(ValueError):
    def __init__(self, problem: str, line: int) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


def _key_problem_line(text: str) -> tuple[str, int] | None:
    """(problem, line) of the first key given twice or not a single value, found by composing
    the nodes (the error path only)."""
    import yaml

    try:
        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, RecursionError):
        return None
    todo = [node] if node is not None else []
    while todo:
        item = todo.pop()
        if isinstance(item, yaml.SequenceNode):
            todo.extend(reversed(item.value))
        elif isinstance(item, yaml.MappingNode):
            seen: dict[str, int] = {}
            for key, _ in item.value:
                line = key.start_mark.line + 1
                if not isinstance(key, yaml.ScalarNode):
                    return "a key must be a single value, not a list or mapping", line
                if key.value in seen:
                    return f"key {key.value!r} given twice (lines {seen[key.value]} and {line}); keep one", line
                seen[key.value] = line
            todo.extend(value for _, value in reversed(item.value))
            todo.extend(key for key, _ in reversed(item.value))
    return None


def _bad_value(doc: Any, max_depth: int) -> str | None:
    """What yaml-rs reads but the PyYAML reader refuses: "key" for a key that is a list or mapping
    (yaml-rs makes it a tuple), "number" for an integer of more than `MAX_INT_DIGITS` digits,
    "depth" for collections nested more than `max_depth` levels (no recursion)."""
    todo: list[tuple[Any, int]] = [(doc, 1)]
    pop, push = todo.pop, todo.append
    while todo:
        item, depth = pop()
        kind = type(item)
        if kind is dict or kind is list:
            if depth > max_depth:
                return "depth"
            values = item.values() if kind is dict else item
            if kind is dict:
                for key in item:
                    if type(key) is tuple or type(key) is frozenset:
                        return "key"
            for value in values:
                vkind = type(value)
                if vkind is dict or vkind is list:
                    push((value, depth + 1))
                elif vkind is int and value.bit_length() > 14000 and abs(value) >= 10**MAX_INT_DIGITS:
                    return "number"
    return None


def _line_of(text: str, pattern: re.Pattern[str]) -> int:
    found = pattern.search(text)
    return text.count("\n", 0, found.start()) + 1 if found else 1


def load_document(data: str | bytes, source: str, error: Callable[[str], Exception], max_depth: int,
                  always_check: bool = False) -> Any:
    """The values of a user's YAML file, read one way (see the module's text); every problem
    raises `error("SOURCE: line N: problem")` in one line. `always_check`: read the parser's
    events even when the text holds no `&`, `*`, `!` or `---` (small files: nesting is checked
    by the events then, else by the parser)."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise error(f"{source}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    else:
        text = data[1:] if data.startswith("\ufeff") else data
    odd = _OLD_BREAK.search(text)
    if odd:
        raise error(f"{source}: line {text.count(chr(10), 0, odd.start()) + 1}: the character "
                    f"U+{ord(odd.group()):04X} (a line break only in old YAML, read two ways): use "
                    "a newline or remove it")
    yaml_rs = yaml_rs_module()
    if always_check or yaml_rs is None or _MAYBE_SPECIAL.search(text):
        import yaml

        try:
            check_shape(text, max_depth)
        except YamlShapeError as exc:
            raise error(f"{source}: {exc}") from None
        except yaml.MarkedYAMLError as exc:  # the events are not sure: neither parser reads on
            raise error(f"{source}: {marked_problem(exc)}") from None
        except yaml.YAMLError as exc:
            raise error(f"{source}: YAML error: {first_line(exc)}") from None
    try:
        doc = _load_fast(yaml_rs, text, source, error) if yaml_rs is not None else _load_safe(text, source, error)
    except _HugeNumber:
        raise error(f"{source}: line {_line_of(text, _HUGE_INT)}: a number of more than "
                    f"{MAX_INT_DIGITS:,} digits; quote it if it is text") from None
    bad = _bad_value(doc, max_depth) if yaml_rs is not None else None
    if bad == "depth":
        raise error(f"{source}: YAML nested more than {max_depth} levels deep")
    if bad == "number":
        raise error(f"{source}: line {_line_of(text, _HUGE_INT)}: a number of more than "
                    f"{MAX_INT_DIGITS:,} digits; quote it if it is text")
    if bad == "key":
        found = _key_problem_line(text)
        problem, line = found if found else ("a key must be a single value, not a list or mapping", 1)
        raise error(f"{source}: line {line}: {problem}")
    return doc


def _load_fast(yaml_rs: Any, text: str, source: str, error: Callable[[str], Exception]) -> Any:
    try:
        # parse_datetime=False: yaml-rs would make a date even of a quoted "2021-01-01"
        return yaml_rs.loads(text, parse_datetime=False)
    except yaml_rs.YAMLDecodeError as exc:
        first, _, rest = str(exc).partition("\n")
        if first.startswith("duplicate mapping key"):
            found = _key_problem_line(text)
            if found:
                raise error(f"{source}: line {found[1]}: {found[0]}") from None
        where = re.search(r"line (\d+)", first)
        detail = rest.strip().splitlines()[-1] if rest.strip() else first
        if detail == "recursion limit exceeded":
            detail = "YAML nested too deep"
        line = f" line {where.group(1)}:" if where else ""
        raise error(f"{source}:{line} YAML error: {detail}") from None
    except TypeError:  # a mapping as a key inside a key ("unhashable type")
        found = _key_problem_line(text)
        problem, line = found if found else ("a key must be a single value, not a list or mapping", 1)
        raise error(f"{source}: line {line}: {problem}") from None
    except (ValueError, RecursionError) as exc:
        if _huge(exc):
            raise _HugeNumber from None
        raise error(f"{source}: YAML error: {first_line(exc)}") from None


def _load_safe(text: str, source: str, error: Callable[[str], Exception]) -> Any:
    import yaml

    try:
        return yaml.load(text, Loader=_loader_class())  # noqa: S506 - a SafeLoader subclass
    except _KeyProblem as exc:
        raise error(f"{source}: line {exc.line}: {exc.problem}") from None
    except yaml.MarkedYAMLError as exc:
        raise error(f"{source}: {marked_problem(exc)}") from None
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        if _huge(exc):
            raise _HugeNumber from None
        raise error(f"{source}: YAML error: {first_line(exc)}") from None


def load_small(data: str | bytes, source: str, error: Callable[[str], Exception], max_depth: int = 20) -> Any:
    """The document of a small YAML data file (a regulation): `load_document` with the parser's
    events always read."""
    return load_document(data, source, error, max_depth, always_check=True)


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

__all__ = ["MAX_INT_DIGITS", "YamlShapeError", "check_shape", "first_line", "load_document", "marked_problem", "load_small",
           "might_have_aliases", "plain_is_text", "yaml_rs_module"]
