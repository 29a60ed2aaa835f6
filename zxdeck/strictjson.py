"""Reading a user's JSON file (a deck, a card list to import) strictly, in one line per problem.

`json.loads` alone takes the last of two values of one key silently, recurses once per level of
nesting (a RecursionError deep down, or later in the code that walks the result) and turns a
5,000-digit number into a bare ValueError. `load(text, source, error, max_depth)`:

- refuses nesting deeper than `max_depth` (the parsed value is walked without recursion; the
  line is then found by a scan of the brackets outside strings);
- refuses a key given twice in one object, naming both lines (`object_pairs_hook`; the lines are
  looked for only then);
- reports a syntax error, or a number Python will not read, with its line.

Every problem raises `error("SOURCE: line N: problem")`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

# A string (with its escapes) or a bracket: the tokens the nesting scan needs.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_KEY_TOKENS = re.compile(r'("[^"\\]*(?:\\.[^"\\]*)*")(\s*:)?|[\[\]{}]', re.DOTALL)


class _Duplicate(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return out


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def too_deep(text: str, max_depth: int) -> int | None:
    """The 1-based line where `text` nests lists / objects over `max_depth`, else None."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                return _line(text, match.start())
        elif token in "]}":
            depth -= 1
    return None


def duplicate_lines(text: str, key: str) -> tuple[int, int] | None:
    """(first line, second line) of the first key given twice in one object (the error path)."""
    stack: list[dict[str, int] | None] = []
    for match in _KEY_TOKENS.finditer(text):
        token = match.group()
        if token == "{":
            stack.append({})
        elif token == "[":
            stack.append(None)
        elif token in "]}":
            if stack:
                stack.pop()
        elif match.group(2) and stack and stack[-1] is not None:
            name = json.loads(match.group(1))
            line = _line(text, match.start())
            if name in stack[-1] and name == key:
                return stack[-1][name], line
            stack[-1].setdefault(name, line)
    return None


def nested_over(value: Any, max_depth: int) -> bool:
    """Does a parsed value nest lists / objects more than `max_depth` levels? (no recursion)"""
    todo: list[tuple[Any, int]] = [(value, 1)]
    pop, push = todo.pop, todo.append
    while todo:
        item, depth = pop()
        if depth > max_depth:
            return True
        for child in (item.values() if type(item) is dict else item):
            if type(child) is dict or type(child) is list:
                push((child, depth + 1))
    return False


def load(text: str, source: str, error: Callable[[str], Exception], max_depth: int) -> Any:
    """The value of a user's JSON text, read strictly (see the module's text)."""

    def deep() -> Exception:
        line = too_deep(text, max_depth)
        return error(f"{source}: {f'line {line}: ' if line else ''}JSON nested more than {max_depth} levels deep")

    try:
        doc = json.loads(text, object_pairs_hook=_pairs)
    except _Duplicate as exc:
        lines = duplicate_lines(text, exc.key)
        where = f"line {lines[1]}: " if lines else ""
        both = f" (lines {lines[0]} and {lines[1]})" if lines else ""
        raise error(f"{source}: {where}key {exc.key!r} given twice in one object{both}; keep one") from None
    except json.JSONDecodeError as exc:
        raise error(f"{source}: line {exc.lineno}: JSON error: {exc.msg}") from None
    except RecursionError:
        raise deep() from None
    except ValueError as exc:  # an integer of more than 4,300 digits
        huge = re.search(r"\d{4301,}", text)
        where = f"line {_line(text, huge.start())}: " if huge else ""
        if "digits" in str(exc):
            raise error(f"{source}: {where}a number of more than 4,300 digits") from None
        raise error(f"{source}: JSON error: {str(exc)[:80]}") from None
    if (type(doc) is dict or type(doc) is list) and nested_over(doc, max_depth):
        raise deep()
    return doc


__all__ = ["duplicate_lines", "load", "nested_over", "too_deep"]
