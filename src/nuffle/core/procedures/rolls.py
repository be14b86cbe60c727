"""A single-D6 player roll with every re-roll source: skill, team re-roll (with Loner), Pro.

One mechanism serves dodges, GFIs, pick-ups, catches, passes, stand-ups and negatraits. The
result is left in `s.ok` (success) and the final die in `s.last_die`.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice, threshold
from nuffle.core.hooks import Point
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.skill_values import skill_value
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import Event, RollKind

_PURPOSE = {k: k.name.lower() for k in RollKind}

# Rolls a team re-roll may never be used on.
NO_TEAM_REROLL: frozenset[RollKind] = frozenset({RollKind.INTERCEPTION, RollKind.LONER})

SKILL_REROLL: Point[[GameState, PlayerRoll, bool], bool] = Point(
    "rolls.skill_reroll",
    "fn(s, roll: PlayerRoll, use: bool) -> bool: the roller's skill may re-roll this failed roll "
    "(with use=True it is being used: record once-per-turn use)",
)
TEAM_REROLL_CHECK: Point[[GameState, int], bool] = Point(
    "rolls.team_reroll_check",
    "fn(s, pid) -> bool: using a team re-roll on this player's roll needs a 4+ first (Loner)",
)
CHECKED_REROLL: Point[[GameState, int, RollKind | None, bool], bool] = Point(
    "rolls.checked_reroll",
    "fn(s, pid, kind: RollKind | None, use: bool) -> bool: a skill of the roller may re-roll "
    "this roll (kind None: block dice) after a 4+ check, offered as USE_PRO; with use=True "
    "it is being used: record the once-per-turn use (Pro)",
)
BONUS_REROLL: Point[[GameState, int], bool] = Point(
    "rolls.bonus_reroll",
    "fn(s, pid) -> bool: this player gives his team one bonus team re-roll each half, usable "
    "only while such a player is on the pitch (Leader)",
)


def roll_succeeds(d: int, target: int, mod: int, agility: bool) -> bool:
    """Natural 1 fails; for agility rolls natural 6 succeeds; else die + mod >= target."""
    if d == 1:
        return False
    if agility and d == 6:
        return True
    return d + mod >= target


def bonus_reroll_usable(s: GameState, side: int) -> bool:
    """Whether `side` holds a bonus (Leader) re-roll and a player granting it is on the pitch."""
    if not s.teams[side].bonus_reroll:
        return False
    for p in s.ranges[side]:
        if s.pos[p] >= 0 and BONUS_REROLL.any(s.info[p].skills, s, p):
            return True
    return False


def in_blitz_turn(s: GameState) -> bool:
    """Whether the team turn being played is the kick-off table's free Blitz! turn."""
    for proc in reversed(s.stack):
        if proc.frame == "turn":
            return bool(getattr(proc, "blitz", False))
    return False


def team_reroll_available(s: GameState, side: int) -> bool:
    """Whether `side` may use a team re-roll now: its own turn, some left, and the ruleset's
    limits (`Ruleset.rerolls_per_turn`: LRB6 one a turn, BB2020 any number, one per roll;
    `Ruleset.blitz_turn_rerolls`: BB2020 none in the kick-off Blitz! turn)."""
    t = s.teams[side]
    if s.active != side:
        return False
    rules = s.rules
    if t.reroll_used and rules.rerolls_per_turn == 1:
        return False
    if not rules.blitz_turn_rerolls and in_blitz_turn(s):
        return False
    return t.rerolls > 0 or bonus_reroll_usable(s, side)


def spend_team_reroll(s: GameState, pid: int) -> bool:
    """Spend `pid`'s team's re-roll for this turn (the bonus Leader re-roll first, since it can
    only get harder to use); True if a Loner check (4+) must come first."""
    side = s.pteam[pid]
    team = s.teams[side]
    team.reroll_used = True
    if bonus_reroll_usable(s, side):
        team.bonus_reroll = 0
    else:
        team.rerolls -= 1
    return TEAM_REROLL_CHECK.any(s.info[pid].skills, s, pid)


