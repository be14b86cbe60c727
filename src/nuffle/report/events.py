"""Match events read from a game step by step: the engine's event log plus position changes.

`MatchReport` is told about every engine call (`after`, with the action a coach took, or None
after a chance outcome); it reads the entries the engine added to `GameState.log` since the
last call and compares the position with the one it saw before (turn counters, half, weather,
players sent off, the end of the match). Every event is a `ReportEvent` with named fields;
`nuffle.report.text.render` writes it as a line.
"""

from __future__ import annotations

from itertools import islice

from nuffle.core.actions import START_ACTIONS, Action, ActionType
from nuffle.core.characteristics import pass_target
from nuffle.core.game import Game
from nuffle.core.procedures.passing import FUMBLED, band_between, is_fumble, pass_result, pass_roll_modifier
from nuffle.core.procedures.throw_team_mate import throw_modifier
from nuffle.core.procedures.throw_team_mate_bb2020 import throw_modifier_2020
from nuffle.core.state import GameState
from nuffle.core.types import BOUNCE_OUT, ON_PITCH, Event, RollKind, Status
from nuffle.report.model import (
    LANDING_FROM_AIR,
    LANDING_KICK,
    LANDING_THROW_IN,
    EventKind,
    ReportEvent,
    decode_block,
)
from nuffle.report.text import Names, render

_STARTS = frozenset(int(t) for t in START_ACTIONS)


_TARGETED = frozenset({
    ActionType.PASS, ActionType.HANDOFF, ActionType.FOUL, ActionType.THROW_TEAM_MATE, ActionType.LEAP,
    ActionType.STAB, ActionType.CHAINSAW, ActionType.MULTIPLE_BLOCK, ActionType.HYPNOTIC_GAZE,
    ActionType.BOMB, ActionType.HAIL_MARY, ActionType.DUMP_OFF,
})
_REROLLS = frozenset({ActionType.USE_REROLL, ActionType.USE_PRO})
_SPELLS = frozenset({ActionType.USE_FIREBALL, ActionType.USE_LIGHTNING_BOLT})
_FACES = frozenset({ActionType.SELECT_ATTACKER_DOWN, ActionType.SELECT_BOTH_DOWN, ActionType.SELECT_PUSHED,
                    ActionType.SELECT_DEFENDER_STUMBLES, ActionType.SELECT_DEFENDER_DOWN})
# Failed rolls that end the turn when they are the last word (the turnover's cause).
_CAUSES = {
    RollKind.DODGE: "failed dodge", RollKind.GFI: "failed Going For It", RollKind.PICKUP: "failed pick-up",
    RollKind.CATCH: "ball not caught", RollKind.PASS: "the pass went astray", RollKind.LEAP: "failed Leap",
    RollKind.LANDING: "failed landing", RollKind.JUMP_UP: "failed Jump Up",
    RollKind.INTERCEPTION: "pass intercepted", RollKind.HAIL_MARY: "fumbled Hail Mary",
    RollKind.BOMB: "fumbled bomb", RollKind.SAFE_THROW: "pass intercepted",
}


