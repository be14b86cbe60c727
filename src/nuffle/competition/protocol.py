"""The bot protocol: JSON objects, one per line, over the bot's stdin (referee to bot) and
stdout (bot to referee). This module builds and checks the messages; docs/PROTOCOL.md and the
JSON Schema in nuffle/data/competition/protocol.schema.json describe them for other languages.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from nuffle.competition.codec import dumps, loads
from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions, Square
from nuffle.core.decision import Decision, DecisionKind
from nuffle.core.errors import NuffleError

PROTOCOL = "nuffle-bot"
VERSION = 1
#: Changes within a version only add to it; 2 added the set-up clock and 53-bit bot seeds, 3 the
#: Wizard inducement (two action types and the WIZARD decision kind), 4 the game clock.
REVISION = 4
#: Parts of a decision request a bot can ask for in its `ready` reply.
REQUEST_PARTS = ("state", "position", "legal", "pitch")
#: The parts a `ready` reply without `wants` gets.
DEFAULT_PARTS = ("state", "position", "legal")


class ProtocolError(NuffleError, ValueError):
    """A message that does not follow the protocol (the text names what is wrong)."""


_TYPE_NAMES = {t: t.name for t in ActionType}
#: Encoded square lists of the engine's cached tuples (a set-up's half of the pitch), by
#: identity; each entry keeps its tuple alive so that its id cannot be reused.
_SQUARES_TEXT: dict[int, tuple[tuple[Square, ...], str]] = {}
_CACHED_LEN = 24  # shorter square lists are encoded each time


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of compact JSON."""
    return (dumps(message) + "\n").encode()


def decode(line: bytes) -> dict[str, Any]:
    """Parse one line into a message object; raises ProtocolError naming the problem."""
    if line.startswith(b"\xef\xbb\xbf"):  # a byte order mark, as some tools write
        line = line[3:]
    try:
        msg = loads(line.decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        shown = line[:60].decode("utf-8", "replace")
        raise ProtocolError(f"not valid JSON ({exc}): {shown!r}") from None
    if not isinstance(msg, dict):
        raise ProtocolError(f"a message must be a JSON object, got {type(msg).__name__}")
    if not isinstance(msg.get("type"), str):
        raise ProtocolError(f"a message needs a string 'type', got {msg.get('type')!r}")
    return msg


def legal_to_json(legal: LegalActions) -> list[dict[str, Any]]:
    """The legal actions as groups: every listed player with every listed square."""
    out = []
    for g in legal.groups:
        group: dict[str, Any] = {
            "type": g.type.name,
            "players": list(g.players),
            "squares": [list(sq) for sq in g.squares],
        }
        if g.probabilities:
            group["probabilities"] = list(g.probabilities)
        out.append(group)
    return out


def _squares_text(squares: tuple[Square, ...]) -> str:
    if type(squares) is not tuple:
        return dumps(squares)
    hit = _SQUARES_TEXT.get(id(squares))
    if hit is not None and hit[0] is squares:
        return hit[1]
    text = dumps(squares)
    if len(_SQUARES_TEXT) >= 64:
        _SQUARES_TEXT.clear()
    _SQUARES_TEXT[id(squares)] = (squares, text)
    return text


def _group(g: ActionChoice) -> dict[str, Any]:
    group: dict[str, Any] = {"type": _TYPE_NAMES[g.type], "players": g.players, "squares": g.squares}
    if g.probabilities:
        group["probabilities"] = g.probabilities
    return group


def _legal_text(groups: Sequence[ActionChoice]) -> str:
    parts = []
    for g in groups:
        head = dumps({"type": _TYPE_NAMES[g.type], "players": g.players})[:-1]
        probs = f',"probabilities":{dumps(g.probabilities)}' if g.probabilities else ""
        parts.append(f'{head},"squares":{_squares_text(g.squares)}{probs}}}')
    return "[" + ",".join(parts) + "]"


#: A public state's player entry: the fields fixed for a game, then those that change.
_STATIC_KEYS = ("id", "team", "number", "name", "position", "ma", "st", "ag", "av", "skills")
_PLAYER_KEYS = (*_STATIC_KEYS, "status", "square", "flags")


class StateText:
    """Encodes the public states of one game (`Game.to_json` of a view) as JSON text; each
    player's fixed fields (id, name, characteristics, skills) are encoded once per game."""

    def __init__(self) -> None:
        self._heads: dict[int, str] = {}

    def __call__(self, state: dict[str, Any]) -> str:
        rest = dict(state)
        players = rest.pop("players")
        out = []
        for p in players:
            head = self._heads.get(p["id"])
            if head is None:
                if tuple(p) != _PLAYER_KEYS or not isinstance(p["status"], str):
                    out.append(dumps(p))  # a shape this encoder does not know
                    continue
                head = dumps({k: p[k] for k in _STATIC_KEYS})[:-1]
                self._heads[p["id"]] = head
            sq = p["square"]
            where = "null" if sq is None else f"[{sq[0]:d},{sq[1]:d}]"
            out.append(f'{head},"status":"{p["status"]}","square":{where},"flags":{p["flags"]:d}}}')
        return f'{dumps(rest)[:-1]},"players":[{",".join(out)}]}}'


def decide_line(
    request_id: int,
    decision: Decision,
    clock: str,
    left: dict[str, float],
    parts: dict[str, Any],
    legal: LegalActions | None = None,
    state: str | None = None,
) -> bytes:
    """A `decide` request as one encoded line: the clocks `left` (clock_left, overage_left),
    the JSON `parts` (position, pitch), the encoded `state` and the `legal` actions. Long
    square lists the engine caches (a set-up's half of the pitch) are encoded once."""
    msg = {"type": "decide", "id": request_id, "decision": decision.to_json(), "clock": clock,
           **left, **parts}
    groups = legal.groups if legal is not None else ()
    if state is None and all(len(g.squares) < _CACHED_LEN for g in groups):
        if legal is not None:
            msg["legal"] = [_group(g) for g in groups]
        return encode(msg)
    text = dumps(msg)[:-1]
    if state is not None:
        text += ',"state":' + state
    if legal is not None:
        text += ',"legal":' + _legal_text(groups)
    return (text + "}\n").encode()


def hello(
    name: str,
    side: str,
    seed: int,
    board: int,
    teams: dict[str, Any],
    clocks: dict[str, float],
    max_message_bytes: int,
    ruleset: str = "lrb6",
) -> dict[str, Any]:
    """The first message: who the bot is, the match and its clocks; `rules` names the match's
    ruleset (`MatchConfig.ruleset`, upper case: LRB6)."""
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "version": VERSION,
        "revision": REVISION,
        "name": name,
        "side": side,
        "seed": seed,
        "rules": ruleset.upper(),
        "board": board,
        "teams": teams,
        "clocks": clocks,
        "max_message_bytes": max_message_bytes,
    }


