"""The pieces of a terminal game that every game's session shares (`zxdeck play` without
`--auto`): the command words and their table, reading and parsing what the person types,
yes/no confirmations, choices a page at a time, the autosave of the last whole move, and the
guard that turns Ctrl-C, SIGTERM and SIGHUP into "save and print the resume command".

The command words are one set for every game (Z/X's, which came first): a game's session adds
its handlers under these names, and may add commands of its own under words no other command
uses (Z/X: zones, set, concede). A game's help text lists the words as this table has them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from zxdeck.terminal.interrupts import Terminated, stops_like_ctrl_c, tolerant_stdin
from zxdeck.termtext import clean

__all__ = ["AGAIN", "COMMAND_WORDS", "STOP", "Autosave", "CommandTable", "Typed", "ask_choice",
           "cancellable", "confirm", "guarded", "log_tail", "parse", "play_moves", "split_pages"]

T = TypeVar("T")

# The command words of every game's session: name -> its other names.
COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    "help": ("?", "h", "ヘルプ"),
    "board": ("b",),
    "hand": (),
    "card": ("c",),
    "log": (),
    "hint": ("ヒント",),
    "more": ("m",),
    "quit": ("q", "exit", "save"),
}
STOP = object()  # what a command's handler returns to end the question (quit, concede)
AGAIN = object()  # what a game's `choose` returns to ask the same question again
THINKING = "考えています... (Ctrl-C で取り消し)"  # before a search the person waits for (hint)
CANCELLED = "ヒントを取り消しました。番号かコマンドを入力してください。"


class CommandTable:
    """Typed commands: name -> handler, found by the name or one of its other names (exactly,
    after `lower()`). A name of COMMAND_WORDS takes its other names from there; a word may
    belong to one command only (ValueError otherwise, so two games never read a word two ways)."""

    def __init__(self) -> None:
        self.entries: dict[str, tuple[Callable[..., Any], tuple[str, ...]]] = {}

    def add(self, name: str, handler: Callable[..., Any], aliases: Sequence[str] = (),
            *, extra: Sequence[str] = ()) -> None:
        """Add command `name`: its other names are COMMAND_WORDS's for a shared command (then
        `aliases` must be empty), else `aliases`; `extra` adds other names of a game's own."""
        if name in COMMAND_WORDS:
            if aliases:
                raise ValueError(f"{name}: the shared command's words are COMMAND_WORDS's")
            aliases = COMMAND_WORDS[name]
        words = (*aliases, *extra)
        taken = {w for n, (_h, a) in self.entries.items() for w in (n, *a)}
        shared = {w for n, a in COMMAND_WORDS.items() if n != name for w in (n, *a)}
        clash = [w for w in (name, *words) if w in taken or w in shared]
        if clash:
            raise ValueError(f"{name}: the word {clash[0]!r} is another command's")
        self.entries[name] = (handler, tuple(words))

    def find(self, word: str) -> Callable[..., Any] | None:
        """The handler of a typed word (None: not a command)."""
        for key, (handler, aliases) in self.entries.items():
            if word == key or word in aliases:
                return handler
        return None

    def names(self) -> list[str]:
        return list(self.entries)


class Typed(NamedTuple):
    """One line the person typed: `number` (a choice, ASCII digits) or else `word` (lowered)
    and `arg` (the rest, single-spaced); `text` is the line, NFKC-normalised and stripped."""

    text: str
    number: int | None
    word: str
    arg: str


def parse(raw: str) -> Typed:
    """A typed line: full-width digits and letters read as ASCII (NFKC); blanks around ignored."""
    text = unicodedata.normalize("NFKC", raw).strip()
    if text.isdigit() and text.isascii():
        return Typed(text, int(text), "", "")
    words = text.split()
    return Typed(text, None, words[0].lower() if words else "", " ".join(words[1:]))


def confirm(input_fn: Callable[[str], str], prompt: str) -> bool:
    """A yes/no question: y, yes, はい (any width or case) is yes; anything else, or no input
    (Ctrl-D, bytes that are not text), is no."""
    try:
        answer = unicodedata.normalize("NFKC", input_fn(prompt)).strip().lower()
    except (EOFError, UnicodeDecodeError):
        return False
    return answer in ("y", "yes", "はい")


def split_pages(entries: Sequence[Sequence[T]], fit: int) -> list[list[T]]:
    """Choices a page at a time: `entries` (one choice each: its lines) on pages of at most
    `fit` lines, an entry never split across pages (one longer than a page is cut to it)."""
    pages: list[list[T]] = [[]]
    for entry in entries:
        if pages[-1] and len(pages[-1]) + len(entry) > fit:
            pages.append([])
        pages[-1] += list(entry)[:fit]
    return pages


