"""BB2020's Prayers to Nuffle in a match (TABLES §12): one general mechanism for all sixteen.

The table is the ruleset's data (`Ruleset.prayers`: the D16 result n's name and duration);
a team's prayers in effect and every one given it this match are bit sets on its
`TeamState` (`prayers`, `prayed`: bit n - 1 for result n). A prayer is given by the kick-off
table's Cheering Fans (`Prayer`, a D16, a result already in effect for the team rolled
again) or at the match's start (`TeamSpec.prayers`, the pre-game sequence's results:
`start_prayers`); it ends with its duration (`expire`, at the end of each drive and half).

What a prayer does is asked where it acts, by name (`active(s, side, name)`): Moles under the
Pitch in the Rush roll (`moles_modifier`, in `movement.rush_modifier`), Under Scrutiny in the
referee's look at a foul (`scrutinised`), Friends with the Ref in Argue the Call's D6
(`argue_target`).

Prayers that mark players (`GIFTS`: Stiletto, Iron Man, Knuckle Dusters, Bad Habits, Greasy
Cleats, Blessed Statue of Nuffle) give one player (Bad Habits: D3 players) a skill, with its
value where it has one (Bad Habits' Loner (2+)), or a characteristic change for the prayer's
duration: `PrayerGift` picks him (a random one: a PICK chance; a chosen one: the praying
coach's SELECT_PLAYER; Bad Habits: a D3 chance, then a PICK per player while fewer are
eligible than are still to be picked), `give` changes his `PlayerInfo` and sets the prayer's
bit in his `marks`, and `expire` takes back what each ending prayer gave (`take_back`). A gift
must change something (a player who has the skill, AV 11+ for Iron Man, MA 1 for Greasy Cleats
is not eligible), so taking it back, value included, is exact. A player's `marks` is one byte
(the native `Player::marks`): a gift's bit is `MARK_BITS[n]`, n - 1 for prayers 3-8 and bit 1
(prayer 2 marks nobody) for Intensive Training; bit 0 is Zap!'s frog (`zap.FROG_MARK`). The
prayers whose effect is the league's SPP
(Perfect Passing, Fan Interaction, Necessary Violence, Fouling Frenzy) count the events they
reward while in effect (`count_under`: the per-player records PSTAT_PERFECT_PASSING ...
PSTAT_FOULING_FRENZY, which the post-game prices); Intensive Training is a gift too (a random
own player, then the Primary skill his coach chooses: `prayer_training`). `Game.prayers()`
lists each team's prayers of the match
(docs/RULES_NOTES.md, BB2020 on the engines).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice
from nuffle.core.errors import InputError
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.prayer_training import offers
from nuffle.core.ruleset import PRAYER_DURATIONS, Ruleset
from nuffle.core.skill_values import DEFAULTS, merged
from nuffle.core.skills import Skill
from nuffle.core.state import TRAINING_MARK, GameState
from nuffle.core.types import Event, Status

MOLES: Final = "Moles under the Pitch"
FRIENDS_WITH_THE_REF: Final = "Friends with the Ref"
UNDER_SCRUTINY: Final = "Under Scrutiny"
PERFECT_PASSING: Final = "Perfect Passing"
FAN_INTERACTION: Final = "Fan Interaction"
NECESSARY_VIOLENCE: Final = "Necessary Violence"
FOULING_FRENZY: Final = "Fouling Frenzy"


def bit(rules: Ruleset, name: str) -> int:
    """The bit of the prayer called `name` in a team's `prayers` set."""
    return 1 << (rules.prayer_number(name) - 1)


def active(s: GameState, side: int, name: str) -> bool:
    """Whether the prayer called `name` is in effect for `side` (a ruleset with no prayers has
    none in effect: positions refuse them)."""
    prayers = s.teams[side].prayers
    return bool(prayers) and bool(prayers & bit(s.rules, name))


def names(rules: Ruleset, bits: int) -> tuple[str, ...]:
    """The names of the prayers in bit set `bits`, in table order."""
    return tuple(name for i, (name, _) in enumerate(rules.prayers) if bits >> i & 1)


def start_bits(rules: Ruleset, given: tuple[str, ...], side: str) -> int:
    """The bit set of a team's prayers at the match's start (`TeamSpec.prayers`); InputError
    (one line) for a name the ruleset's table lacks or one named twice."""
    out = 0
    for name in given:
        if not rules.prayers:
            raise InputError(
                f"the {side} team prays ({name!r}) but ruleset {rules.name!r} has no Prayers to Nuffle")
        if not any(n == name for n, _ in rules.prayers):
            known = ", ".join(n for n, _ in rules.prayers)
            raise InputError(f"the {side} team's prayer {name!r} is not on {rules.name}'s table ({known})")
        b = bit(rules, name)
        if out & b:
            raise InputError(f"the {side} team names the prayer {name!r} twice")
        out |= b
    return out


