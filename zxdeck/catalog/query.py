"""The search language of `zxdeck search` (INTERFACES.md section 4), after Scryfall's.

    parse("c:red t:zx -is:ig (cost<=2 or power>=7000)")  -> an AST of Term / Not / And / Or
    compile_query(node)                                   -> (SQL WHERE clause, parameters)
    search(db, "c:red", sort="cost")                      -> [Card, ...] from the SQLite cache
    matches(node, card)                                   -> the same test in plain Python

Grammar (AND binds tighter than OR; `or` is any case; `-` negates a term or a group):

    query  := expr?            expr := and ("or" and)*        and := unary+
    unary  := "-" unary | "(" expr ")" | term
    term   := WORD | "PHRASE" | !WORD | !"PHRASE" | KEY OP VALUE | KEY:/REGEX/

Values are folded like card text (`zxdeck.text.fold`: case, width, kana), so
matching ignores them. SQL never contains a user value: every value is a
parameter. Contains-matching uses the FTS5 trigram index for values of three
characters or more and `instr()` on the folded columns for shorter ones.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import jaconv

from zxdeck.catalog.schema import MEMBER_SEPARATOR, Language
from zxdeck.errors import QueryError
from zxdeck.records import FrozenRecord
from zxdeck.text import fold

if TYPE_CHECKING:
    from zxdeck.catalog.db import CatalogDB
    from zxdeck.catalog.schema import CatalogSchema, SearchField

Card = Any  # a game's card

SQL_OPS = {":": "=", "=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
FTS_MIN = 3  # the trigram index finds substrings of 3 characters or more
INT_LIMIT = 2**62  # numbers are clamped to this, which keeps every comparison's meaning

_KEY = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)")
_WORD_END = re.compile(r"[\s()]")


# --- AST ---------------------------------------------------------------------------------


class Term(FrozenRecord):
    """One test. `field` is a canonical keyword or "any" (bare word) or "exact" (!name)."""

    _fields = ("field", "op", "value", "source")

    def __init__(self, field: str, op: str, value: Any, source: str) -> None:
        object.__setattr__(self, "field", field)
        object.__setattr__(self, "op", op)  # ":" "=" "!=" "<" "<=" ">" ">=" or "regex"
        object.__setattr__(self, "value", value)  # folded str, int, tuple of type keys, flag name, or regex pattern
        object.__setattr__(self, "source", source)  # the term as written, for messages


class Not(FrozenRecord):
    _fields = ("child",)

    def __init__(self, child: Node) -> None:
        object.__setattr__(self, "child", child)


class And(FrozenRecord):
    _fields = ("children",)

    def __init__(self, children: tuple[Node, ...]) -> None:
        object.__setattr__(self, "children", children)


class Or(FrozenRecord):
    _fields = ("children",)

    def __init__(self, children: tuple[Node, ...]) -> None:
        object.__setattr__(self, "children", children)


class All(FrozenRecord):
    """The empty query: every card."""

    def __init__(self) -> None:
        pass


Node = Term | Not | And | Or | All


def _lang(lang: Language | None) -> Language:
    """`lang`, or the default game's language."""
    if lang is not None:
        return lang
    from zxdeck.catalog.schema import default_schema

    return default_schema().language


# --- tokenizer ---------------------------------------------------------------------------


class Token(FrozenRecord):
    _fields = ("kind", "text", "pos", "key", "op", "value", "quoted", "regex", "exact")

    def __init__(self, kind: str, text: str, pos: int, key: str = "", op: str = "", value: str = "",
                 quoted: bool = False, regex: bool = False, exact: bool = False) -> None:
        set_ = object.__setattr__
        set_(self, "kind", kind)  # "(" ")" "or" "-" "term"
        set_(self, "text", text)
        set_(self, "pos", pos)
        set_(self, "key", key)  # for keyword terms, as written
        set_(self, "op", op)
        set_(self, "value", value)
        set_(self, "quoted", quoted)
        set_(self, "regex", regex)
        set_(self, "exact", exact)  # `!"name"`: the exact name


def _error(message: str, pos: int | None = None) -> QueryError:
    where = f" (at character {pos + 1})" if pos is not None else ""
    return QueryError(f"bad query: {message}{where}")


