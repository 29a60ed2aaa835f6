"""The `bot` agent: a program in any language that plays over JSON Lines on its stdin/stdout.

The protocol (docs/BOTS.md says the same, with examples): one JSON object a line, UTF-8, each
message of the engine compact and starting with its `"type"`.

Engine -> bot:

- `{"type":"hello","protocol":1,"engine":"zxdeck","version":...,"player":P,"seed":S,
  "deadline_ms":MS}` once per game; the bot answers `{"type":"ready"}` (it may add `"name"`,
  and `"protocol":1`: another protocol number is refused).
- `{"type":"observation","id":N,"player":P,"decision":KIND,"prompt":TEXT,"deadline_ms":MS,
  "observation":{...},"legal_actions":[{"index":0,"kind":...,"a":...,"b":...,"text":...},...]}`
  for each decision of the bot's player; the bot answers `{"action":I}` (the `index` of one of
  the legal actions; it may echo `"id":N`). `observation` is `zxdeck.engine.observation.observe`:
  only what that player may see.
- `{"type":"timeout","id":N,"action":0,"message":...}` when no answer came within the deadline:
  the first legal action was played instead (the bot's late answer is then skipped).
- `{"type":"game_over","winner":W,"result":"win"|"loss"|"draw","reason":...,"turns":T}` at the
  end; a bot run by `sim` or `play` then sees its stdin close and should exit.
- `{"type":"error","message":...}` before the engine gives up on the bot (a protocol error).

Bot -> engine: the answers above, or `{"type":"error","message":...}` to give up itself.

Errors (bad JSON, a wrong index, a bot that exits or cannot be started) raise `BotError` naming
the bot and what it did: one line, never a traceback. The only wall-clock in zxdeck is the
deadline of an answer here: a bot that times out makes the game depend on the machine's speed.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import json
import os
import queue
import selectors
import shlex
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from zxdeck import __version__
from zxdeck.action import Action
from zxdeck.errors import ZxError
from zxdeck.lifeline import at_abrupt_end, parent_death_signal_available, set_parent_death_signal

if TYPE_CHECKING:
    from zxdeck.game_api import GameAdapter
    from zxdeck.game_api import GameState as Game

PROTOCOL = 1
DEFAULT_TIMEOUT_MS = 5000  # per decision (zxdeck.agents.BOT_TIMEOUT_MS)
HELLO_TIMEOUT_MS = 10_000  # at least this long for the answer to hello (the bot starts up)
EXIT_GRACE_S = 2.0  # how long a finished bot may take to exit before it is killed
MAX_LINE = 1 << 20  # the longest line a bot may send (bytes; more ends it)
READ_SIZE = 1 << 16
NOTICE_S = 1.0  # how long a message that expects no answer (timeout, game_over, error) may take
_EOF = object()


class BotError(ZxError):
    """A bot that broke the protocol, crashed or could not be started (exit status 2)."""


class ChannelClosed(Exception):
    """A line could not be sent: the bot is gone (the message says how)."""


class ChannelStuck(ChannelClosed):
    """A line could not be sent in time: the bot does not read its input."""


class LineTooLong(Exception):
    """The bot sent a line longer than MAX_LINE (nothing more of it is read)."""


def dumps(message: dict[str, Any]) -> str:
    """A message as one compact line (no newline), `type` first as the protocol promises."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _adapter(adapter: GameAdapter | str | None) -> GameAdapter:
    from zxdeck.games import DEFAULT_GAME
    from zxdeck.games import adapter as game_adapter

    if adapter is None or isinstance(adapter, str):
        return game_adapter(adapter or DEFAULT_GAME)
    return adapter


def legal_action_list(game: Game, adapter: GameAdapter | str | None = None) -> list[dict[str, Any]]:
    """The legal actions of the current decision as the protocol numbers them (`adapter`: the
    game's, or its key; default Z/X)."""
    describe = _adapter(adapter).describe_action
    return [{"index": i, "kind": a.kind, "a": a.a, "b": a.b, "text": describe(game, a)}
            for i, a in enumerate(game.legal_actions())]