def start_prayers(s: GameState) -> None:
    """Give each team the prayers its `TeamSpec` brings to the match (checked by `start_bits`)."""
    for side, label in ((0, "home"), (1, "away")):
        bits = start_bits(s.rules, s.specs[side].prayers, label)
        s.teams[side].prayers |= bits
        s.teams[side].prayed |= bits


def expire(s: GameState, duration: str) -> None:
    """End every prayer lasting `duration` or less ('drive' at each drive's end, 'half' at
    a half's end; 'game' ones stay): they leave `prayers`, stay in `prayed`."""
    if not (s.teams[0].prayers or s.teams[1].prayers):
        return
    upto = PRAYER_DURATIONS.index(duration)
    ending = 0
    for i, (_, lasts) in enumerate(s.rules.prayers):
        if PRAYER_DURATIONS.index(lasts) <= upto:
            ending |= 1 << i
    marked = ending & (s.teams[0].prayers | s.teams[1].prayers) & GIFT_BITS
    for t in s.teams:
        t.prayers &= ~ending
    if marked:
        for pid, p in enumerate(s.info):
            ends = marks_prayers(p.marks) & marked
            for i in range(len(s.rules.prayers)):
                if ends >> i & 1:
                    take_back(s, pid, i + 1)


def end_drive_rerolls(s: GameState) -> None:
    """A drive's end, beside its prayers: a Brilliant Coaching re-roll (kickoff_bb2020) still
    held is lost (`TeamState.drive_reroll`: the team's other re-rolls are used after it)."""
    for t in s.teams:
        if t.drive_reroll:
            t.rerolls = min(t.rerolls, t.drive_reroll - 1)
            t.drive_reroll = 0


def count_under(s: GameState, pid: int, name: str, stat: int) -> None:
    """Count one event of the per-player record `stat` for `pid` when the prayer `name` is in
    effect for his team (the SPP it adds are the post-game's)."""
    side = s.pteam[pid]
    if s.teams[side].prayers and active(s, side, name):
        s.add_pstat(pid, stat)


def acting_player(s: GameState) -> int:
    """The player whose action is being played (the innermost `PlayerAction`), or -1."""
    for proc in reversed(s.stack):
        if proc.frame == "player_action":
            return int(getattr(proc, "pid", -1))
    return -1


def scrutinised(s: GameState, side: int) -> bool:
    """Under Scrutiny: every foul by a player of `side` is spotted (sent off as on a double)
    while the opposing team has it in effect."""
    return bool(s.teams[1 - side].prayers) and active(s, 1 - side, UNDER_SCRUTINY)


def argue_target(s: GameState, side: int) -> int:
    """Argue the Call's D6 succeeds on this or more for `side`: 6, or 5 while Friends with the
    Ref is in effect for it (a natural 2-4 still sends off, a 1 still ejects the coach)."""
    return 5 if s.teams[side].prayers and active(s, side, FRIENDS_WITH_THE_REF) else 6


def moles_modifier(s: GameState, side: int) -> int:
    """Moles under the Pitch: -1 to a Rush of `side` for each opposing team it is in effect for
    (-2 when both teams have it, RULES §4 / TABLES §12)."""
    if not (s.teams[0].prayers or s.teams[1].prayers):
        return 0
    other = 1 - side
    if not active(s, other, MOLES):
        return 0
    return -2 if active(s, side, MOLES) else -1


@dataclass(frozen=True, slots=True)
class Gift:
    """What a prayer that marks a player gives him: to a player of the praying team (`own`) or
    an opposing one, `chosen` by the praying coach or a random one; a skill and/or a change of
    MA or AV; the skill's `value` (0: his default); `d3`: D3 players, not one."""

    own: bool
    chosen: bool
    skill: Skill | None = None
    ma: int = 0
    av: int = 0
    value: int = 0
    d3: bool = False
    primary: bool = False  # a Primary skill his coach chooses (Intensive Training)