def _read_quoted(text: str, start: int) -> tuple[str, int]:
    """The string of a quoted value starting at `text[start] == '"'`, and the index after it."""
    out: list[str] = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] in '"\\':
            out.append(text[i + 1])
            i += 2
            continue
        if ch == '"':
            return "".join(out), i + 1
        out.append(ch)
        i += 1
    raise _error(f"unterminated quote in {text[start:]!r}", start)


def _read_regex(text: str, start: int) -> tuple[str, int]:
    """The pattern of `/.../` starting at `text[start] == '/'` (`\\/` is a slash)."""
    out: list[str] = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            out.append(text[i:i + 2] if text[i + 1] != "/" else "/")
            i += 2
            continue
        if ch == "/":
            return "".join(out), i + 1
        out.append(ch)
        i += 1
    raise _error(f"unterminated /regex/ in {text[start:]!r}", start)


def _read_word(text: str, start: int) -> tuple[str, int]:
    match = _WORD_END.search(text, start)
    end = match.start() if match else len(text)
    return text[start:end], end


def tokenize(query: str, lang: Language | None = None) -> list[Token]:
    """Split a query into tokens. The query is NFKC-normalized first, so full-width syntax works."""
    try:
        query.encode("utf-8")
    except UnicodeEncodeError:
        raise _error("the query is not valid text (undecodable bytes)") from None
    if "\x00" in query:
        raise _error("the query contains a NUL character", query.index("\x00"))
    text = unicodedata.normalize("NFKC", query)
    lang = _lang(lang)
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            tokens.append(Token(ch, ch, i))
            i += 1
        elif ch == "-":
            if i + 1 >= len(text) or text[i + 1].isspace():
                raise _error("'-' must be followed by a term, e.g. -is:ig", i)
            tokens.append(Token("-", "-", i))
            i += 1
        elif ch == "!":
            start = i
            if i + 1 < len(text) and text[i + 1] == '"':
                value, i = _read_quoted(text, i + 1)
            else:
                value, i = _read_word(text, i + 1)
            if not value.strip():
                raise _error('\'!\' must be followed by a name, e.g. !"紅蓮の剣士ジーク"', start)
            tokens.append(Token("term", text[start:i], start, value=value, exact=True, quoted=True))
        elif ch == '"':
            value, end = _read_quoted(text, i)
            tokens.append(Token("term", text[i:end], i, value=value, quoted=True))
            i = end
        else:
            tokens.append(_keyword_or_word(text, i, lang))
            i = tokens[-1].pos + len(tokens[-1].text)
    return tokens


def _keyword_or_word(text: str, i: int, lang: Language | None = None) -> Token:
    lang = _lang(lang)
    spaced = lang.spaced.match(text, i)
    if spaced:  # cost and power also allow spaces: "cost >= 3", "power: 5000"
        key, op = spaced.group(1), spaced.group(2)
        vstart = spaced.end()
    else:
        match = _KEY.match(text, i)
        if not match:
            word, end = _read_word(text, i)
            if word.casefold() == "or":
                return Token("or", word, i)
            return Token("term", word, i, value=word)
        key, op = match.group(1), match.group(2)
        vstart = match.end()
    field = lang.keywords.get(key.casefold())
    if vstart < len(text) and text[vstart] == '"':
        value, end = _read_quoted(text, vstart)
        return Token("term", text[i:end], i, key=key, op=op, value=value, quoted=True)
    if vstart < len(text) and text[vstart] == "/" and field in lang.regex_fields and op in (":", "=", "!="):
        value, end = _read_regex(text, vstart)
        return Token("term", text[i:end], i, key=key, op=op, value=value, regex=True)
    value, end = _read_word(text, vstart)
    return Token("term", text[i:end], i, key=key, op=op, value=value)


# --- parser ------------------------------------------------------------------------------