def checked_reroll(s: GameState, pid: int, kind: RollKind | None, use: bool = False) -> bool:
    """Whether a skill of `pid` offers a re-roll of this roll after a 4+ check (Pro); with
    `use`, record its use."""
    for fn in CHECKED_REROLL.fns(s.info[pid].skills):
        if fn(s, pid, kind, False):
            if use:
                fn(s, pid, kind, True)
            return True
    return False


def check_from(s: GameState, pro: bool, pid: int) -> int:
    """The lowest D6 of the check before a re-roll: Pro's is the ruleset's (`Ruleset.pro_from`),
    Loner's the X of `pid`'s Loner (X+) (4: LRB6's; `skill_values`)."""
    return s.rules.pro_from if pro else skill_value(s, pid, Skill.LONER)


def note_check(s: GameState, pid: int, pro: bool) -> None:
    """Log the check before a re-roll (Pro's, or Loner's before a team re-roll) as a roll."""
    s.note(Event.ROLL, pid, RollKind.PRO if pro else RollKind.LONER, s.die() * 8 + check_from(s, pro, pid))


class PlayerRollPhase(Phases):
    """PlayerRoll: the die, a re-roll choice after a failure, the Loner or Pro check."""

    ROLLED: Final = 1
    REROLL_CHOICE: Final = 2
    REROLL_CHECK: Final = 3  # the Loner check before a team re-roll
    PRO_CHECK: Final = 4  # the Pro check before its re-roll


class PlayerRoll(Procedure):
    """Roll a D6 for a player, offering re-rolls on failure to the player's coach."""

    frame = "player_roll"
    phases = PlayerRollPhase

    __slots__ = ("agility", "blocked_skill", "die", "kind", "mod", "pid", "rerolled", "target")

    def __init__(
        self,
        kind: RollKind,
        pid: int,
        target: int,
        mod: int = 0,
        agility: bool = True,
        blocked_skill: bool = False,
    ) -> None:
        super().__init__()
        self.kind = kind
        self.pid = pid
        self.target = target
        self.mod = mod
        self.agility = agility
        self.rerolled = False
        self.blocked_skill = blocked_skill  # e.g. Dodge re-roll cancelled by Tackle
        self.die = 0

    def _event(self) -> Chance:
        """The D6 to roll; enumeration may group it by success unless the die itself matters."""
        if self.kind == RollKind.PASS:
            return Chance(Dice.D6, 1, _PURPOSE[self.kind])
        return threshold(self._need(), _PURPOSE[self.kind])

    def _need(self) -> int:
        """The lowest face that succeeds (7: none does)."""
        for d in range(1, 7):
            if roll_succeeds(d, self.target, self.mod, self.agility):
                return d
        return 7

    def _finish(self, s: GameState, ok: bool) -> None:
        """Pop, handing the result and the final die to the caller (nobody reacted)."""
        s.ok = ok
        s.last_die = self.die
        s.reactor = -1
        s.pop()

    def _skill(self, s: GameState, use: bool = False) -> bool:
        """Whether a skill of the roller may re-roll this failure (and, with `use`, use it)."""
        if self.blocked_skill:
            return False
        for fn in SKILL_REROLL.fns(s.info[self.pid].skills):
            if fn(s, self, False):
                if use:
                    fn(s, self, True)
                return True
        return False

    def _team(self, s: GameState) -> bool:
        return self.kind not in NO_TEAM_REROLL and team_reroll_available(s, s.pteam[self.pid])

    def run(self, s: GameState) -> None:
        if self.phase == PlayerRollPhase.START:
            self.phase = PlayerRollPhase.ROLLED
            s.request(self._event())
            return
        if self.phase == PlayerRollPhase.ROLLED:
            d = s.die()
            self.die = d
            s.note(Event.ROLL, self.pid, self.kind, d * 8 + self._need())
            if roll_succeeds(d, self.target, self.mod, self.agility):
                self._finish(s, True)
                return
            if self.rerolled or (not self._skill(s) and not self._team(s) and not self._pro(s)):
                self._finish(s, False)
                return
            self.phase = PlayerRollPhase.REROLL_CHOICE
            s.wait(s.pteam[self.pid], DK.REROLL)
            return
        if self.phase in (PlayerRollPhase.REROLL_CHECK, PlayerRollPhase.PRO_CHECK):  # Loner or Pro
            note_check(s, self.pid, self.phase == PlayerRollPhase.PRO_CHECK)
            if s.die() >= check_from(s, self.phase == PlayerRollPhase.PRO_CHECK, self.pid):
                self.phase = PlayerRollPhase.ROLLED
                s.request(self._event())
            else:
                self._finish(s, False)
            return

    def _pro(self, s: GameState) -> bool:
        return checked_reroll(s, self.pid, self.kind)

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.pid, roll=self.kind, need=self._need())

    def legal(self, s: GameState) -> LegalActions:
        groups = []
        if self._skill(s):
            groups.append(ActionChoice(ActionType.USE_SKILL))
        if self._team(s):
            groups.append(ActionChoice(ActionType.USE_REROLL))
        if self._pro(s):
            groups.append(ActionChoice(ActionType.USE_PRO))
        groups.append(ActionChoice(ActionType.DECLINE))
        return LegalActions(groups)

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.DECLINE:
            self._finish(s, False)
            return
        self.rerolled = True
        if action.type == ActionType.USE_PRO:
            checked_reroll(s, self.pid, self.kind, use=True)
            self.phase = PlayerRollPhase.PRO_CHECK
            s.request(threshold(check_from(s, True, self.pid), "pro"))
            return
        if action.type == ActionType.USE_SKILL:
            self._skill(s, use=True)
            self.phase = PlayerRollPhase.ROLLED
            s.request(self._event())
            return
        if spend_team_reroll(s, self.pid):
            self.phase = PlayerRollPhase.REROLL_CHECK
            s.request(threshold(check_from(s, False, self.pid), "loner"))
        else:
            self.phase = PlayerRollPhase.ROLLED
            s.request(self._event())