#: The prayers that mark a player (TABLES §12), by the table's result number (BB2020's).
GIFTS: Final[dict[int, Gift]] = {
    3: Gift(own=True, chosen=False, skill=Skill.STAB),  # Stiletto
    4: Gift(own=True, chosen=True, av=1),  # Iron Man
    5: Gift(own=True, chosen=True, skill=Skill.MIGHTY_BLOW),  # Knuckle Dusters
    6: Gift(own=False, chosen=False, skill=Skill.LONER, value=2, d3=True),  # Bad Habits
    7: Gift(own=False, chosen=False, ma=-1),  # Greasy Cleats
    8: Gift(own=True, chosen=True, skill=Skill.PRO),  # Blessed Statue of Nuffle
    16: Gift(own=True, chosen=False, primary=True),  # Intensive Training
}
GIFT_BITS: Final = sum(1 << (n - 1) for n in GIFTS)  # the gifts' bits in a team's prayers
#: Each gift's bit in a player's `marks` (one byte: the native Player::marks).
MARK_BITS: Final[dict[int, int]] = {n: (n - 1 if n <= 8 else 1) for n in GIFTS}
assert 2 not in GIFTS and len(set(MARK_BITS.values())) == len(GIFTS) and 1 << MARK_BITS[16] == TRAINING_MARK


def mark(n: int) -> int:
    """The bit of gift prayer `n` in a player's `marks`."""
    return 1 << MARK_BITS[n]


def marks_prayers(marks: int) -> int:
    """The prayers (bit n - 1 for prayer n) a player's `marks` names."""
    return sum(1 << (n - 1) for n, b in MARK_BITS.items() if marks >> b & 1)
AV_MAX: Final = 11  # Iron Man: AV at most 11+


def gift_candidates(s: GameState, side: int, n: int) -> list[int]:
    """Who prayer `n` of `side` may mark: the players available for the drive of the team it
    targets (those on the pitch while a drive is set up, else those in reserves), without
    Loner, for whom the gift changes something."""
    gift = GIFTS[n]
    team = side if gift.own else 1 - side
    players = s.team_players(team)
    on = [p for p in players if s.pos[p] >= 0]
    pool = on or [p for p in players if s.status[p] == Status.RESERVE]
    out = []
    for p in pool:
        info = s.info[p]
        if Skill.LONER in info.skills or (gift.skill is not None and gift.skill in info.skills):
            continue
        if (gift.av and info.av + gift.av > AV_MAX) or (gift.ma and info.ma + gift.ma < 1):
            continue
        if gift.primary and not offers(s, p):
            continue
        out.append(p)
    return out


def _set_info(s: GameState, pid: int, n: int, sign: int, chosen: Skill | None = None) -> None:
    """Give (`sign` 1) or take back (-1) prayer `n`'s gift to player `pid` (Intensive Training:
    the `chosen` skill; it lasts the game, so it is never taken back)."""
    gift = GIFTS[n]
    p = s.info[pid]
    skills = p.skills
    skill = chosen if gift.primary else gift.skill
    if skill is not None:
        base = frozenset(skills) | {skill} if sign > 0 else frozenset(skills) - {skill}
        skills = s.rules.skill_set(base)
    values = p.values
    if gift.skill is not None and gift.value:  # his default while he has no such skill
        values = merged(values, {gift.skill: gift.value if sign > 0 else DEFAULTS[gift.skill]})
    marks = p.marks | mark(n) if sign > 0 else p.marks & ~mark(n)
    new = replace(p, skills=skills, ma=p.ma + sign * gift.ma, av=p.av + sign * gift.av, values=values,
                  marks=marks)
    s.info = (*s.info[:pid], new, *s.info[pid + 1:])


def give(s: GameState, pid: int, n: int, chosen: Skill | None = None) -> None:
    """Mark player `pid` with prayer `n`: he has its gift (Intensive Training's: the `chosen`
    skill) while it is in effect."""
    _set_info(s, pid, n, 1, chosen)


def take_back(s: GameState, pid: int, n: int) -> None:
    """Prayer `n` ends: player `pid` loses what it gave him."""
    _set_info(s, pid, n, -1)


def push_start_gifts(s: GameState) -> None:
    """The match's start: the pre-game's prayers that mark a player pick him first (home's in
    table order, then away's), above the match."""
    for side in (1, 0):
        for n in sorted(GIFTS, reverse=True):
            if s.teams[side].prayers >> (n - 1) & 1:
                s.push(PrayerGift(side, n))


class PrayerGiftPhase(Phases):
    """PrayerGift: the random player picked, or the praying coach's choice."""

    PICKED: Final = 1
    CHOOSE: Final = 2
    COUNTED: Final = 3
    OFFER: Final = 4