class _Parser:
    def __init__(self, tokens: list[Token], lang: Language | None = None) -> None:
        self.tokens = tokens
        self.lang = _lang(lang)
        self.i = 0

    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def expr(self) -> Node:
        parts = [self.conjunction()]
        while (tok := self.peek()) is not None and tok.kind == "or":
            self.take()
            nxt = self.peek()
            if nxt is None or nxt.kind in ("or", ")"):
                raise _error("'or' needs a term on both sides", tok.pos)
            parts.append(self.conjunction())
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def conjunction(self) -> Node:
        parts: list[Node] = []
        while (tok := self.peek()) is not None and tok.kind not in ("or", ")"):
            parts.append(self.unary())
        if not parts:
            tok = self.peek()
            if tok is not None and tok.kind == "or":
                raise _error("'or' needs a term on both sides", tok.pos)
            raise _error("expected a term", tok.pos if tok else None)
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def unary(self) -> Node:
        tok = self.take()
        if tok.kind == "-":
            nxt = self.peek()
            if nxt is None or nxt.kind in ("or", ")"):
                raise _error("'-' must be followed by a term or a group", tok.pos)
            return Not(self.unary())
        if tok.kind == "(":
            nxt = self.peek()
            if nxt is not None and nxt.kind == ")":
                raise _error("empty parentheses '()'", tok.pos)
            if nxt is None:
                raise _error("unbalanced '(': missing ')'", tok.pos)
            inner = self.expr()
            close = self.peek()
            if close is None or close.kind != ")":
                raise _error("unbalanced '(': missing ')'", tok.pos)
            self.take()
            return inner
        if tok.kind == ")":  # pragma: no cover - conjunction() stops before ')'
            raise _error("unbalanced ')': no '(' before it", tok.pos)
        return make_term(tok, self.lang)


def parse(query: str | Sequence[str], lang: Language | None = None) -> Node:
    """Parse a query (a string, or several strings joined by spaces) into an AST; raise `QueryError`.

    `lang` gives the keywords and values of the game (default Z/X's)."""
    if not isinstance(query, str):
        query = " ".join(query)
    lang = _lang(lang)
    tokens = tokenize(query, lang)
    if not tokens:
        return All()
    parser = _Parser(tokens, lang)
    node = parser.expr()
    tok = parser.peek()
    if tok is not None:  # only a stray ')' stops expr() early
        raise _error("unbalanced ')': no '(' before it", tok.pos)
    return node


def _folded_value(tok: Token, what: str) -> str:
    value = fold(tok.value)
    if not value:
        raise _error(f"empty {what} in {tok.text!r}", tok.pos)
    return value


def _number(tok: Token, field: str) -> int:
    raw = tok.value.strip()
    if not raw:
        raise _error(f"empty value in {tok.text!r}: {field} needs a number, e.g. {field}>=3", tok.pos)
    try:
        number = int(raw)
    except ValueError:
        raise _error(f"{raw!r} in {tok.text!r} is not a whole number", tok.pos) from None
    return max(-INT_LIMIT, min(INT_LIMIT, number))