class Autosave:
    """The save of the last whole move: `moved(data)` after each move keeps it and writes it
    (when there is a path and writing is on); `keep()` writes it again when the game stops, so
    Ctrl-C inside a move or a search never leaves half of one (`fresh()` when no move was
    kept yet)."""

    def __init__(self, path: str | Path | None, write: Callable[[Any, Any], None],
                 enabled: bool = True) -> None:
        self.path = path
        self.write = write
        self.enabled = enabled
        self.last: Any = None

    def moved(self, data: Any) -> None:
        self.last = data
        if self.enabled and self.path:
            self.write(self.path, data)

    def keep(self, fresh: Callable[[], Any]) -> Any:
        """Write the last whole move (else `fresh()`) to the path; returns what was written."""
        data = self.last if self.last is not None else fresh()
        if self.path:
            self.write(self.path, data)
        return data


def guarded(body: Callable[[], T], on_interrupt: Callable[[], T], reading_stdin: bool = True) -> T:
    """Run a session's loop so that however it stops it can be resumed: input bytes that are
    not UTF-8 never raise (when reading stdin), SIGTERM / SIGHUP stop it as Ctrl-C does, and
    Ctrl-C ends in `on_interrupt()` (save, print the resume command, its exit status)."""
    if reading_stdin:
        tolerant_stdin()
    with stops_like_ctrl_c():
        try:
            return body()
        except KeyboardInterrupt:
            return on_interrupt()


def ask_choice(read: Callable[[str], str], count: Callable[[], int], commands: CommandTable,
               choose: Callable[[int], Any], notice: Callable[[str, bool], None],
               command_args: Sequence[Any] = (), after_command: Callable[[], None] | None = None,
               on_eof: Callable[[], None] | None = None) -> Any:
    """One question of a terminal game, asked until it is answered: the person types the number
    of one of `count()` choices (read again before each line: a screen drawn again in another
    layout may number them otherwise) (`choose(k)` gives the answer, or AGAIN to ask again: a second
    question went back, a confirmation said no) or a command of `commands` (its handler gets
    the argument and `command_args`; STOP ends the question, anything else asks again after
    `after_command()`). A wrong number, an empty line or a word that is no command gets a
    one-line `notice(message, redraw)` (redraw: draw the screen again with it under the
    question; False: a line printed as it is). Returns the answer, or None when the person
    stops (a command's STOP, end of input after `on_eof()`)."""
    while True:
        n = count()
        try:
            raw = read(f"選択 1-{n} (help)> ")
        except EOFError:
            if on_eof is not None:
                on_eof()
            return None
        except UnicodeDecodeError:  # a terminal that does not send UTF-8
            notice("入力を読めませんでした (UTF-8 ではない文字): 番号を入力してください。", False)
            continue
        typed = parse(raw)
        if typed.number is not None:
            k = typed.number
            if not 1 <= k <= n:
                notice(f"{k} という選択肢はありません: 1 から {n} の番号を入力してください。", True)
                continue
            answer = choose(k)
            if answer is AGAIN:
                continue
            return answer
        handler = commands.find(typed.word)
        if handler is not None:
            if handler(typed.arg, *command_args) is STOP:
                return None
            if after_command is not None:
                after_command()
            continue
        text = typed.text
        if not text:
            notice(f"番号 (1-{n}) かコマンド (help) を入力してください。", True)
        else:
            shown = clean(text if len(text) <= 20 else text[:20] + "...")
            notice(f"「{shown}」は選択肢でもコマンドでもありません: 1-{n} の番号か help を。", True)


def play_moves(over: Callable[[], bool], persons_turn: Callable[[], bool],
               computer_move: Callable[[], None], person_move: Callable[[], bool],
               moved: Callable[[], None], before_each: Callable[[], None] | None = None) -> bool:
    """The moves of a terminal game, to its end or until the person stops: `moved()` (the
    autosave) once before the first move and after every move, computer's or person's;
    `before_each()` (narration) before each. `person_move()` asks the person (ask_choice) and
    makes the move; False: the person stopped. Returns True when the game is over, False when
    the person stopped it."""
    moved()
    while not over():
        if before_each is not None:
            before_each()
        if not persons_turn():
            computer_move()
        elif not person_move():
            return False
        moved()
    return True


def cancellable(work: Callable[[], T]) -> T | None:
    """A search the person waits for and may cancel with Ctrl-C (`hint`): its result, or None
    when cancelled (the game is unchanged; the game says CANCELLED and asks again). SIGTERM and
    SIGHUP (`Terminated`) are no cancel: they stop the game, which is saved."""
    try:
        return work()
    except KeyboardInterrupt as exc:
        if isinstance(exc, Terminated):
            raise
        return None


def log_tail(lines: Sequence[str], arg: str, default: int | None = None) -> list[str]:
    """`log [N]`: the narration's non-blank lines, the last N of them (no N: the last `default`;
    None or 0: all)."""
    kept = [x for x in lines if x.strip()]
    n = int(arg) if arg.strip().isdigit() else default
    return kept[-n:] if n and n > 0 else kept