class MatchReport:
    """Watches one game and keeps its report: `events` and their `lines`.

    Call `after(game, action)` after every `game.step(action)`, and `after(game)` after every
    `apply_chance` / `sample_chance` (a sampled roller resolves chance inside `step`).
    `before(game)` may be called before a step so a used skill can be named. With `keep`
    False the report keeps nothing: each call's events and `last_lines` are all there is (a
    server that streams the lines).
    """

    def __init__(self, game: Game, keep: bool = True) -> None:
        s = game.state
        self.names = Names(s)
        self.keep = keep
        self.events: list[ReportEvent] = []
        self.lines: list[str] = []
        self.last_lines: list[str] = []  # the lines of the last call
        # Before the first turn the log still holds the whole match so far: read it all.
        fresh = s.half <= 1 and s.teams[0].turn == s.teams[1].turn == 0
        self._seen = 0 if fresh else len(s.log)
        self._skill = ""
        self._decider = -1  # the side deciding the step under way, when `before` was told
        self._player = -1  # and the player its decision is about
        self._cause = ""
        self._snap(s)
        self._over = game.is_over
        self._sent_off: list[int] = []
        self._attacker = -1  # the last block's attacker (who may follow up)
        self._declared = -1  # the ActionType of the player action under way
        self._actor = -1  # the player taking it
        self._throw: tuple[int, int, int] | None = None  # the last pass or throw: type, thrower, square
        self._landed = False  # where the thrown player came down is told
        self._kickoff = 0  # the last kick-off table total (who a result favours names it)
        self._crowd_ball = False  # the ball went into the crowd: its next landing is a throw-in

    def _snap(self, s: GameState) -> None:
        self._turns = (s.teams[0].turn, s.teams[1].turn)
        self._status = s.status.copy()
        self._active = s.active

    def before(self, game: Game) -> None:
        """Remember what the coming decision offers (the skill a USE_SKILL uses)."""
        d = game.decision()
        self._skill = d.skill.name if d.skill is not None else ""
        self._decider = -1 if d.side is None else d.side
        self._player = -1 if d.player is None else d.player

    def step(self, game: Game, action: Action) -> list[ReportEvent]:
        """Step `game` with `action` and return the new events."""
        self.before(game)
        game.step(action)
        return self.after(game, action)

    def after(self, game: Game, action: Action | None = None) -> list[ReportEvent]:
        """Read what the last engine call did; the new events (also added to `events`)."""
        s = game.state
        new: list[ReportEvent] = []
        log = s.log
        cleared = action is not None and int(action.type) in _STARTS
        start = 0 if cleared or self._seen > len(log) else self._seen
        before = self._status
        self._sent_off = [p for p, st in enumerate(s.status) if st == Status.SENT_OFF and before[p] != st]
        for entry in islice(log, start, None):
            self._entry(s, entry, new)
        self._seen = len(log)
        self._position(game, new)
        self._skill = ""
        self._decider = self._player = -1
        self.last_lines = [render(e, self.names) for e in new]
        if self.keep:
            self.events.extend(new)
            self.lines.extend(self.last_lines)
        return new

    # --- the engine's log ---------------------------------------------------------------

    def _entry(self, s: GameState, entry: tuple[int, ...], out: list[ReportEvent]) -> None:
        ev, a, b, c = entry
        half = s.half
        if ev == Event.DECISION:
            self._decision(s, ActionType(a), b, c, out)
        elif ev == Event.ROLL:
            die, need = c // 8, c % 8
            ok = die >= need
            kind = RollKind(b)
            fumble, throw = -1, -1
            if kind == RollKind.PASS:
                fumble = int(not ok and self._fumbled(s, die))
                throw = self._throw[0] if self._throw is not None else -1
            elif kind == RollKind.LANDING and not self._landed and s.pos[a] >= 0:
                self._landed = True  # where he came down, once (not again for a re-roll)
                out.append(ReportEvent(EventKind.LANDED, s.pteam[a], a, square=s.board.xy(s.pos[a]),
                                       half=half))
            out.append(ReportEvent(EventKind.ROLL, s.pteam[a], a, value=b, die=die, need=need, ok=ok,
                                   half=half, result=fumble, action=throw))
            mine = s.pteam[a] == self._active
            if ok and kind == RollKind.INTERCEPTION and not mine:
                self._cause = "pass intercepted"
            elif ok and self._cause == _CAUSES.get(kind):
                self._cause = ""  # a re-roll made it
            elif not ok and kind in _CAUSES and mine:
                self._cause = "fumbled pass" if kind == RollKind.PASS and fumble == 1 else _CAUSES[kind]
        elif ev == Event.BLOCK:
            faces, chooser = decode_block(c)
            self._attacker = a
            out.append(ReportEvent(EventKind.BLOCK, s.pteam[a], a, b, value=len(faces), faces=faces,
                                   attacker_chooses=chooser, half=half, action=self._declared))
        elif ev == Event.ARMOUR:
            out.append(ReportEvent(EventKind.ARMOUR, s.pteam[a], a, value=b, ok=bool(c), half=half))
            if s.pteam[a] == self._active and not self._cause:
                self._cause = f"{self.names.player(a)} went down"
        elif ev == Event.INJURY:
            out.append(ReportEvent(EventKind.INJURY, s.pteam[a], a, value=b, result=c, half=half))
        elif ev == Event.CASUALTY:
            out.append(ReportEvent(EventKind.CASUALTY, s.pteam[a], a, value=b, half=half))
        elif ev == Event.WEATHER:
            out.append(ReportEvent(EventKind.WEATHER, value=b, half=half))
        elif ev == Event.HALF:
            score = (s.teams[0].score, s.teams[1].score)
            out.append(ReportEvent(EventKind.HALF, value=b, half=b, score=score))
        elif ev == Event.KICKOFF:
            self._kickoff = b
            out.append(ReportEvent(EventKind.KICK_OFF, value=b, half=half))
        elif ev == Event.KICKOFF_SIDE:
            out.append(ReportEvent(EventKind.KICK_OFF_SIDE, a, value=self._kickoff, rolls=(b, c), half=half))
        elif ev == Event.LAND:
            how = LANDING_KICK if c else LANDING_THROW_IN if self._crowd_ball else LANDING_FROM_AIR
            self._crowd_ball = False
            out.append(ReportEvent(EventKind.BALL_LANDS, value=how, square=s.board.xy(b) if b >= 0 else None,
                                   half=half))
        elif ev == Event.BOUNCE:
            self._crowd_ball = c == BOUNCE_OUT
            out.append(ReportEvent(EventKind.BOUNCE, value=c, square=s.board.xy(b) if b >= 0 else None,
                                   half=half))
        elif ev == Event.CROWD:
            self._crowd_ball = bool(c)
            out.append(ReportEvent(EventKind.CROWD, s.pteam[a], a, square=s.board.xy(b), ok=bool(c),
                                   half=half))
        elif ev == Event.TURNOVER:
            gone = [p for p in self._sent_off if s.pteam[p] == a]
            cause = f"{self.names.player(gone[0])} sent off" if gone else self._cause
            out.append(ReportEvent(EventKind.TURNOVER, a, cause=cause, half=half))
            self._cause = ""
        elif ev == Event.SCORE:
            side = s.pteam[a]
            score = (s.teams[0].score, s.teams[1].score)
            out.append(ReportEvent(EventKind.TOUCHDOWN, side, a, score=score, half=half))
        elif ev in (Event.CATCH, Event.PICK_UP):
            ekind = EventKind.CATCH if ev == Event.CATCH else EventKind.PICK_UP
            out.append(ReportEvent(ekind, s.pteam[a], a, ok=bool(c), half=half))
            if not c and s.pteam[a] == self._active:
                self._cause = "ball not caught" if ev == Event.CATCH else "failed pick-up"
        elif ev == Event.STAND_UP and c:  # (a failed stand-up roll has its own line)
            out.append(ReportEvent(EventKind.STAND_UP, s.pteam[a], a, half=half))

    def _fumbled(self, s: GameState, die: int) -> bool:
        """Whether a failed pass or throw roll of `die` is a fumble: the ruleset's rule on the
        ruleset's modifier (a natural 1 when the thrower is no longer on the pitch to ask).
        BB2020's Passing Ability test fumbles on a natural 1 only (modified to 1 or less it is
        wildly inaccurate: `passing.pass_result`), its Throw Team-mate test has its own
        modifier (`throw_modifier_2020`)."""
        if self._throw is None or die == 1:
            return die == 1
        t, thrower, sq = self._throw
        if thrower < 0 or s.pos[thrower] < 0 or sq < 0:
            return False
        if t == int(ActionType.THROW_TEAM_MATE):
            bb2020 = s.rules.throw_team_mate == "bb2020"
            mod = throw_modifier_2020(s, thrower, sq) if bb2020 else throw_modifier(s, thrower, sq)
        else:
            mod = pass_roll_modifier(s, thrower, band_between(s, s.pos[thrower], sq))
        if s.rules.passing == "bb2020":
            return pass_result(die, pass_target(s, thrower), mod) == FUMBLED
        return is_fumble(die, mod)

    def _decision(self, s: GameState, t: ActionType, pid: int, sq: int, out: list[ReportEvent]) -> None:
        half = s.half
        if pid < 0:
            pid = self._player
        side = s.pteam[pid] if pid >= 0 else -1
        square = s.board.xy(sq) if sq >= 0 else None
        if t in (ActionType.KICK, ActionType.RECEIVE):
            out.append(ReportEvent(EventKind.KICK_OR_RECEIVE, self._decider, value=int(t), half=half))
        elif t in START_ACTIONS or t == ActionType.START_BOMB:
            self._declared = int(t)
            self._throw = None
            self._actor = pid
            out.append(ReportEvent(EventKind.ACTION, side, pid, value=int(t), half=half))
        elif t == ActionType.THROW_TEAM_MATE:  # the action names the thrown player, not the thrower
            thrower = self._actor
            self._throw = (int(t), thrower, sq)
            self._landed = False
            out.append(ReportEvent(EventKind.TARGET, s.pteam[thrower] if thrower >= 0 else side, thrower,
                                   pid, value=int(t), square=square, half=half))
        elif t in _TARGETED:
            target = s.grid[sq] if sq >= 0 else -1
            actor = pid if pid >= 0 else self._actor
            if t == ActionType.PASS:
                self._throw = (int(t), actor, sq)
            out.append(ReportEvent(EventKind.TARGET, s.pteam[actor] if actor >= 0 else -1, actor,
                                   target if target >= 0 else -1, value=int(t),
                                   square=square, half=half))
        elif t == ActionType.MOVE and square is not None:
            actor = pid if pid >= 0 else self._actor
            out.append(ReportEvent(EventKind.MOVE, s.pteam[actor] if actor >= 0 else -1, actor,
                                   square=square, half=half))
        elif t in _FACES:
            out.append(ReportEvent(EventKind.BLOCK_FACE, value=int(t), half=half))
        elif t == ActionType.FOLLOW_UP:
            att = self._attacker
            out.append(ReportEvent(EventKind.FOLLOW_UP, s.pteam[att] if att >= 0 else -1, att, half=half))
        elif t in _REROLLS:
            out.append(ReportEvent(EventKind.REROLL, self._active, value=int(t), half=half))
        elif t == ActionType.USE_SKILL:
            out.append(ReportEvent(EventKind.SKILL, side, pid, skill=self._skill, half=half))
        elif t == ActionType.USE_APOTHECARY:
            out.append(ReportEvent(EventKind.APOTHECARY, side, pid, half=half))
        elif t == ActionType.USE_BRIBE:
            out.append(ReportEvent(EventKind.BRIBE, self._active, half=half))
        elif t in _SPELLS:
            out.append(ReportEvent(EventKind.SPELL, self._active, value=int(t), half=half))

    # --- changes of the position ------------------------------------------------------

    def _position(self, game: Game, out: list[ReportEvent]) -> None:
        s = game.state
        turns = (s.teams[0].turn, s.teams[1].turn)
        for side in (0, 1):
            if turns[side] != self._turns[side] and turns[side] > 0:  # (turns restart at 0 each half)
                out.append(ReportEvent(EventKind.TURN, side, value=turns[side], half=s.half))
                self._cause = ""
        status, before = s.status, self._status
        if status != before:
            for p in range(len(status)):
                if status[p] == Status.SENT_OFF and before[p] != Status.SENT_OFF:
                    out.append(ReportEvent(EventKind.SENT_OFF, s.pteam[p], p, half=s.half,
                                           ok=before[p] in ON_PITCH))
        if game.is_over and not self._over:
            self._over = True
            out.append(ReportEvent(EventKind.FINAL_WHISTLE, score=(s.teams[0].score, s.teams[1].score),
                                   half=s.half))
        self._snap(s)