# --- queries for other layers: which re-roll sources a roll has ------------------------------


class RerollSources(NamedTuple):
    """The re-roll sources the engine would offer if a roll of one player failed now.

    `skill`: a skill of his re-rolls it (Dodge, Sure Feet, Sure Hands, Catch, Pass, ...);
    `skill_once`: using that skill spends it for the turn (Dodge, Sure Feet); `team`: a team
    re-roll may be used (own turn, one per turn, one left, the roll allows it); `pro`: a
    checked re-roll (Pro, 4+ first); `loner`: a team re-roll needs a 4+ first (Loner).
    A roll is never re-rolled twice, whatever the sources.
    """

    skill: bool
    skill_once: bool
    team: bool
    pro: bool
    loner: bool


def reroll_sources(
    s: GameState, pid: int, kind: RollKind, blocked_skill: bool = False, team: bool | None = None
) -> RerollSources:
    """The re-roll sources a failed `kind` roll of `pid` would have now, by the engine's own
    points (no skill is named here). `blocked_skill`: the skill re-roll is cancelled (a Tackle
    player left on a dodge); `team`: override whether a team re-roll is usable (None: now)."""
    probe = PlayerRoll(kind, pid, 7, blocked_skill=blocked_skill)
    skill = probe._skill(s)
    once = False
    if skill:
        # Handlers record once-per-turn use in the player's flags: spend it, look, put it back.
        flags = s.pflags[pid]
        probe._skill(s, use=True)
        once = not probe._skill(s)
        s.pflags[pid] = flags
    team_ok = probe._team(s) if team is None else team and kind not in NO_TEAM_REROLL
    return RerollSources(skill, once, team_ok, checked_reroll(s, pid, kind), team_reroll_checked(s, pid))


def team_reroll_checked(s: GameState, pid: int) -> bool:
    """Whether a team re-roll spent on a roll of `pid` needs a 4+ first (Loner)."""
    return TEAM_REROLL_CHECK.any(s.info[pid].skills, s, pid)