def observation_message(game: Game, ident: int, deadline_ms: int | None,
                        adapter: GameAdapter | str | None = None) -> dict[str, Any]:
    """The `observation` message of the current decision of `game` (for its current player):
    `game.observation(player)`, only what that player may see."""
    rules = _adapter(adapter)
    p = game.current_player()
    return {"type": "observation", "id": ident, "player": p, "decision": game.decision_kind(),
            "prompt": rules.prompt(game), "deadline_ms": deadline_ms,
            "observation": game.observation(p), "legal_actions": legal_action_list(game, rules)}


def game_over_message(game: Game, player: int) -> dict[str, Any]:
    w = game.winner
    result = "draw" if w is None else "win" if w == player else "loss"
    return {"type": "game_over", "winner": w, "result": result, "reason": str(game.reason or ""),
            "turns": game.turn}


class Channel:
    """Where a bot's lines come from and go to. `recv(timeout)` gives the next line, None when
    the timeout passes first, `_EOF` once the bot's output has ended."""

    name = "bot"
    # whether a line that comes before its question is a second answer to the last one (a bot
    # zxdeck runs); a program driving `zxdeck bot` may write its answers ahead
    one_answer_a_question = False

    def __init__(self) -> None:
        self._lines: queue.Queue[Any] = queue.Queue()
        self._pushed: collections.deque[Any] = collections.deque()  # `unread` items, first

    def _pump(self, stream: IO[str]) -> None:
        try:
            while True:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE:  # no more is read: the bot is ended
                    self._lines.put(LineTooLong(f"sent a line longer than {MAX_LINE} characters"))
                    return
                self._lines.put(line)
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            self._lines.put(exc)
        self._lines.put(_EOF)

    def _start_reader(self, stream: IO[str]) -> None:
        threading.Thread(target=self._pump, args=(stream,), daemon=True,
                         name=f"zxdeck-bot-{self.name}").start()

    def send(self, message: dict[str, Any], timeout: float | None = None) -> None:
        """Send one message; ChannelStuck when it cannot be sent within `timeout` seconds."""
        raise NotImplementedError

    def recv(self, timeout: float | None) -> Any:
        if self._pushed:
            return self._pushed.popleft()
        try:
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def unread(self, item: Any) -> None:
        """Give back what `recv` gave: the next `recv` returns it again."""
        self._pushed.appendleft(item)

    def partial(self) -> str:
        """The start of a line received without its end yet ('' when none)."""
        return ""

    def ended(self) -> str:
        """Why the bot's output ended (for the error message)."""
        return "closed its output"

    def last_words(self) -> str:
        """What the bot said on stderr last, as ` (its last error output: ...)`, or ''."""
        return ""

    def close(self) -> None:
        pass


class StreamChannel(Channel):
    """The bot is at the other end of two streams (`zxdeck bot`: this process's stdin/stdout)."""

    def __init__(self, reader: IO[str], writer: IO[str], name: str = "stdin/stdout") -> None:
        super().__init__()
        self.name = name
        self.writer = writer
        self._start_reader(reader)

    def send(self, message: dict[str, Any], timeout: float | None = None) -> None:
        try:
            self.writer.write(dumps(message) + "\n")
            self.writer.flush()
        except (OSError, ValueError):
            raise ChannelClosed("closed its input") from None

    def ended(self) -> str:
        return "closed its output (end of file)"


_LIVE: weakref.WeakSet[ProcessChannel] = weakref.WeakSet()


@atexit.register
@at_abrupt_end
def _kill_leftovers() -> None:
    for channel in list(_LIVE):
        channel.close(grace=0.0)


def _argv(command: str) -> list[str]:
    try:
        argv = shlex.split(command, posix=os.name != "nt")
    except ValueError as exc:
        raise BotError(f"bot {command!r}: cannot read the command line: {exc}") from None
    if not argv:
        raise BotError("bot: empty command line (bot:COMMAND, e.g. bot:python3 mybot.py)")
    return argv