def make_term(tok: Token, lang: Language | None = None) -> Node:
    """The AST node of one term token; raises `QueryError` for unknown keywords and bad values."""
    if tok.exact:
        return Term("exact", "=", _folded_value(tok, "name"), tok.text)
    if not tok.key:
        return Term("any", ":", _folded_value(tok, "phrase" if tok.quoted else "word"), tok.text)
    lang = _lang(lang)
    field = lang.keywords.get(tok.key.casefold())
    if field is None:
        import difflib

        close = difflib.get_close_matches(tok.key.casefold(), lang.keywords, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise _error(
            f"unknown keyword {tok.key!r} in {tok.text!r} ({hint}valid: {lang.keyword_help}; "
            'put text with a colon in quotes, e.g. "12:00")',
            tok.pos,
        )
    op = tok.op
    if field in lang.numeric:
        return Term(field, op, _number(tok, field), tok.text)
    if op not in (":", "=", "!="):
        raise _error(f"{field} takes ':', '=' or '!=', not {op!r}, in {tok.text!r}", tok.pos)
    node = _text_term(tok, field, lang)
    return Not(node) if op == "!=" else node


MAX_REGEX = 200  # characters in a /regex/
MAX_UNBOUNDED = 2  # repetitions without a small upper bound (`*`, `+`, `{n,}`, `{n,m}` with m > 20)
MAX_REPEATS = 3  # repetitions of more than one (`?` is not one) in all
_SMALL_REPEAT = 20


class _Slow(Exception):
    pass


def regex_problem(pattern: str) -> str | None:
    """Why a /regex/ could take for ever (Python's `re` backtracks), or None.

    Checked before anything is matched, from the pattern alone (so the answer never depends on
    the machine or the catalog): at most `MAX_REGEX` characters; no backreference or conditional;
    no repetition inside a repetition (`(a+)+`, `(.*.*)*`); no alternation inside a repetition
    (`(a|ab)*`; `(a|b)*` becomes a class and is fine); at most `MAX_REPEATS` repetitions, of
    which `MAX_UNBOUNDED` unbounded, never two side by side (`.*.*x` costs n**3 on a text of n
    characters; `.*攻撃.*破壊` is fine)."""
    if len(pattern) > MAX_REGEX:
        return f"longer than {MAX_REGEX} characters"
    import re._constants as c
    import re._parser as p

    try:
        parsed = p.parse(pattern, re.IGNORECASE)
    except (re.error, RecursionError, OverflowError) as exc:  # pragma: no cover - compiled above
        return str(exc)
    repeats = (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT))
    width = (c.LITERAL, c.NOT_LITERAL, c.IN, c.ANY, c.CATEGORY)
    unbounded = counted = 0

    def walk(items: Any, in_repeat: bool) -> None:
        nonlocal unbounded, counted
        after_open = False  # an unbounded repetition came last in this sequence, nothing after it yet
        for op, av in items:
            if op in (c.GROUPREF, c.GROUPREF_EXISTS):
                raise _Slow("a backreference or conditional (\\1, (?P=name), (?(1)...)) is not allowed")
            if op in repeats:
                _, high, body = av
                if high > 1 and in_repeat:
                    raise _Slow("a repetition inside a repetition, such as (a+)+ or (.*.*)*, can take for ever")
                if high > 1:
                    counted += 1
                    if high == c.MAXREPEAT or high > _SMALL_REPEAT:
                        unbounded += 1
                    if unbounded > MAX_UNBOUNDED or counted > MAX_REPEATS:
                        raise _Slow(f"more than {MAX_REPEATS} repetitions ({MAX_UNBOUNDED} of them *, +, "
                                    "{n,}); search for the parts with separate terms (o:/A/ o:/B/)")
                    if after_open:
                        raise _Slow("two repetitions side by side, such as .*.* or \\w*\\w*, can take "
                                    "for ever; write one")
                    after_open = True
                walk(body, in_repeat or high > 1)
            elif op in width:
                after_open = False
            elif op is c.BRANCH:
                if in_repeat:
                    raise _Slow("an alternation inside a repetition, such as (a|ab)*, can take for ever")
                for branch in av[1]:
                    walk(branch, in_repeat)
            elif op is c.SUBPATTERN:
                walk(av[-1], in_repeat)
            elif op in (c.ASSERT, c.ASSERT_NOT):
                walk(av[1], in_repeat)
            elif op is getattr(c, "ATOMIC_GROUP", None):
                walk(av, in_repeat)

    try:
        walk(parsed, False)
    except _Slow as exc:
        return str(exc)
    return None


def _text_term(tok: Token, field: str, lang: Language | None = None) -> Term:
    raw = tok.value.strip()
    lang = _lang(lang)
    if tok.regex:
        pattern = jaconv.kata2hira(tok.value)
        if not pattern:
            raise _error(f"empty /regex/ in {tok.text!r}", tok.pos)
        try:
            re.compile(pattern, re.IGNORECASE)
        except (re.error, RecursionError, OverflowError) as exc:
            raise _error(f"bad regular expression in {tok.text!r}: {exc}", tok.pos) from None
        slow = regex_problem(pattern)
        if slow:
            raise _error(f"regular expression refused in {tok.text!r}: {slow}", tok.pos)
        return Term(field, "regex", pattern, tok.text)
    if field in lang.enums:
        key = fold(raw).replace("-", "_").replace(" ", "_")
        table, names = lang.enums[field]
        if key not in table:  # zxex = zx_ex, ゼクス_エクストラ = ゼクスエクストラ
            squashed = key.replace("_", "")
            key = next((k for k in table if k.replace("_", "") == squashed), key)
        if key not in table:
            what = "empty value" if not key else f"unknown {tok.key.casefold()}: value {raw!r}"
            raise _error(f"{what} in {tok.text!r} (valid: {names})", tok.pos)
        if field in lang.negations:
            return Not(Term(lang.negations[field], ":", table[key], tok.text))  # type: ignore[return-value]
        return Term(field, ":", table[key], tok.text)
    if field == "id":
        return Term("id", "=" if tok.op == "=" else ":", _folded_value(tok, "card number"), tok.text)
    return Term(field, ":", _folded_value(tok, "value"), tok.text)