#: What a bot asked for: each part it wants, with the decision kinds it wants it at (None: all).
Wants = dict[str, frozenset[str] | None]


def parse_ready(msg: dict[str, Any]) -> Wants:
    """The request parts a `ready` reply asks for; raises ProtocolError on a bad reply.

    Each entry of `wants` is a part (`state`, `position`, `legal`, `pitch`), optionally
    restricted to some decision kinds: `state@SETUP` or `position@SETUP,SELECT_ACTION`.
    Without `wants`, a bot gets state, position and legal."""
    if msg.get("type") != "ready":
        raise ProtocolError(f"expected a 'ready' reply to hello, got {msg.get('type')!r}")
    wants = msg.get("wants", list(DEFAULT_PARTS))
    if not isinstance(wants, list) or not all(isinstance(w, str) for w in wants):
        raise ProtocolError(f"'wants' must be a list of strings, got {wants!r}")
    out: Wants = {}
    for w in wants:
        part, _, kinds = w.partition("@")
        if part not in REQUEST_PARTS:
            raise ProtocolError(f"'wants' names {part!r}: choose among {', '.join(REQUEST_PARTS)}")
        if not kinds:
            out[part] = None
            continue
        names = frozenset(kinds.split(","))
        unknown = sorted(k for k in names if k not in DecisionKind.__members__)
        if unknown:
            raise ProtocolError(f"'wants' names unknown decision kinds {', '.join(unknown)}")
        if part not in out or out[part] is not None:
            prev = out.get(part)
            out[part] = names | (prev or frozenset())
    return out


def parse_action(msg: dict[str, Any], request_id: int) -> Action:
    """The action of an `action` reply to request `request_id`; raises ProtocolError."""
    if msg.get("type") != "action":
        raise ProtocolError(f"expected an 'action' reply, got {msg.get('type')!r}")
    if msg.get("id") != request_id:
        raise ProtocolError(f"the reply answers request {msg.get('id')!r}, not {request_id}")
    try:
        return Action.from_list(msg.get("action"))
    except ValueError as exc:
        raise ProtocolError(str(exc)) from None


def schema() -> dict[str, Any]:
    """The protocol's JSON Schema (draft 2020-12)."""
    from importlib import resources  # imported here: bots start faster without it

    text = resources.files("nuffle.data").joinpath("competition/protocol.schema.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data