def check_command(command: str) -> None:
    """BotError unless the program of `command` can be found (before any game is played)."""
    import shutil

    program = _argv(command)[0]
    if shutil.which(program) is None:
        where = "not found" if os.sep not in program and "/" not in program else (
            "not found" if not os.path.exists(program) else "not executable")
        raise BotError(f"bot {command!r}: cannot start {program!r}: {where}")


class ProcessChannel(Channel):
    """A bot program started from a command line (split like a POSIX shell, not run by one).

    On POSIX its pipes are read and written without blocking, under deadlines (a selector): a
    bot that stops reading its input cannot hold a write for ever (`ChannelStuck`), a line is
    at most `MAX_LINE` bytes (more is `LineTooLong`, and zxdeck stops reading: a 100 MB answer
    costs no more memory than one line), and its standard error keeps its last 4 KiB. It runs
    in a session (process group) of its own that `close` kills whole, so a child it forked
    ends with it; on Linux it also dies with zxdeck (PR_SET_PDEATHSIG), even after a kill -9.
    """

    one_answer_a_question = True

    def __new__(cls, command: str) -> ProcessChannel:
        if cls is ProcessChannel and os.name != "posix":
            return super().__new__(_ThreadedProcessChannel)
        return super().__new__(cls)

    def __init__(self, command: str) -> None:
        super().__init__()
        self.name = repr(command)
        argv = _argv(command)
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                bufsize=0, start_new_session=True, preexec_fn=_die_with_parent())
        except OSError as exc:
            raise BotError(f"bot {command!r}: cannot start {argv[0]!r}: "
                           f"{exc.strerror or exc}") from None
        assert self.proc.stdin is not None and self.proc.stdout is not None
        assert self.proc.stderr is not None
        self._in, self._out, self._err = (self.proc.stdin.fileno(), self.proc.stdout.fileno(),
                                          self.proc.stderr.fileno())
        for fd in (self._in, self._out, self._err):
            os.set_blocking(fd, False)
        self._sel = selectors.DefaultSelector()
        self._sel.register(self._out, selectors.EVENT_READ)
        self._sel.register(self._err, selectors.EVENT_READ)
        self._buf = bytearray()  # the line being received
        self._ready: collections.deque[str] = collections.deque()  # whole lines received
        self._eof = False
        self._too_long = False
        self._err_tail = bytearray()
        _LIVE.add(self)

    # --- reading and writing under deadlines

    def _pump(self, timeout: float | None, writing: bool = False) -> bool:
        """Wait up to `timeout` for the bot's output (or, `writing`, for room in its input) and
        take what came; True when its input has room."""
        if writing:
            self._sel.register(self._in, selectors.EVENT_WRITE)
        try:
            events = self._sel.select(timeout) if self._sel.get_map() else []
        finally:
            if writing:
                self._sel.unregister(self._in)
        room = False
        for key, _ in events:
            if key.fd == self._in:
                room = True
                continue
            try:
                data = os.read(key.fd, READ_SIZE)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:
                self._sel.unregister(key.fd)
                if key.fd == self._out:
                    self._eof = True
            elif key.fd == self._err:
                self._err_tail += data
                del self._err_tail[:-4096]
            else:
                self._take(data)
        return room

    def _take(self, data: bytes) -> None:
        self._buf += data
        while True:
            cut = self._buf.find(b"\n")
            if cut < 0:
                break
            line = bytes(self._buf[:cut + 1])
            del self._buf[:cut + 1]
            if len(line) > MAX_LINE:
                self._overflow()
                return
            self._ready.append(line.decode("utf-8", errors="replace"))
        if len(self._buf) > MAX_LINE:
            self._overflow()

    def _overflow(self) -> None:
        """A line longer than MAX_LINE: stop reading the bot's output (it is ended next)."""
        self._too_long = True
        self._buf.clear()
        with contextlib.suppress(KeyError, ValueError):
            self._sel.unregister(self._out)

    def recv(self, timeout: float | None) -> Any:
        end = None if timeout is None else time.monotonic() + timeout
        polled = False
        while True:
            if self._pushed:
                return self._pushed.popleft()
            if self._ready:
                return self._ready.popleft()
            if self._too_long:
                return LineTooLong(f"sent a line longer than {MAX_LINE} bytes")
            if self._eof:
                return _EOF
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                if polled:
                    return None
                left = 0.0  # one look without waiting: what has already come is taken
            polled = True
            self._pump(left)

    def partial(self) -> str:
        return self._buf[:200].decode("utf-8", errors="replace")

    def send(self, message: dict[str, Any], timeout: float | None = None) -> None:
        data = memoryview((dumps(message) + "\n").encode())
        end = None if timeout is None else time.monotonic() + timeout
        while data:
            try:
                data = data[os.write(self._in, data):]
                continue
            except BlockingIOError:
                pass
            except OSError:
                raise ChannelClosed(self.ended()) from None
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                raise ChannelStuck(f"stopped reading its input ({message['type']} message "
                                   f"{message.get('id', '')} could not be sent within "
                                   f"{round((timeout or 0) * 1000)} ms)".replace(" )", ")"))
            self._pump(left, writing=True)  # its output is taken meanwhile: no deadlock

    def ended(self) -> str:
        try:
            status = self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exited with status {status}"

    def last_words(self) -> str:
        with contextlib.suppress(OSError, ValueError):
            self._pump(0.05)  # the last lines it wrote on stderr
        lines = [x for x in self._err_tail.decode("utf-8", errors="replace").splitlines() if x.strip()]
        return f" (its last error output: {_clip(lines[-1], 200)})" if lines else ""

    def close(self, grace: float = EXIT_GRACE_S) -> None:
        """Close the bot's input, give it `grace` seconds to exit, then end its whole process
        group (a child it forked too)."""
        _LIVE.discard(self)
        proc = self.proc
        if proc.stdin is not None and not proc.stdin.closed:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=grace)
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            proc.kill()
        proc.wait()
        self._sel.close()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def _die_with_parent() -> Callable[[], None] | None:
    """Linux: what a bot runs before its program, so that it is killed when zxdeck dies
    (PR_SET_PDEATHSIG), even by kill -9; None elsewhere (its process group is killed by
    `close` and at exit)."""
    if not parent_death_signal_available():
        return None

    def child() -> None:  # in the child, between fork and exec: nothing is imported
        set_parent_death_signal(signal.SIGKILL)

    return child