class PrayerGift(Procedure):
    """Prayer `n` of `side` marks one player (`GIFTS`): a random one (a PICK among the
    candidates) or one its coach chooses (SELECT_PLAYER, asked as a TOUCHBACK decision: the
    environments' action space is unchanged); no one when none is eligible, no roll or
    choice when one is. Bad Habits marks D3 (`left`) random players: no D3 when at most one is
    eligible, a PICK per player while more are eligible than are left to pick, every eligible
    one when no more are. Intensive Training: then his coach walks the skills on offer
    (`prayer_training.offers`, `offer` the one asked now), a USE_SKILL decision each."""

    frame = "prayer_gift"
    phases = PrayerGiftPhase

    __slots__ = ("left", "n", "offer", "side", "trainee")

    def __init__(self, side: int, n: int) -> None:
        super().__init__()
        self.side = side
        self.n = n
        self.left = 1
        self.trainee = -1  # Intensive Training's player
        self.offer = 0  # the index in his `offers` asked now

    def _train(self, s: GameState, pid: int) -> None:
        self.trainee = pid
        self.phase = PrayerGiftPhase.OFFER
        s.wait(self.side, DK.USE_SKILL)

    def run(self, s: GameState) -> None:
        if self.phase == PrayerGiftPhase.OFFER:
            s.wait(self.side, DK.USE_SKILL)
            return
        cands = gift_candidates(s, self.side, self.n)
        primary = GIFTS[self.n].primary
        if self.phase == PrayerGiftPhase.PICKED:
            if primary:
                self._train(s, cands[s.die()])
                return
            give(s, cands[s.die()], self.n)
            self.left -= 1
            cands = gift_candidates(s, self.side, self.n)
        elif self.phase == PrayerGiftPhase.COUNTED:
            self.left = s.die()
        elif GIFTS[self.n].d3 and len(cands) > 1:
            self.phase = PrayerGiftPhase.COUNTED
            s.request(Chance(Dice.D3, 1, "prayer gift count"))
            return
        if len(cands) <= self.left or not self.left:
            if primary and cands:
                self._train(s, cands[0])
                return
            for p in cands[: self.left]:
                give(s, p, self.n)
            s.pop()
            return
        if GIFTS[self.n].chosen:
            self.phase = PrayerGiftPhase.CHOOSE
            s.wait(self.side, DK.TOUCHBACK)
            return
        self.phase = PrayerGiftPhase.PICKED
        s.request(Chance(Dice.PICK, len(cands), "prayer gift"))

    def decision_detail(self, s: GameState) -> Decision:
        if self.phase == PrayerGiftPhase.OFFER:
            return Decision(player=self.trainee, skill=offers(s, self.trainee)[self.offer])
        return Decision()

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == PrayerGiftPhase.OFFER:
            last = self.offer == len(offers(s, self.trainee)) - 1
            return LegalActions([ActionChoice(ActionType.USE_SKILL)]
                                + ([] if last else [ActionChoice(ActionType.DECLINE)]))
        players = tuple(gift_candidates(s, self.side, self.n))
        return LegalActions([ActionChoice(ActionType.SELECT_PLAYER, players)])

    def act(self, s: GameState, action: Action) -> None:
        if self.phase == PrayerGiftPhase.OFFER:
            if action.type == ActionType.DECLINE:
                self.offer += 1
                return
            give(s, self.trainee, self.n, offers(s, self.trainee)[self.offer])
            s.pop()
            return
        assert action.player is not None
        give(s, action.player, self.n)
        s.pop()


class PrayerPhase(Phases):
    """Prayer: the D16."""

    ROLLED: Final = 1


class Prayer(Procedure):
    """`side` prays to Nuffle: a D16 on the ruleset's table, a result already in effect for
    it rolled again (none when all are)."""

    frame = "prayer"
    phases = PrayerPhase

    __slots__ = ("side",)

    def __init__(self, side: int) -> None:
        super().__init__()
        self.side = side

    def run(self, s: GameState) -> None:
        t = s.teams[self.side]
        full = (1 << len(s.rules.prayers)) - 1
        if self.phase == PrayerPhase.ROLLED:
            n = s.die()
            if not t.prayers >> (n - 1) & 1:
                t.prayers |= 1 << (n - 1)
                t.prayed |= 1 << (n - 1)
                s.note(Event.PRAYER, self.side, n, 0)
                s.pop()
                if n in GIFTS:
                    s.push(PrayerGift(self.side, n))
                return
        if t.prayers & full == full:
            s.pop()
            return
        self.phase = PrayerPhase.ROLLED
        s.request(Chance(Dice.D16, 1, "Prayers to Nuffle"))