# --- SQL ---------------------------------------------------------------------------------


def _schema(schema: CatalogSchema | None) -> CatalogSchema:
    if schema is not None:
        return schema
    from zxdeck.catalog.schema import default_schema

    return default_schema()


def _fts_phrase(columns: Sequence[str], value: str) -> str:
    """An FTS5 query: the folded value as one quoted phrase, limited to `columns`."""
    return "{" + " ".join(columns) + "} : \"" + value.replace('"', '""') + '"'


def _contains(columns: Sequence[str], value: str, params: list[Any], fts: bool, schema: CatalogSchema) -> str:
    if fts and len(value) >= FTS_MIN and schema.fts_columns and all(c in schema.fts_columns for c in columns):
        params.append(_fts_phrase(columns, value))
        return "c.rowid IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)"
    parts = []
    for column in columns:
        params.append(value)
        if column == "text_f":  # the long text is only in `cards`, not in the narrow `card_search`
            parts.append("c.rowid IN (SELECT rowid FROM cards WHERE instr(text_f, ?) > 0)")
        else:
            parts.append(f"instr(c.{column}, ?) > 0")
    return "(" + " OR ".join(parts) + ")" if len(parts) > 1 else parts[0]


def _guarded(spec: SearchField, test: str, params: list[Any], value: Any) -> str:
    """`test` (with `value` its last parameter), limited to the card types of `spec`."""
    if spec.types is None:
        params.append(value)
        return test
    how, types = spec.types
    params.extend(types)
    if len(types) == 1:
        guard = "c.type != ?" if how == "not in" else "c.type = ?"
    else:
        guard = f"c.type {'NOT IN' if how == 'not in' else 'IN'} ({', '.join('?' * len(types))})"
    params.append(value)
    return f"({guard} AND {test})"


def _term_sql(term: Term, params: list[Any], fts: bool, schema: CatalogSchema) -> str:
    field, op, value = term.field, term.op, term.value
    if field == "rowids":  # a regex already run in Python (_run_regexes)
        params.append(json.dumps(value))
        return "c.rowid IN (SELECT value FROM json_each(?))"
    spec = schema.fields[field]
    columns = spec.columns
    if op == "regex":
        params.extend([value] * len(columns))
        if columns == ("text_f",):
            return "c.rowid IN (SELECT rowid FROM cards WHERE regexp(?, text_f))"
        return "(" + " OR ".join(f"regexp(?, c.{col})" for col in columns) + ")"
    kind = spec.kind
    if kind == "contains":
        return _contains(columns, value, params, fts, schema)
    if kind == "exact":
        params.extend([value] * len(columns))
        parts = [f"c.{col} = ?" for col in columns]
        return "(" + " OR ".join(parts) + ")" if len(parts) > 1 else parts[0]
    column = columns[0]
    if kind == "id":
        params.append(value)
        if op == "=":
            return f"c.{column} = ?"
        params.append(value + "\U0010ffff")
        return f"(c.{column} >= ? AND c.{column} < ?)"
    if kind == "in":
        params.extend(value)
        return f"c.{column} IN ({', '.join('?' * len(value))})"
    if kind == "flag":
        return f"c.{value} = 1"  # value is a value of the field's table (a fixed column name)
    if spec.normalize is not None:
        value = spec.normalize(value)
    if kind == "number":
        test = f"c.{column} {SQL_OPS[op]} ?"
    elif kind == "member":
        value = f"{MEMBER_SEPARATOR}{value}{MEMBER_SEPARATOR}"
        test = f"instr(c.{column}, ?) > 0"
    else:  # enum
        test = f"c.{column} = ?"
    if column in schema.nullable:  # NULL never matches, and its negation always does (as in Python)
        test = f"ifnull({test}, 0)"
    return _guarded(spec, test, params, value)