class _ThreadedProcessChannel(ProcessChannel):
    """Where pipes cannot be selected (Windows): a thread reads the bot's lines (each at most
    MAX_LINE characters); a write can block while the bot does not read."""

    def __init__(self, command: str) -> None:
        Channel.__init__(self)
        self.name = repr(command)
        argv = _argv(command)
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", bufsize=1)
        except OSError as exc:
            raise BotError(f"bot {command!r}: cannot start {argv[0]!r}: "
                           f"{exc.strerror or exc}") from None
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=5)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self._start_reader(self.proc.stdout)
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        _LIVE.add(self)

    def _drain_stderr(self) -> None:
        assert self.proc.stderr is not None
        try:
            for line in self.proc.stderr:
                if line.strip():
                    self.stderr_tail.append(line.rstrip("\n")[:200])
        except (OSError, ValueError):
            pass

    def recv(self, timeout: float | None) -> Any:
        return Channel.recv(self, timeout)

    def partial(self) -> str:
        return ""

    def send(self, message: dict[str, Any], timeout: float | None = None) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(dumps(message) + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise ChannelClosed(self.ended()) from None

    def last_words(self) -> str:
        time.sleep(0.05)  # let the stderr reader catch the last lines
        return f" (its last error output: {self.stderr_tail[-1]})" if self.stderr_tail else ""

    def close(self, grace: float = EXIT_GRACE_S) -> None:
        _LIVE.discard(self)
        proc = self.proc
        if proc.stdin is not None and not proc.stdin.closed:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class BotAgent:
    """Plays by asking a program over JSON Lines (`bot:python3 mybot.py`, docs/BOTS.md).

    The program is started at the agent's first decision and stopped by `close(game)` (sim and
    play call it after the game). `timeout` is the deadline of one answer in milliseconds (0:
    wait for ever); on a timeout the first legal action is played and `timeouts` counts it.
    """

    name = "bot"

    def __init__(self, seed: int = 0, cmd: str = "", timeout: int = DEFAULT_TIMEOUT_MS,
                 channel: Channel | None = None, game: str = "zx") -> None:
        if channel is None and not cmd.strip():
            raise BotError("bot: give the command that runs it: bot:COMMAND (e.g. "
                           "bot:python3 examples/bots/random_bot.py)")
        if channel is None:
            check_command(cmd)
        self.seed = seed
        self.cmd = cmd
        self.game = game  # the game's key (zxdeck.games): how actions are described
        self.timeout_ms = timeout
        self.channel = channel
        self._own_channel = channel is None
        self.player: int | None = None
        self.bot_name = ""
        self.timeouts = 0
        self.decisions = 0
        self._next_id = 0
        self._pending: collections.deque[int] = collections.deque()  # ids sent, not answered
        self._asked = ""  # the last question sent ("hello", "observation 3")

    @property
    def label(self) -> str:
        return self.channel.name if self.channel is not None else repr(self.cmd)

    def _who(self) -> str:
        seat = f" (player {self.player + 1})" if self.player is not None else ""
        return f"bot {self.label}{seat}"

    def _fail(self, problem: str) -> BotError:
        """Tell the bot (best effort), stop it, and the error to raise."""
        if self.channel is not None:
            with contextlib.suppress(ChannelClosed):
                self.channel.send({"type": "error", "message": problem}, NOTICE_S)
            problem += self.channel.last_words()
            if self._own_channel:
                self.channel.close()
        return BotError(f"{self._who()}: {problem}")

    def _deadline(self, minimum: int = 0) -> int | None:
        return max(self.timeout_ms, minimum) if self.timeout_ms > 0 else None

    def start(self, game: Game) -> None:
        """Start the program (unless given a channel) and shake hands for a new game."""
        self.player = game.current_player()
        if self.channel is None:
            self.channel = ProcessChannel(self.cmd)
        deadline = self._deadline(HELLO_TIMEOUT_MS)
        hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "engine": "zxdeck",
                                 "version": __version__, "player": self.player, "seed": self.seed,
                                 "deadline_ms": deadline}
        if self.game != "zx":  # Z/X, the default game, is not named (its bots predate the key)
            hello["game"] = self.game
        self._send(hello, deadline)
        answer = self._answer(0, deadline, "hello")
        if answer is None:
            raise self._fail(f"no answer to hello within {deadline} ms (a bot answers "
                             '{"type":"ready"})')
        if answer.get("type") not in ("ready", None):
            raise self._fail(f"answered hello with {answer.get('type')!r}; expected "
                             '{"type":"ready"}')
        proto = answer.get("protocol", PROTOCOL)
        if proto != PROTOCOL:
            raise self._fail(f"speaks protocol {proto!r}; zxdeck speaks protocol {PROTOCOL}")
        self.bot_name = str(answer.get("name", ""))

    def _send(self, message: dict[str, Any], deadline_ms: int | None = None) -> None:
        """Send a message, within `deadline_ms` (None: no limit); a question (hello,
        observation) only once the bot has said nothing more than it was asked."""
        assert self.channel is not None
        question = message["type"] in ("hello", "observation")
        if question:
            self._no_extra_answer()
            self._pending.append(message.get("id", 0))
        try:
            self.channel.send(message, None if deadline_ms is None else deadline_ms / 1000)
        except ChannelStuck as exc:
            raise self._fail(str(exc)) from None
        except ChannelClosed as exc:
            raise self._fail(f"{exc} before it was sent {message['type']} message "
                             f"{message.get('id', '')}".rstrip()) from None
        if question:
            self._asked = "hello" if message["type"] == "hello" else f"observation {message['id']}"

    def _no_extra_answer(self) -> None:
        """A second answer to the last question (two lines for one) is an error naming it, not
        the answer to the next one. (A late answer to a question that timed out is skipped.)"""
        assert self.channel is not None
        if self._pending or not self._asked or not self.channel.one_answer_a_question:
            return
        while True:
            line = self.channel.recv(0)
            if line is None:
                extra = self.channel.partial().strip()
                if extra:  # an extra line on its way (written in two pieces)
                    raise self._fail(f"answered {self._asked} twice: the second line began "
                                     f"{_clip(extra)!r} when no question was open (one line "
                                     "per question)")
                return
            if not isinstance(line, str):
                self.channel.unread(line)  # the end or an error: seen at the next answer
                return
            if line.strip():
                raise self._fail(f"answered {self._asked} twice: the second line "
                                 f"{_clip(line.strip())!r} came when no question was open (one "
                                 "line per question)")

    def _answer(self, ident: int, deadline_ms: int | None, what: str) -> dict[str, Any] | None:
        """The bot's answer to message `ident` (a JSON object), None on a timeout. Late answers
        to earlier messages are skipped (answers come in order; an `id` names its question)."""
        assert self.channel is not None
        end = None if deadline_ms is None else time.monotonic() + deadline_ms / 1000
        while True:
            left = None if end is None else max(0.0, end - time.monotonic())
            line = self.channel.recv(left)
            if line is None:
                return None
            if isinstance(line, LineTooLong):
                raise self._fail(f"{line} while answering {what}")
            if line is _EOF or isinstance(line, Exception):
                raise self._fail(f"{self.channel.ended()} instead of answering {what}")
            text = line.strip()
            if not text:
                continue
            try:
                answer = json.loads(text)
            except RecursionError:
                raise self._fail(f"answered {what} with JSON nested too deeply "
                                 f"({_clip(text, 40)!r})") from None
            except ValueError:
                raise self._fail(f"answered {what} with {_clip(text)!r}, which is not JSON "
                                 '(expected one JSON object a line, e.g. {"action":0})') from None
            if not isinstance(answer, dict):
                raise self._fail(f"answered {what} with {_clip(text)!r}, which is not a JSON object")
            if answer.get("type") == "error":
                raise self._fail(f"gave up: {_clip(str(answer.get('message', '')))}")
            got = answer.get("id")
            if isinstance(got, int) and not isinstance(got, bool) and got in self._pending:
                while self._pending and self._pending[0] != got:
                    self._pending.popleft()  # questions it skipped (timed out)
            if not self._pending:
                raise self._fail(f"sent {_clip(text)!r} when no answer was expected")
            answered = self._pending.popleft()
            if answered != ident:
                continue  # the late answer to a question that timed out
            return answer

    def choose(self, game: Game) -> Action:
        if self.player is None:
            self.start(game)
        acts = game.legal_actions()
        self._next_id += 1
        ident = self._next_id
        deadline = self._deadline()
        self._send(observation_message(game, ident, deadline, self.game), deadline)
        self.decisions += 1
        answer = self._answer(ident, deadline, f"observation {ident}")
        if answer is None:
            assert self.channel is not None
            half = self.channel.partial()
            if half:  # it began an answer and stopped: a broken bot, not a slow one
                raise self._fail(f"sent half a line ({_clip(half)!r}) and nothing more within "
                                 f"{deadline} ms while answering observation {ident}")
            self.timeouts += 1
            self._send({"type": "timeout", "id": ident, "action": 0,
                        "message": f"no answer within {deadline} ms: the first legal action "
                                   f"(index 0) was played"}, deadline)
            return acts[0]
        index = answer.get("action")
        if isinstance(index, bool) or not isinstance(index, int):
            raise self._fail(f"answered observation {ident} with {_clip(dumps(answer))!r}: "
                             '"action" must be the index of a legal action (an integer)')
        if not 0 <= index < len(acts):
            raise self._fail(f"chose action {index} at observation {ident}, but the legal "
                             f"actions are 0-{len(acts) - 1}")
        return acts[index]

    def close(self, game: Game | None = None) -> None:
        """Tell the bot how the game ended (when it did), then stop the program."""
        if self.channel is None:
            return
        if game is not None and game.is_over() and self.player is not None:
            with contextlib.suppress(ChannelClosed):
                self.channel.send(game_over_message(game, self.player), NOTICE_S)
        if self._own_channel:
            self.channel.close()
            self.channel = None
        self.player = None
        self._pending.clear()
        self._asked = ""


