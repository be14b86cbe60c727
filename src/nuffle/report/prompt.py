"""What a decision puts at stake, in words: the players, the roll, what each choice means and,
where a choice has them, its odds (a re-roll's chance, from the engine's exact outcomes).

`prompt(game)` reads only the public position (`Game.decision()`, the event log, the state)
and works on clones, so it may be given a view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import ExplicitRoller
from nuffle.core.game import Game
from nuffle.core.skills import KO, Skill, skill_label
from nuffle.core.types import CHANCE, BlockFace, Event, RollKind
from nuffle.report.text import FACE_NAMES, INJURY_NAMES, ROLL_NAMES, SIDE_WORDS, Names

K = DecisionKind
T = ActionType

# What a block die face does, said of the attacker `a` and the defender `d`.
FACE_MEANINGS = {
    BlockFace.ATTACKER_DOWN: "{a} falls",
    BlockFace.BOTH_DOWN: "both players fall (a skill may keep one up)",
    BlockFace.PUSHED: "{d} is pushed back",
    BlockFace.DEFENDER_STUMBLES: "{d} is pushed and falls (a skill may keep him up)",
    BlockFace.DEFENDER_DOWN: "{d} is pushed and falls",
}
_SELECT = {BlockFace.ATTACKER_DOWN: T.SELECT_ATTACKER_DOWN, BlockFace.BOTH_DOWN: T.SELECT_BOTH_DOWN,
           BlockFace.PUSHED: T.SELECT_PUSHED, BlockFace.DEFENDER_STUMBLES: T.SELECT_DEFENDER_STUMBLES,
           BlockFace.DEFENDER_DOWN: T.SELECT_DEFENDER_DOWN}

# The sentence for kinds that need no details.
GENERAL = {
    K.SETUP: "Set up: pick a formation, or drag a player to a square (Reserve takes him off).",
    K.KICK_TARGET: "Kick: click the square to kick the ball to.",
    K.KICK_DISTANCE: "Kick: keep the scatter distance or take the other one.",
    K.TOUCHBACK: "Touchback: choose the player who gets the ball.",
    K.HIGH_KICK: "High Kick: move one player under the ball, or decline.",
    K.QUICK_SNAP: "Quick Snap!: move players one square each, then end.",
    K.KICK_OFF_RETURN: "Kick-Off Return: choose the player, then his squares.",
    K.REACTION: "Choose the player who reacts.",
    K.MULTIPLE_BLOCK: "Multiple Block: choose the second defender.",
    K.INTERCEPTOR: "Choose who tries to intercept the pass (or nobody).",
    K.PASS_BLOCK: "Pass Block: move a player up to three squares.",
    K.ANIMOSITY_TARGET: "Animosity: choose a team-mate of the same race.",
    K.SWOOP: "Swoop: choose the direction.",
    K.THROW_ON: "Throw the bomb on, or drop it.",
    K.FEED: "Blood Lust: choose the Thrall to bite (Animal Savagery: the team-mate to lash out at).",
    K.WIZARD: "Wizard: click the spell's target (a square for a Fireball, a standing player for a "
              "Lightning Bolt).",
}


@dataclass(frozen=True)
class Prompt:
    """A decision in words: `text` says the situation; `choices` maps an action type's name to
    what taking it means; `odds` maps it to its chance of success where it has one."""

    text: str
    choices: dict[str, str] = field(default_factory=dict)
    odds: dict[str, float] = field(default_factory=dict)
    chooser: str = ""  # who picks the block die, in words

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {"text": self.text, "choices": self.choices, "odds": self.odds, "chooser": self.chooser}


def _last(game: Game, event: Event, pid: int) -> tuple[int, tuple[int, ...]] | None:
    """(index, entry) of the last `event` entry of player `pid` in the event log, or None."""
    log = game.state.log
    for i in range(len(log) - 1, -1, -1):
        if log[i][0] == event and log[i][1] == pid:
            return i, log[i]
    return None


_CHECKS = frozenset({int(RollKind.LONER), int(RollKind.PRO)})  # the 4+ checks before a re-roll


def reroll_odds(game: Game, action: Action, pid: int) -> float:
    """The chance that taking `action` (a re-roll) makes the failed roll of `pid` succeed.

    The engine takes the action on a clone that stops at chance nodes; every outcome of the
    next two chance events (a Loner or Pro check, then the die) is followed until the roll's
    event shows success or failure, each with its exact probability."""
    start = game.clone()
    start.roller = ExplicitRoller()
    seen = len(start.state.log) + 1  # the log gains the decision first
    start.step(action)
    return float(_walk(start, pid, seen, 2))


def _walk(game: Game, pid: int, seen: int, depth: int) -> Fraction:
    for e in game.state.log[seen:]:
        if e[0] == Event.ROLL and e[1] == pid and e[2] not in _CHECKS:  # (not the Loner or Pro check)
            return Fraction(int(e[3] // 8 >= e[3] % 8))
    if depth == 0 or game.decider != CHANCE:
        return Fraction(0)  # the re-roll never happened (a failed Loner or Pro check)
    total = Fraction(0)
    for outcome, prob in game.chance_outcomes():
        nxt = game.clone()
        nxt.apply_chance(outcome)
        total += prob * _walk(nxt, pid, seen, depth - 1)
    return total


def _reroll(game: Game, n: Names, legal: set[ActionType]) -> Prompt:
    d = game.decision()
    pid = d.player if d.player is not None else -1
    who = n.player(pid)
    found = _last(game, Event.ROLL, pid)
    roll = found[1] if found is not None else None
    kind = d.roll
    name = ROLL_NAMES.get(kind, "roll") if kind is not None else "roll"
    rolled = f", rolled {roll[3] // 8}" if roll is not None else ""
    need = f"needs {d.need}+" if d.need is not None and d.need <= 6 else "cannot succeed"
    text = f"{who} failed his {name} ({need}{rolled}). Re-roll it or accept the failure?"
    choices = {}
    odds = {}
    for t, meaning in ((T.USE_REROLL, "spend a team re-roll and roll again"),
                       (T.USE_SKILL, "use the player's skill to roll again"),
                       (T.USE_PRO, "try Pro: 4+ allows a re-roll")):
        if t in legal:
            choices[t.name] = meaning
            odds[t.name] = reroll_odds(game, Action(t), pid)
    if T.USE_REROLL in legal and Skill.LONER in game.state.info[pid].skills:
        choices[T.USE_REROLL.name] += " (Loner: only on a 4+ first)"
    choices[T.DECLINE.name] = "accept the failed roll"
    odds[T.DECLINE.name] = 0.0
    return Prompt(text, choices, odds)


def _block_dice(game: Game, n: Names, legal: set[ActionType]) -> Prompt:
    d = game.decision()
    s = game.state
    att = d.player if d.player is not None else -1
    dfd = d.target if d.target is not None else -1
    faces = d.faces
    found = _last(game, Event.BLOCK, att)
    block = found[1] if found is not None else None
    chooser_side = s.pteam[att] if att >= 0 else 0
    if block is not None and not block[3] & 1:
        chooser_side = 1 - chooser_side
    chooser = n.coach(chooser_side)
    count = len(faces) or (d.dice or 0)
    shown = ", ".join(FACE_NAMES[BlockFace(f)] for f in faces)
    text = (f"{n.player(att)} blocks {n.player(dfd)}: {count} {'die' if count == 1 else 'dice'}, "
            f"{chooser} chooses. Rolled: {shown}.")
    choices = {}
    for f in faces:
        if _SELECT[BlockFace(f)] not in legal:
            continue  # the other coach chooses, after this one keeps or re-rolls the dice
        meaning = FACE_MEANINGS[BlockFace(f)]
        choices[_SELECT[BlockFace(f)].name] = meaning.format(a=n.player(att), d=n.player(dfd))
    if T.USE_REROLL in legal:
        choices[T.USE_REROLL.name] = "spend a team re-roll on all the block dice"
    if T.USE_PRO in legal:
        choices[T.USE_PRO.name] = "try Pro: 4+ allows a re-roll"
    if T.DECLINE in legal:
        choices[T.DECLINE.name] = f"keep the dice and let {n.coach(1 - s.pteam[att])} choose" \
            if block is not None and not block[3] & 1 else "keep these dice"
    return Prompt(text, choices, chooser=chooser)


def _apothecary(game: Game, n: Names) -> Prompt:
    d = game.decision()
    pid = d.player if d.player is not None else -1
    who = n.player(pid)
    injury = _last(game, Event.INJURY, pid)
    cas = _last(game, Event.CASUALTY, pid)
    if injury is not None and injury[1][3] == KO and (cas is None or cas[0] < injury[0]):
        text = f"{who} is {INJURY_NAMES[KO]} (injury roll {injury[1][2]}). Use the apothecary?"
        use = "he stays on the pitch, Stunned, instead of going to the KO box"
    else:
        d68 = cas[1][2] if cas is not None else 0
        result = n.casualty(d68) if cas is not None else "a casualty"
        roll = f" (casualty roll {d68})" if cas is not None else ""
        text = f"{who} is a casualty: {result}{roll}. Use the apothecary?"
        use = ("roll again on the casualty table and keep the lesser result; Badly Hurt sends him to "
               "the reserves")
    side = SIDE_WORDS[game.state.pteam[pid]] if pid >= 0 else ""
    return Prompt(text, {T.USE_APOTHECARY.name: use, T.DECLINE.name: f"keep the {side} apothecary for later"})


_CLICK_SQUARE = "click a highlighted square (hover for the path and its odds)"
#: What to click during a player action, by the declared action (a move: a square).
_CLICK = {
    T.START_BLOCK: "click the standing opponent next to him to block",
    T.START_BLITZ: "click a square to move, or the standing opponent to blitz (hover for the odds)",
    T.START_FOUL: "click a square to move, or the prone or stunned opponent to foul (hover for the odds)",
    T.START_HANDOFF: "click a square to move, or the team-mate to hand the ball to",
    T.START_PASS: "click a square to move, or the team-mate to pass to (hover for the odds)",
    T.START_THROW_TEAM_MATE: "click the team-mate next to him to throw, then the square to throw him to",
}


def _who(n: Names, pid: int | None) -> str:
    return n.player(pid) if pid is not None else "a player"


def prompt(game: Game, names: Names | None = None) -> Prompt:
    """The prompt for the decision now (an empty text when no coach decides)."""
    d = game.decision()
    n = names or Names(game.state)
    if d.kind == K.NONE or d.side is None:
        return Prompt("")
    legal = set(game.legal_actions().types())
    s = game.state
    if d.kind == K.KICK_OR_RECEIVE:
        coach = n.coach(d.side)
        return Prompt(f"{coach[:1].upper()}{coach[1:]} won the coin toss: kick or receive?",
                      {T.KICK.name: "kick off the first half, receive in the second",
                       T.RECEIVE.name: "receive the first kick-off, kick in the second half"})
    if d.kind == K.SELECT_ACTION:
        t = s.teams[d.side]
        flags = (("blitz", t.blitz_used), ("pass", t.pass_used), ("hand-off", t.handoff_used),
                 ("foul", t.foul_used))
        used = [w for w, flag in flags if flag]
        done = f" Used this turn: {', '.join(used)}." if used else ""
        choices = {T.END_TURN.name: "end the turn now"}
        if T.USE_FIREBALL in legal:
            choices[T.USE_FIREBALL.name] = ("the Wizard's Fireball (once a match): then click its "
                                            "square; each standing player there or next to it falls on 4+")
            choices[T.USE_LIGHTNING_BOLT.name] = (
                "the Wizard's Zap! (once a match): then click an opposing player; on a D6 of his ST "
                "or more he is a frog for the match" if s.rules.wizard == "zap" else
                "the Wizard's Lightning Bolt (once a match): then click a standing player; he falls on 2+")
        return Prompt(f"{n.team(d.side)}, turn {t.turn}: click a player for his action, or end the turn."
                      f"{done}", choices)
    if d.kind == K.MOVE:
        who = _who(n, d.player)
        ma = s.info[d.player].ma if d.player is not None else 0
        moved = f" {d.moved} of {ma} squares moved." if d.moved is not None else ""
        ask = _CLICK.get(d.action, _CLICK_SQUARE) if d.action is not None else _CLICK_SQUARE
        return Prompt(f"{who}: {ask}, or end the action.{moved}", {T.END_ACTION.name: f"{who} stops here"})
    if d.kind == K.REROLL:
        return _reroll(game, n, legal)
    if d.kind in (K.BLOCK_DICE,):
        return _block_dice(game, n, legal)
    if d.kind == K.APOTHECARY:
        return _apothecary(game, n)
    skill = skill_label(d.skill) if d.skill is not None else "the skill"
    if d.kind == K.USE_SKILL:
        target = f" on {n.player(d.target)}" if d.target is not None else ""
        return Prompt(f"{_who(n, d.player)}: use {skill}{target} now?",
                      {T.USE_SKILL.name: f"use {skill}", T.DECLINE.name: f"do not use {skill}"})
    if d.kind == K.DIVING_TACKLE:
        return Prompt(f"{_who(n, d.player)} has dodged away. Use Diving Tackle to make the dodge fail?",
                      {T.DECLINE.name: "let the dodge stand"})
    if d.kind == K.BLOCK_RESULT:
        return Prompt(f"{_who(n, d.player)} blocks {_who(n, d.target)}: {skill} may change the result.")
    if d.kind == K.PUSH:
        return Prompt(f"{_who(n, d.player)} pushes {_who(n, d.target)}: click the square he is pushed to.")
    if d.kind == K.STAND_FIRM:
        firm = d.target if d.target is not None else d.player
        return Prompt(f"{_who(n, firm)}: use Stand Firm and stay put?")
    if d.kind == K.FOLLOW_UP:
        return Prompt(f"{_who(n, d.player)}: follow up into the square {_who(n, d.target)} left?",
                      {T.FOLLOW_UP.name: "move into the square", T.DECLINE.name: "stay where he is"})
    if d.kind == K.FORBID_FOLLOW_UP:
        return Prompt(f"{_who(n, d.target)}: use {skill} to stop {_who(n, d.player)} following up?")
    if d.kind == K.DUMP_OFF:
        return Prompt(f"{_who(n, d.player)} is about to be blocked: Dump-Off the ball first?")
    if d.kind == K.ARMOUR_BONUS:
        return Prompt(f"{_who(n, d.player)}: spend {skill}'s bonus on this armour roll?",
                      {T.SELECT_ARMOUR.name: "add it to the armour roll",
                       T.DECLINE.name: "keep it for the injury roll"})
    if d.kind == K.BRIBE:
        bribe = {T.USE_BRIBE.name: "roll for the bribe", T.DECLINE.name: "he is sent off: a turnover"}
        if T.USE_SKILL not in legal:
            return Prompt(f"The referee sends {_who(n, d.player)} off. Use a bribe to keep him?", bribe)
        bribe[T.USE_SKILL.name] = "Argue the Call: a D6, 6 he stays, 2-5 he goes, 1 the coach goes too"
        return Prompt(f"The referee sends {_who(n, d.player)} off. Argue the Call, or use a bribe?", bribe)
    if d.kind == K.WIZARD and s.rules.wizard == "zap":
        return Prompt("Wizard: click the opposing player to Zap!.")
    text = GENERAL.get(d.kind, "Choose.")
    return Prompt(f"{text} ({n.team(d.side)})" if d.kind == K.SETUP else text)
