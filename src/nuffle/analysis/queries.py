"""Exact odds read off a live position: dodge, GFI (Rush), pick-up, catch, pass, interception
(BB2020: Passing Interference), block, blitz, foul, armour and injury, casualty.

Each query takes a `Game` (or `GameState`), player ids and `(x, y)` squares, reads every modifier
the engine applies (tackle zones, weather, skills, once-per-turn flags, team re-roll usable now,
Loner) and the ruleset's tests (`core.characteristics`: an Agility test's target, a pass's PA,
armour breaking; BB2020's pass results and casualty die) and hands them to
`nuffle.analysis.probability`, which does the arithmetic. Bad input (an
unknown player, a player off the pitch, a square off the pitch, a non-adjacent target) raises
`ValueError`. See docs/ODDS.md, "Live-state queries".
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from nuffle.analysis import probability as P
from nuffle.analysis.blocks import BlockOdds, BlockSkills
from nuffle.core.actions import ActionType
from nuffle.core.characteristics import NO_PA_TARGET, ag_target, pass_target
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.procedures.ball import PICKUP_MODIFIER, can_catch, catch_modifier, pickup_modifier
from nuffle.core.procedures.block import face_rules
from nuffle.core.procedures.block_strength import block_dice
from nuffle.core.procedures.casualty_roll import casualty_result
from nuffle.core.procedures.foul import foul_rules
from nuffle.core.procedures.injury import BLOCK, FALL, FOUL, KnockDown, injury_result
from nuffle.core.procedures.movement import dodge_modifier, dodge_reroll_blocked, gfi_target, rush_modifier
from nuffle.core.procedures.passing import (
    ACCURATE,
    FUMBLED,
    INACCURATE,
    WILDLY_INACCURATE,
    allowed_bands,
    deflection_modifier,
    interception_modifier,
    interceptors,
    is_fumble,
    pass_result,
    pass_roll_modifier,
)
from nuffle.core.procedures.rolls import (
    check_from,
    checked_reroll,
    reroll_sources,
    roll_succeeds,
    team_reroll_available,
    team_reroll_checked,
)
from nuffle.core.skills import BADLY_HURT, CASUALTY, KO, STUNNED
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Status

__all__ = [
    "blitz_odds", "block_odds", "block_skills", "casualty_odds", "catch_odds", "dodge_odds", "foul_odds",
    "gfi_odds", "interception_odds", "interference_odds", "knockdown_odds", "pass_odds", "pickup_odds",
]

Square = tuple[int, int]
CATCH_KINDS = {"accurate": True, "handoff": True, "bounce": False}
#: BB2020's pass results by the toolkit's keys (`passing.pass_result`).
PASS_RESULTS = {ACCURATE: "accurate", INACCURATE: "inaccurate", WILDLY_INACCURATE: "wildly_inaccurate",
                FUMBLED: "fumble"}
# The engine's injury results by the toolkit's keys.
_INJURY_KEY = {STUNNED: "stunned", KO: "ko", BADLY_HURT: "badly_hurt", CASUALTY: "casualty"}


# --- input checks ----------------------------------------------------------------------------


def _state(game: Game | GameState) -> GameState:
    if isinstance(game, Game):
        return game.state
    if isinstance(game, GameState):
        return game
    raise InputError(f"expected a Game or GameState, got {type(game).__name__}")


def _player(s: GameState, pid: int, standing: bool = True) -> int:
    """Check `pid` names a player on the pitch (standing if asked); return his square index."""
    if isinstance(pid, bool) or not isinstance(pid, int) or not 0 <= pid < len(s.info):
        raise InputError(f"unknown player id {pid!r}")
    if s.pos[pid] < 0:
        raise InputError(f"player {pid} is not on the pitch")
    if standing and s.status[pid] != Status.STANDING:
        raise InputError(f"player {pid} is not standing ({Status(s.status[pid]).name.lower()})")
    return s.pos[pid]


def _square(s: GameState, square: Sequence[int]) -> int:
    """Check `square` is an (x, y) pair on the pitch; return its square index."""
    if (not isinstance(square, tuple | list) or len(square) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in square)):
        raise InputError(f"a square must be an (x, y) pair of ints, not {square!r}")
    x, y = square
    if not s.board.is_on(x, y):
        raise InputError(f"square {(x, y)} is off the pitch")
    return s.board.sq(x, y)


def _adjacent(s: GameState, a: int, b: int) -> bool:
    (ax, ay), (bx, by) = s.board.xy(a), s.board.xy(b)
    return max(abs(ax - bx), abs(ay - by)) == 1


def _team_rr(s: GameState, pid: int) -> bool:
    return team_reroll_available(s, s.pteam[pid])


def _sources(s: GameState, pid: int, kind: RollKind, blocked_skill: bool = False) -> dict[str, bool]:
    """The engine's re-roll sources for a roll of `kind`, as the toolkit's keyword arguments
    (less the skill re-roll, whose keyword differs per roll)."""
    src = reroll_sources(s, pid, kind, blocked_skill)
    return {"team_reroll": src.team, "pro": src.pro, "loner": src.loner}


def _agility(s: GameState, pid: int, kind: RollKind, mod: int, skill: str,
             blocked_skill: bool = False, team: bool = True) -> Fraction:
    """P(an Agility test of `pid` of `kind` with the engine's modifier `mod` succeeds): the
    ruleset's target for his AG (`ag_target`: 7 - AG under LRB6, AG under BB2020) and the
    engine's re-roll sources (`skill` names the skill re-roll's kind; `team` False: none)."""
    src = reroll_sources(s, pid, kind, blocked_skill)
    step = P.RollStep(ag_target(s, pid), mod, skill=skill if src.skill else None, pro=src.pro,
                      loner=src.loner, team_reroll=team, pro_from=check_from(s, True, pid))
    return P.sequence_success([step], int(team and src.team))


# --- D6 rolls ----------------------------------------------------------------------------------


def dodge_odds(game: Game | GameState, pid: int, dest: Square) -> Fraction:
    """P(`pid` dodges into the adjacent empty square `dest`); 1 if he is not marked (no roll).

    Tackle zones on `dest`, the dodge skills (Stunty, Two Heads, Titchy, Prehensile Tail), the
    Dodge re-roll (unless used this turn or cancelled by a Tackle player being left), the team
    re-roll if usable now, and Loner. An opponent's Diving Tackle is not counted.
    """
    s = _state(game)
    start = _player(s, pid)
    sq = _square(s, dest)
    if not _adjacent(s, start, sq):
        raise InputError(f"square {tuple(dest)} is not adjacent to player {pid}")
    if s.grid[sq] != -1:
        raise InputError(f"square {tuple(dest)} is occupied")
    side = s.pteam[pid]
    if not s.tackle_zones(start, side):
        return Fraction(1)
    blocked = dodge_reroll_blocked(s, pid, start)
    # The engine's modifier (the ruleset's base, tackle zones, Stunty, Two Heads, Titchy,
    # Prehensile Tail); its re-roll sources (skill, team, Pro, Loner).
    return _agility(s, pid, RollKind.DODGE, dodge_modifier(s, pid, sq, start), "dodge", blocked)


def gfi_odds(game: Game | GameState, pid: int) -> Fraction:
    """P(`pid` succeeds at one Going For It (BB2020: Rush)): the engine's target (2+, 3+ in a
    Blizzard) and modifier (Drunkard, Moles under the Pitch), Sure Feet, team re-roll, Pro, Loner."""
    s = _state(game)
    _player(s, pid)
    src = reroll_sources(s, pid, RollKind.GFI)
    step = P.RollStep(gfi_target(s), rush_modifier(s, pid), natural_six=False,
                      skill="surefeet" if src.skill else None,
                      pro=src.pro, loner=src.loner, pro_from=check_from(s, True, pid))
    return P.sequence_success([step], int(src.team))


def pickup_odds(game: Game | GameState, pid: int, square: Square | None = None) -> Fraction:
    """P(`pid` picks the ball up on `square` (default: where the loose ball lies)).

    Tackle zones are counted on `square` as if he stood there; rain, Sure Hands, team re-roll.
    """
    s = _state(game)
    _player(s, pid)
    if square is None:
        if s.ball < 0 or s.ball_state != BallState.ON_GROUND:
            raise InputError("the ball is not loose on the ground; give the pick-up square")
        sq = s.ball
    else:
        sq = _square(s, square)
    if not can_catch(s, pid):
        return Fraction(0)
    tz = s.tackle_zones(sq, s.pteam[pid])
    # The engine's modifier (the ruleset's base, tackle zones, rain, Big Hand, Extra Arms).
    mod = pickup_modifier(tz, s.weather, s.rules.pickup_base)
    mod += PICKUP_MODIFIER.total(s.info[pid].skills, s, pid, tz)
    return _agility(s, pid, RollKind.PICKUP, mod, "surehands")


def catch_odds(game: Game | GameState, pid: int, kind: str = "accurate") -> Fraction:
    """P(`pid` catches the ball where he stands): `kind` is "accurate", "handoff" (+1) or "bounce".

    0 if he cannot catch (not standing, distracted, No Hands). The team re-roll counts only in
    his own team's turn.
    """
    s = _state(game)
    if kind not in CATCH_KINDS:
        raise InputError(f"catch kind must be one of {', '.join(CATCH_KINDS)}, not {kind!r}")
    _player(s, pid, standing=False)
    if not can_catch(s, pid):
        return Fraction(0)
    # The engine's whole modifier: the ruleset's base (LRB6: +1 accurate pass or hand-off;
    # BB2020: 0 for those, -1 for any other ball), tackle zones, rain, the catcher's skills
    # (Extra Arms, Nerves of Steel, Diving Catch) and Disturbing Presence.
    mod = catch_modifier(s, pid, 1 if CATCH_KINDS[kind] else 0, accurate=kind == "accurate")
    return _agility(s, pid, RollKind.CATCH, mod, "catch")


def pass_odds(game: Game | GameState, pid: int, target: Square) -> dict[str, Fraction]:
    """{"accurate", "inaccurate", "fumble"} of `pid` passing to `target` (interceptions aside);
    under BB2020 {"accurate", "inaccurate", "wildly_inaccurate", "fumble"} (the Passing Ability
    test's results, `passing.pass_result`; PA "-" always fumbles).

    The ruleset's range band (Blizzard: Quick and Short only) and test (LRB6: AG; BB2020: PA),
    tackle zones on the thrower, Very Sunny, Stunty, the Pass re-roll and the team re-roll.
    """
    s = _state(game)
    start = _player(s, pid)
    sq = _square(s, target)
    (x0, y0), (x1, y1) = s.board.xy(start), s.board.xy(sq)
    band = s.rules.pass_range(x1 - x0, y1 - y0)
    if band == "T":
        raise InputError("a player cannot pass to his own square")
    if band not in allowed_bands(s):
        raise InputError(f"square {tuple(target)} is out of passing range for player {pid}")
    # The engine's own modifier (the ruleset's range band, tackle zones, Very Sunny, skills)
    # and its result of each die.
    mod = pass_roll_modifier(s, pid, band)
    goal = pass_target(s, pid)
    bb2020 = s.rules.passing == "bb2020"
    if bb2020 and goal >= NO_PA_TARGET:
        return {"accurate": Fraction(0), "inaccurate": Fraction(0), "wildly_inaccurate": Fraction(0),
                "fumble": Fraction(1)}

    def result(d: int) -> str:
        if bb2020:
            return PASS_RESULTS[pass_result(d, goal, mod)]
        if roll_succeeds(d, goal, mod, True):
            return "accurate"
        return "fumble" if is_fumble(d, mod) else "inaccurate"

    keys = ("accurate", "inaccurate", "wildly_inaccurate", "fumble") if bb2020 else \
        ("accurate", "inaccurate", "fumble")
    src = reroll_sources(s, pid, RollKind.PASS)
    return P.rerolled_results([result(d) for d in range(1, 7)], keys, team_reroll=src.team,
                              skill=src.skill, pro=src.pro, loner=src.loner,
                              pro_from=check_from(s, True, pid))


def interception_odds(game: Game | GameState, interceptor: int, thrower: int, target: Square) -> Fraction:
    """P(`interceptor` intercepts a pass from `thrower` to `target`); 0 if he may not try.

    AG roll -2, tackle zones on the interceptor, rain, the Catch re-roll; never a team re-roll.
    Under BB2020 (Passing Interference): his chance of deflecting an accurate pass to `target`
    and catching it (`interference_odds`).
    """
    if _state(game).rules.passing == "bb2020":
        return interference_odds(game, interceptor, thrower, target)["intercepted"]
    s = _state(game)
    _player(s, thrower)
    _player(s, interceptor, standing=False)
    sq = _square(s, target)
    if s.pteam[interceptor] == s.pteam[thrower]:
        raise InputError(f"player {interceptor} is on the thrower's team")
    if interceptor not in interceptors(s, thrower, sq):
        return Fraction(0)
    # The engine's own modifier (-2, tackle zones, rain, skills); no team re-roll.
    return _agility(s, interceptor, RollKind.INTERCEPTION, interception_modifier(s, interceptor), "catch",
                    team=False)


def interference_odds(game: Game | GameState, interferer: int, thrower: int, target: Square,
                      result: str = "accurate") -> dict[str, Fraction]:
    """BB2020's Passing Interference: {"deflected", "intercepted"} of `interferer` against a pass
    from `thrower` landing on `target` with `result` ("accurate", "inaccurate",
    "wildly_inaccurate"); 0 for both if he may not interfere (not under the ruler).

    The deflection is the engine's Agility test (`passing.deflection_modifier`: -3 / -2 / -1 by
    result, tackle zones, rain, skills, a Stunty thrower) and the catch of the deflected ball
    its catch roll (the ruleset's base, -1); the Catch re-roll, never a team re-roll (not his
    turn). A ruleset without Passing Interference (LRB6) raises `InputError`.
    """
    s = _state(game)
    if s.rules.passing != "bb2020":
        raise InputError(f"ruleset {s.rules.name} has no Passing Interference: use interception_odds")
    _player(s, thrower)
    _player(s, interferer, standing=False)
    sq = _square(s, target)
    codes = {v: k for k, v in PASS_RESULTS.items() if k != FUMBLED}
    if result not in codes:
        raise InputError(f"pass result must be one of {', '.join(codes)}, not {result!r}")
    if s.pteam[interferer] == s.pteam[thrower]:
        raise InputError(f"player {interferer} is on the thrower's team")
    if interferer not in interceptors(s, thrower, sq):
        return {"deflected": Fraction(0), "intercepted": Fraction(0)}
    deflected = _agility(s, interferer, RollKind.INTERCEPTION,
                         deflection_modifier(s, interferer, thrower, codes[result]), "catch", team=False)
    caught = _agility(s, interferer, RollKind.CATCH, catch_modifier(s, interferer, 0), "catch", team=False)
    return {"deflected": deflected, "intercepted": deflected * caught}


# --- blocks and fouls --------------------------------------------------------------------------


def block_skills(game: Game | GameState, attacker: int, defender: int,
                 blitz: bool = False) -> tuple[BlockSkills, BlockSkills]:
    """The (attacker, defender) block abilities as the engine states them (`face_rules`):
    whatever skills give them, cancellations (Tackle, Juggernaut) already applied."""
    s = _state(game)
    rules = face_rules(s, attacker, defender, blitz)
    att = BlockSkills(block=rules.attacker_stands_both_down,
                      wrestle=ActionType.USE_SKILL in rules.attacker_both_down_options,
                      juggernaut=ActionType.SELECT_PUSHED in rules.attacker_both_down_options)
    dfd = BlockSkills(block=rules.defender_stands_both_down, dodge=rules.stumble_is_push,
                      wrestle=ActionType.USE_SKILL in rules.defender_both_down_options)
    return att, dfd


def _carrier(s: GameState, attacker: int, defender: int) -> str | None:
    holder = s.carrier()
    return {attacker: "attacker", defender: "defender"}.get(holder)


def block_odds(game: Game | GameState, attacker: int, defender: int, goal: str = "safe",
               blitz: bool = False) -> BlockOdds:
    """Exact odds of `attacker` blocking the adjacent standing opponent `defender` (on a Blitz
    if `blitz`).

    Dice count and chooser come from the engine's strength-plus-assists rule, what each face
    does from its block rules (`face_rules`: Block, Dodge, Tackle, Wrestle, Juggernaut, ...);
    the team re-roll (if usable now; the attacker re-rolls when the result misses `goal`),
    Pro and Loner.
    """
    s = _state(game)
    a_sq = _player(s, attacker)
    d_sq = _player(s, defender)
    if s.pteam[attacker] == s.pteam[defender]:
        raise InputError(f"players {attacker} and {defender} are on the same team")
    if not _adjacent(s, a_sq, d_sq):
        raise InputError(f"player {defender} is not adjacent to player {attacker}")
    dice, attacker_chooses = block_dice(s, attacker, defender, blitz)
    att, dfd = block_skills(s, attacker, defender, blitz)
    return P.block_odds(dice, attacker_chooses, attacker=att, defender=dfd, team_reroll=_team_rr(s, attacker),
                        pro=checked_reroll(s, attacker, None),
                        loner=team_reroll_checked(s, attacker), goal=goal,
                        carrier=_carrier(s, attacker, defender))


def blitz_odds(game: Game | GameState, attacker: int, defender: int, from_square: Square,
               goal: str = "safe") -> BlockOdds:
    """`block_odds` with the attacker standing on `from_square` (empty or his own, next to the
    defender): assists and tackle zones are counted as if he had moved there. The move itself
    (dodges, GFIs) is not included."""
    s = _state(game)
    _player(s, attacker)
    _player(s, defender)
    sq = _square(s, from_square)
    if s.grid[sq] not in (-1, attacker):
        raise InputError(f"square {tuple(from_square)} is occupied")
    if not _adjacent(s, sq, s.pos[defender]):
        raise InputError(f"square {tuple(from_square)} is not adjacent to player {defender}")
    there = s.copy()
    if sq != there.pos[attacker]:
        there.move_player(attacker, sq)
    return block_odds(there, attacker, defender, goal, blitz=True)


def foul_odds(game: Game | GameState, fouler: int, victim: int) -> dict[str, Fraction]:
    """The foul of `fouler` on the adjacent prone or stunned `victim` (keys as `probability.foul`).

    The armour limit, modifier (net foul assists, skills), the fouler's bonus and when the
    referee looks away come from the engine (`foul_rules`), each injury result from its injury
    table (`injury_result`: Thick Skull, Stunty, niggles, ...). No bribe.
    """
    s = _state(game)
    f_sq = _player(s, fouler)
    v_sq = _player(s, victim, standing=False)
    if s.pteam[fouler] == s.pteam[victim]:
        raise InputError(f"players {fouler} and {victim} are on the same team")
    if s.status[victim] not in (Status.PRONE, Status.STUNNED):
        raise InputError(f"player {victim} is not down")
    if not _adjacent(s, f_sq, v_sq):
        raise InputError(f"player {victim} is not adjacent to player {fouler}")
    rules = foul_rules(s, fouler, victim)

    def injury_of(dice: int, left: int) -> str:
        return _INJURY_KEY[injury_result(s, victim, dice, left, by=fouler, how=FOUL)]

    return P.foul_by_rules(rules.armour_limit, rules.armour_modifier, injury_of, bonus=rules.bonus,
                           unseen_when_held=rules.unseen_when_held,
                           unseen_when_broken=rules.unseen_when_broken)


# --- armour, injury and casualty -------------------------------------------------------------


def knockdown_odds(game: Game | GameState, victim: int, attacker: int | None = None) -> dict[str, Fraction]:
    """{"unbroken", "stunned", "ko", "badly_hurt", "casualty"} of `victim` knocked down by
    `attacker`'s block (None: a fall, such as a failed dodge).

    The engine's armour roll (the ruleset's test: LRB6 breaks on more than AV, BB2020 on AV+;
    Mighty Blow, Claws, Stunty, ...: `KnockDown`) and its injury table (`injury_result`: Thick
    Skull, Stunty, niggles); a bonus such as Mighty Blow goes on the armour only when that
    breaks it. An after-armour re-roll (Piling On) is not counted.
    """
    s = _state(game)
    _player(s, victim, standing=False)
    by, how = (-1, FALL) if attacker is None else (attacker, BLOCK)
    if attacker is not None:
        _player(s, attacker, standing=False)
    probe = KnockDown(victim, by=by, how=how)
    out = dict.fromkeys(("unbroken", *P.INJURY_KEYS), Fraction(0))
    for (a, b), p in P.two_d6().items():
        total, limit, bonus, bonus_limit = probe._armour(s, a + b)
        if total > limit:
            left = bonus
        elif bonus and total + bonus > bonus_limit:
            left = 0
        else:
            out["unbroken"] += p
            continue
        for (c, d), q in P.two_d6().items():
            out[_INJURY_KEY[injury_result(s, victim, c + d, left, by=by, how=how)]] += p * q
    return out


def casualty_odds(game: Game | GameState, pid: int) -> dict[str, Fraction]:
    """The casualty roll of `pid` by result: the ruleset's die and table (LRB6's D68:
    "badly_hurt", "miss_next_game", ...; BB2020's D16: "badly_hurt", "seriously_hurt",
    "serious_injury", "lasting", "dead", +1 per niggling injury, past 16 Dead)."""
    s = _state(game)
    if isinstance(pid, bool) or not isinstance(pid, int) or not 0 <= pid < len(s.info):
        raise InputError(f"unknown player id {pid!r}")
    faces = s.rules.casualty_faces
    out: dict[str, Fraction] = {}
    for face in faces:
        name = s.rules.casualty_of(casualty_result(s, pid, face))
        out[name] = out.get(name, Fraction(0)) + Fraction(1, len(faces))
    return out