def _uses_regex(node: Node) -> bool:
    if isinstance(node, Term):
        return node.op == "regex"
    if isinstance(node, Not):
        return _uses_regex(node.child)
    if isinstance(node, And | Or):
        return any(_uses_regex(c) for c in node.children)
    return False


def compile_query(node: Node, *, fts: bool = True, schema: CatalogSchema | None = None) -> tuple[str, list[Any]]:
    """The SQL boolean expression over `card_search AS c` for `node`, and its parameters
    (`schema`: the game's catalog schema, default Z/X's)."""
    schema = _schema(schema)
    params: list[Any] = []

    def walk(n: Node) -> str:
        if isinstance(n, Term):
            return _term_sql(n, params, fts, schema)
        if isinstance(n, Not):
            return f"NOT ({walk(n.child)})"
        if isinstance(n, And):  # regex terms last: SQLite stops at the first false term
            children = sorted(n.children, key=_uses_regex)
            return "(" + " AND ".join(walk(c) for c in children) + ")"
        if isinstance(n, Or):
            return "(" + " OR ".join(walk(c) for c in n.children) + ")"
        return "1"

    return walk(node), params


def search_sql(
    node: Node, *, sort: str = "id", reverse: bool = False, limit: int | None = None,
    full: bool = False, fts: bool = True, schema: CatalogSchema | None = None,
) -> tuple[str, list[Any]]:
    """The whole SELECT for a query: the ids (or, with `full`, the schema's `card_select` columns)
    of the matching cards, sorted and limited."""
    schema = _schema(schema)
    sorts = schema.sorts
    if sort not in sorts:
        raise QueryError(f"unknown sort {sort!r} (valid: {', '.join(sorts)})")
    where, params = compile_query(node, fts=fts, schema=schema)
    order = sorts[sort]
    if reverse:
        order = ", ".join(f"{part.strip()} DESC" for part in order.split(","))
    if full:
        columns = ", ".join(f"x.{col.strip()}" for col in schema.card_select.split(","))
        source = "card_search AS c JOIN cards AS x ON x.rowid = c.rowid"
    else:
        columns, source = "c.id", "card_search AS c"
    sql = f"SELECT {columns} FROM {source} WHERE {where} ORDER BY {order}"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(max(0, limit))
    return sql, params


def _run_regexes(db: CatalogDB, node: Node) -> Node:
    """Replace each /regex/ term by the rowids it matches, found in Python over the folded
    columns (CatalogDB.folded_rows). Calling a Python REGEXP function from SQLite for every
    row costs several times more than this."""
    if isinstance(node, Term):
        if node.op != "regex":
            return node
        pattern = re.compile(node.value, re.IGNORECASE)
        rows = db.folded_rows(db.schema.fields[node.field].columns)
        find = pattern.search
        if len(rows) and len(rows[0]) == 3:  # name: name_f, name_en_f (no generator: 2x faster)
            found = [r[0] for r in rows if find(r[1]) or find(r[2])]
        else:
            found = [r[0] for r in rows if any(find(v) for v in r[1:])]
        return Term("rowids", "in", found, node.source)
    if isinstance(node, Not):
        return Not(_run_regexes(db, node.child))
    if isinstance(node, And | Or):
        return type(node)(tuple(_run_regexes(db, c) for c in node.children))
    return node


def _prepare(db: CatalogDB, query: str | Sequence[str] | Node) -> Node:
    node = query if isinstance(query, Term | Not | And | Or | All) else parse(query, db.schema.language)
    return _run_regexes(db, node) if _uses_regex(node) else node


def search(
    db: CatalogDB, query: str | Sequence[str] | Node, *, sort: str = "id", reverse: bool = False,
    limit: int | None = None, fts: bool | None = None,
) -> list[Card]:
    """The cards of the catalog database matching `query`, sorted (the sorts of the database's
    game; Z/X: `id`, `name`, `cost`, `power`, `color`)."""
    node = _prepare(db, query)
    fts = db.fts if fts is None else fts  # None: use the index when the database has one
    sql, params = search_sql(node, sort=sort, reverse=reverse, limit=limit, full=True, fts=fts, schema=db.schema)
    card_from_row = db.schema.card_from_row
    return [card_from_row(row) for row in db.execute(sql, params)]