def _clip(text: str, n: int = 80) -> str:
    return text if len(text) <= n else text[:n] + "..."


def stdio_channel() -> StreamChannel:
    """This process's stdin/stdout as a bot's channel (`zxdeck bot`)."""
    stdin = open(sys.stdin.fileno(), encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
    stdout = open(sys.stdout.fileno(), "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    return StreamChannel(stdin, stdout)


__all__ = ["PROTOCOL", "BotAgent", "BotError", "Channel", "ProcessChannel", "StreamChannel",
           "check_command", "game_over_message", "legal_action_list",
           "observation_message", "serve", "serve_summary",
           "stdio_channel"]


def serve(deck: Any, vs: Any, opponent: str, channel: Channel, seat: int = 0, seed: int = 0,
          games: int = 1, timeout: int = 0, turn_limit: int = 100,
          game: str = "zx") -> list[tuple[Game, int]]:
    """`zxdeck bot`: play `games` games in which the program at the other end of `channel` plays
    `deck` in seat `seat` (0: p1) against the agent `opponent` playing `vs`.

    Game `i` has seed `seed + i` (its coin flip, shuffles and the opponent's generator); the bot
    gets hello, observations and game_over for each game on the same channel. Returns each game
    with the number of answers the bot did not give in time. BotError when the bot breaks the
    protocol or goes away. `game`: the key of the game (zxdeck.games), whose adapter makes the
    games and the opponent; `deck` and `vs` are what its games take (its loaded decks' `setup`).
    """
    from zxdeck.sim.seeds import agent_seed

    rules = _adapter(game)
    opponent_spec = rules.parse_agent(opponent)
    played = []
    for i in range(games):
        s = seed + i
        bot = BotAgent(agent_seed(s, seat), timeout=timeout, channel=channel, game=rules.key)
        other = opponent_spec.make(agent_seed(s, 1 - seat))
        agents = (bot, other) if seat == 0 else (other, bot)
        specs = (deck, vs) if seat == 0 else (vs, deck)
        g = rules.new_game(specs[0], specs[1], s, turn_limit)
        n = 0
        try:
            while not g.is_over():
                g.apply(agents[g.current_player()].choose(g))
                n += 1
                if n > MAX_DECISIONS:
                    raise RuntimeError("game did not end")
        finally:  # the bot is told the result; the opponent lets go of what it holds
            for agent in agents:
                close = getattr(agent, "close", None)
                if close is not None:
                    close(g)
        played.append((g, bot.timeouts))
    return played


def serve_summary(played: list[tuple[Game, int]], seat: int, unit: str = "game",
                  tie: str = "drawn") -> str:
    """The line `zxdeck bot` prints on stderr after `serve`: games (`unit`: "game", or "match"
    for MOZ) won, lost, tied (`tie`) by the bot in `seat` (0: p1), and its late answers."""
    won = sum(g.winner == seat for g, _ in played)
    drawn = sum(g.winner is None for g, _ in played)
    late = sum(n for _, n in played)
    units = unit if len(played) == 1 else ("matches" if unit == "match" else f"{unit}s")
    return (f"zxdeck: bot as p{seat + 1}: {len(played)} {units}, won {won}, "
            f"lost {len(played) - won - drawn}, {tie} {drawn}; "
            f"{late} answer{'s' if late != 1 else ''} late")


MAX_DECISIONS = 1_000_000