def search_ids(
    db: CatalogDB, query: str | Sequence[str] | Node, *, sort: str = "id", reverse: bool = False,
    limit: int | None = None, fts: bool | None = None,
) -> list[str]:
    """Like `search`, only the card numbers (cheaper)."""
    node = _prepare(db, query)
    fts = db.fts if fts is None else fts
    sql, params = search_sql(node, sort=sort, reverse=reverse, limit=limit, fts=fts, schema=db.schema)
    return [row[0] for row in db.execute(sql, params)]


def count(db: CatalogDB, query: str | Sequence[str] | Node, *, fts: bool | None = None) -> int:
    """How many cards match `query`."""
    node = _prepare(db, query)
    where, params = compile_query(node, fts=db.fts if fts is None else fts, schema=db.schema)
    return db.execute(f"SELECT count(*) FROM card_search AS c WHERE {where}", params)[0][0]


# --- the same semantics in Python (for code without a database, and as a test oracle) ----

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    ":": lambda a, b: a == b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


def term_matches(term: Term, card: Card, schema: CatalogSchema | None = None) -> bool:
    """Whether `card` passes one term, in Python (what the term's SQL selects)."""
    spec = _schema(schema).fields[term.field]
    op, value = term.op, term.value
    if op == "regex":
        pattern = re.compile(value, re.IGNORECASE)
        return any(pattern.search(fold(t)) for t in spec.get(card))
    kind = spec.kind
    if kind == "contains":
        return any(value in fold(t) for t in spec.get(card))
    if kind == "exact":
        return value in tuple(fold(t) for t in spec.get(card))
    if kind == "id":
        ident = fold(spec.get(card))
        return ident == value if op == "=" else ident.startswith(value)
    if kind == "in":
        return spec.get(card) in value
    if kind == "flag":
        return bool(getattr(card, value))
    if not spec.applies(card.type):
        return False
    if spec.normalize is not None:
        value = spec.normalize(value)
    if kind == "number":
        number = spec.get(card)
        return number is not None and _COMPARE[op](number, value)
    if kind == "member":
        return any(fold(v) == value for v in spec.get(card))
    return spec.get(card) == value  # enum


def matches(node: Node | str, card: Card, schema: CatalogSchema | None = None) -> bool:
    """Whether `card` matches the query, evaluated in Python (same semantics as the SQL)."""
    schema = _schema(schema)
    tree = parse(node, schema.language) if isinstance(node, str) else node
    return evaluate(tree, card, lambda term, c: term_matches(term, c, schema))


def evaluate(node: Node, card: Any, term_matches: Callable[[Term, Any], bool]) -> bool:
    """Whether `card` matches the parsed query, any game's card: `term_matches` decides one term,
    this walks not / and / or around it."""
    if isinstance(node, Term):
        return term_matches(node, card)
    if isinstance(node, Not):
        return not evaluate(node.child, card, term_matches)
    if isinstance(node, And):
        return all(evaluate(c, card, term_matches) for c in node.children)
    if isinstance(node, Or):
        return any(evaluate(c, card, term_matches) for c in node.children)
    return True


def search_text(open_db: Callable[[], CatalogDB], node: Node, fmt: str,
                format_cards: Callable[[list[Card], str, int | None], str], *, sort: str = "id",
                reverse: bool = False, limit: int | None = None) -> str:
    """What `search` prints for any game: the ids one a line (`fmt` "ids": no card objects
    built), else `format_cards(cards, fmt, total)` with the total matching when `--limit` cut a
    table short (None otherwise). The database comes from `open_db` and is closed after."""
    db = open_db()
    try:
        if fmt == "ids":
            return "\n".join(search_ids(db, node, sort=sort, reverse=reverse, limit=limit))
        cards = search(db, node, sort=sort, reverse=reverse, limit=limit)
        total = count(db, node) if fmt == "table" and limit is not None and len(cards) == limit else None
        return format_cards(cards, fmt, total)
    finally:
        db.close()


def filter_cards(cards: Iterable[Card], query: str | Node, schema: CatalogSchema | None = None) -> list[Card]:
    """The cards matching `query`, in their order, without a database."""
    schema = _schema(schema)
    node = parse(query, schema.language) if isinstance(query, str) else query
    return [c for c in cards if matches(node, c, schema)]
