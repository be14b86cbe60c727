"""Report lines in Blood Bowl's own words, e.g. 'Orc Blitzer #7 blocks Human Catcher #3:
2 dice, the Orc coach chooses: Pushed, Defender Down.' Every name comes from a table here, so
no engine enum name reaches the reader."""

from __future__ import annotations

from nuffle.core.actions import ActionType
from nuffle.core.errors import StateError
from nuffle.core.skills import BADLY_HURT, KO, STUNNED, Skill, skill_label
from nuffle.core.state import GameState
from nuffle.core.types import BOUNCE_IN_PLAY, BOUNCE_OUT, BlockFace, RollKind, Weather
from nuffle.report.model import LANDING_KICK, LANDING_THROW_IN, ReportEvent
from nuffle.report.model import EventKind as K

SIDE_WORDS = ("home", "away")

WEATHER_NAMES = {
    Weather.SWELTERING_HEAT: "Sweltering Heat", Weather.VERY_SUNNY: "Very Sunny", Weather.NICE: "Nice",
    Weather.POURING_RAIN: "Pouring Rain", Weather.BLIZZARD: "Blizzard",
}
# Kick-off and casualty results by the keys a ruleset's tables use (`nuffle.core.ruleset`).
KICKOFF_NAMES = {
    "get_the_ref": "Get the Ref!", "riot": "Riot!", "perfect_defence": "Perfect Defence",
    "high_kick": "High Kick", "cheering_fans": "Cheering Fans", "changing_weather": "Changing Weather",
    "brilliant_coaching": "Brilliant Coaching", "quick_snap": "Quick Snap!", "blitz_kickoff": "Blitz!",
    "throw_a_rock": "Throw a Rock", "pitch_invasion": "Pitch Invasion!",
    # BB2020's table (data/bb2020/ruleset.json, TABLES §8)
    "time_out": "Time-out", "solid_defence": "Solid Defence", "cheering_fans_bb2020": "Cheering Fans",
    "brilliant_coaching_bb2020": "Brilliant Coaching", "changing_weather_bb2020": "Changing Weather",
    "quick_snap_bb2020": "Quick Snap", "blitz_bb2020": "Blitz", "officious_ref": "Officious Ref",
    "pitch_invasion_bb2020": "Pitch Invasion",
}
CASUALTY_NAMES = {
    "badly_hurt": "Badly Hurt", "miss_next_game": "Seriously Injured", "niggling": "Niggling Injury",
    "ma": "-1 MA", "av": "-1 AV", "ag": "-1 AG", "st": "-1 ST", "dead": "Dead",
    # BB2020's D16 table and its lasting injuries (data/bb2020/ruleset.json)
    "seriously_hurt": "Seriously Hurt", "serious_injury": "Serious Injury", "lasting": "Lasting Injury",
    "pa": "-1 PA",
}
FACE_NAMES = {
    BlockFace.ATTACKER_DOWN: "Attacker Down", BlockFace.BOTH_DOWN: "Both Down", BlockFace.PUSHED: "Pushed",
    BlockFace.DEFENDER_STUMBLES: "Defender Stumbles", BlockFace.DEFENDER_DOWN: "Defender Down",
}
SELECTED_FACE = {
    ActionType.SELECT_ATTACKER_DOWN: BlockFace.ATTACKER_DOWN,
    ActionType.SELECT_BOTH_DOWN: BlockFace.BOTH_DOWN,
    ActionType.SELECT_PUSHED: BlockFace.PUSHED,
    ActionType.SELECT_DEFENDER_STUMBLES: BlockFace.DEFENDER_STUMBLES,
    ActionType.SELECT_DEFENDER_DOWN: BlockFace.DEFENDER_DOWN,
}
# What a player's D6 roll is for, as a noun.
ROLL_NAMES = {
    RollKind.DODGE: "dodge",
    RollKind.GFI: "Going For It",
    RollKind.PICKUP: "pick-up",
    RollKind.CATCH: "catch",
    RollKind.INTERCEPTION: "interception", RollKind.PASS: "pass", RollKind.STAND_UP: "stand up",
    RollKind.BONE_HEAD: "Bone-head", RollKind.REALLY_STUPID: "Really Stupid",
    RollKind.ALWAYS_HUNGRY: "Always Hungry", RollKind.LANDING: "landing", RollKind.LONER: "Loner",
    RollKind.PRO: "Pro", RollKind.WILD_ANIMAL: "Wild Animal", RollKind.BLOOD_LUST: "Blood Lust",
    RollKind.TAKE_ROOT: "Take Root", RollKind.ANIMOSITY: "Animosity", RollKind.LEAP: "Leap",
    RollKind.JUMP_UP: "Jump Up", RollKind.HYPNOTIC_GAZE: "Hypnotic Gaze", RollKind.SAFE_THROW: "Safe Throw",
    RollKind.FOUL_APPEARANCE: "Foul Appearance",
    RollKind.DAUNTLESS: "Dauntless",
    RollKind.CHAINSAW: "Chainsaw",
    RollKind.REGENERATION: "Regeneration", RollKind.BOMB: "bomb throw", RollKind.HAIL_MARY: "Hail Mary",
    RollKind.SHADOWING: "Shadowing",
    RollKind.TENTACLES: "Tentacles",
    RollKind.KICK_OFF_RETURN: "Kick-Off Return",
}
# The name of a declared action, and the verb of a targeted one.
DECLARED_NOUN = {
    ActionType.START_MOVE: "Move", ActionType.START_BLOCK: "Block", ActionType.START_BLITZ: "Blitz",
    ActionType.START_PASS: "Pass", ActionType.START_HANDOFF: "Hand-off", ActionType.START_FOUL: "Foul",
    ActionType.START_THROW_TEAM_MATE: "Throw Team-Mate", ActionType.START_BOMB: "Bomb",
}
TARGETED = {
    ActionType.PASS: "passes", ActionType.HANDOFF: "hands the ball off", ActionType.FOUL: "fouls",
    ActionType.THROW_TEAM_MATE: "throws a team-mate", ActionType.LEAP: "leaps",
    ActionType.STAB: "stabs", ActionType.CHAINSAW: "uses the Chainsaw on",
    ActionType.MULTIPLE_BLOCK: "makes a Multiple Block on", ActionType.HYPNOTIC_GAZE: "gazes at",
    ActionType.BOMB: "throws a bomb",
    ActionType.HAIL_MARY: "throws a Hail Mary",
    ActionType.DUMP_OFF: "dumps off",
}
INJURY_NAMES = {STUNNED: "Stunned", KO: "KO'd", BADLY_HURT: "Badly Hurt"}


def race_label(race: str) -> str:
    """'dark-elf' -> 'Dark Elf'."""
    return " ".join(w.capitalize() for w in race.replace("_", "-").split("-"))


class Names:
    """How a match's players and teams are called in its report."""

    def __init__(self, s: GameState) -> None:
        specs = s.specs
        races = [race_label(sp.race) for sp in specs]
        # Two teams of one race are told apart by side.
        tags = races
        if races[0] == races[1]:
            tags = [f"{r} ({w})" for r, w in zip(races, SIDE_WORDS, strict=True)]
        self.teams = [sp.name or races[i] for i, sp in enumerate(specs)]
        self.races = races
        self._players = []
        for info in s.info:
            race = races[info.team]
            # the race is not said twice: a Goblin team's Goblin is 'Goblin #9', not 'Goblin Goblin #9'
            said = race.lower().split()[0] in info.position.lower().split()  # 'Black Orc Blocker #5' too
            label = f"{info.position} #{info.number}" if said else f"{race} {info.position} #{info.number}"
            if races[0] == races[1]:
                label = f"{info.position} #{info.number} ({SIDE_WORDS[info.team]})"
            self._players.append(label)
        self.tags = tags
        self.rules = s.rules

    def casualty(self, d68: int) -> str:
        """The casualty-table result of a D68 under the match's ruleset, e.g. 'Badly Hurt'."""
        return CASUALTY_NAMES[self.rules.casualty_of(d68)]

    def kickoff(self, total: int) -> str:
        """The kick-off table result of a 2D6 total under the match's ruleset."""
        return KICKOFF_NAMES[self.rules.kickoff[total]]

    def player(self, pid: int) -> str:
        """E.g. 'Orc Blitzer #7'."""
        return self._players[pid] if 0 <= pid < len(self._players) else "a player"

    def team(self, side: int) -> str:
        """The team's name, e.g. 'Gouged Eye'."""
        return self.teams[side] if side in (0, 1) else "a team"

    def coach(self, side: int) -> str:
        """E.g. 'the Orc coach'."""
        return f"the {self.tags[side]} coach" if side in (0, 1) else "a coach"

    def score(self, score: tuple[int, int]) -> str:
        """E.g. 'Gouged Eye 1 - 0 Reikland Reavers'."""
        return f"{self.teams[0]} {score[0]} - {score[1]} {self.teams[1]}"


def _cap(text: str) -> str:
    """The first letter in upper case (str.capitalize would lower the rest)."""
    return text[:1].upper() + text[1:]


def _roll(e: ReportEvent, n: Names) -> str:
    kind = RollKind(e.value)
    who = n.player(e.player)
    name = ROLL_NAMES.get(kind, "roll")
    if kind == RollKind.PASS:
        fumble = e.result == 1 or (e.result < 0 and e.die == 1)  # (-1: not known, a natural 1)
        if e.action == ActionType.THROW_TEAM_MATE:
            return f"{who}: throw roll {e.die}: " + ("fumbled!" if fumble else "he flies.")
        verdict = "fumbled!" if fumble else "accurate" if e.ok else "inaccurate"
        return f"{who}: pass roll {e.die} (accurate on {e.need}+): {verdict}."
    need = "cannot succeed" if e.need > 6 else f"{e.need}+"
    verdict = "made it" if e.ok else "failed"
    return f"{who}: {name} {need}, rolled {e.die}: {verdict}."


def _block(e: ReportEvent, n: Names) -> str:
    faces = ", ".join(FACE_NAMES[BlockFace(f)] for f in e.faces)
    count = "1 die" if e.value == 1 else f"{e.value} dice"
    chooser = n.coach(e.side if e.attacker_chooses else 1 - e.side)
    verb = "blitzes" if e.action == ActionType.START_BLITZ else "blocks"
    return f"{n.player(e.player)} {verb} {n.player(e.target)}: {count}, {chooser} chooses: {faces}."


def _injury(e: ReportEvent, n: Names) -> str:
    result = INJURY_NAMES.get(e.result, "a casualty")
    return f"{n.player(e.player)}: injury roll {e.value}: {result}."


def _casualty(e: ReportEvent, n: Names) -> str:
    result = n.rules.casualty_of(e.value)
    end = "!" if result == "dead" else "."
    return f"{n.player(e.player)}: casualty roll {e.value}: {CASUALTY_NAMES[result]}{end}"


def _target(e: ReportEvent, n: Names) -> str:
    t = ActionType(e.value)
    verb = TARGETED[t]
    who = n.player(e.player)
    if t == ActionType.THROW_TEAM_MATE and e.target >= 0:
        where = f" towards {e.square[0]},{e.square[1]}" if e.square is not None else ""
        return f"{who} throws {n.player(e.target)}{where}."
    if e.target >= 0:
        if t in (ActionType.PASS, ActionType.HANDOFF, ActionType.DUMP_OFF, ActionType.HAIL_MARY):
            return f"{who} {verb} to {n.player(e.target)}."
        if t in (ActionType.THROW_TEAM_MATE, ActionType.LEAP, ActionType.BOMB):
            return f"{who} {verb} at {n.player(e.target)}."
        return f"{who} {verb} {n.player(e.target)}."
    where = f" to square {e.square[0]},{e.square[1]}" if e.square is not None else ""
    return f"{who} {verb}{where}."


def _skill(e: ReportEvent, n: Names) -> str:
    name = e.skill
    label = skill_label(Skill[name]) if name in Skill.__members__ else "a skill"
    return f"{n.player(e.player) if e.player >= 0 else n.coach(e.side)} uses {label}."


def _reroll(e: ReportEvent, n: Names) -> str:
    if ActionType(e.value) == ActionType.USE_PRO:
        return f"{_cap(n.coach(e.side))} tries Pro for a re-roll."
    return f"{_cap(n.coach(e.side))} uses a team re-roll."


def _xy(square: tuple[int, int] | None) -> str:
    return f"{square[0]},{square[1]}" if square is not None else "the pitch"


def _ball_lands(e: ReportEvent) -> str:
    if e.value == LANDING_KICK:
        if e.square is None:
            return "The kick lands out of the receiving half: a touchback."
        return f"The kick lands on {_xy(e.square)}."
    if e.value == LANDING_THROW_IN:
        return f"The crowd throws the ball back in: it lands on {_xy(e.square)}."
    return f"The ball lands on {_xy(e.square)}."


def _bounce(e: ReportEvent) -> str:
    if e.value == BOUNCE_IN_PLAY:
        return f"The ball bounces to {_xy(e.square)}."
    if e.value == BOUNCE_OUT:
        return "The ball bounces off the pitch into the crowd."
    if e.square is None:
        return "The ball bounces off the pitch: a touchback."
    return f"The ball bounces to {_xy(e.square)}, out of the receiving half: a touchback."


# What a kick-off result gives the team it favours (by the ruleset's result key).
KICKOFF_GAINS = {
    "blitz_kickoff": "{team} get a free turn",
    "quick_snap": "{team} may move each player one square",
    "perfect_defence": "{team} may re-arrange their set-up",
    "high_kick": "{team} may put a player under the ball",
}


def _kick_off_side(e: ReportEvent, n: Names) -> str:
    key = n.rules.kickoff[e.value] if 2 <= e.value <= 12 else ""
    name = KICKOFF_NAMES.get(key, "The kick-off")
    team = f"the {n.team(e.side)}" if e.side in (0, 1) else "both teams"
    if key in KICKOFF_GAINS:
        return f"{name}: {KICKOFF_GAINS[key].format(team=team)}."
    h, a = e.rolls
    totals = f"{n.team(0)} {h} - {a} {n.team(1)}"
    if key == "throw_a_rock":
        if e.side not in (0, 1):
            return f"{name}: {totals}: both teams are hit."
        return f"{name}: {totals}: the {n.team(e.side)} fans hit a {n.team(1 - e.side)} player."
    if key in ("cheering_fans", "brilliant_coaching"):
        gain = "gain a re-roll each" if e.side not in (0, 1) else "gain a re-roll"
        return f"{name}: {totals}: {team} {gain}."
    return f"{name}: {team} win it."


def render(e: ReportEvent, n: Names) -> str:
    """One report line for an event."""
    k = e.kind
    if k == K.KICK_OR_RECEIVE:
        choice = "kick" if ActionType(e.value) == ActionType.KICK else "receive"
        who = _cap(n.coach(e.side)) if e.side in (0, 1) else "The coin toss winner"
        return f"{who} wins the coin toss and chooses to {choice}."
    if k == K.WEATHER:
        return f"Weather: {WEATHER_NAMES[Weather(e.value)]}."
    if k == K.HALF:
        if e.value == 1:
            return f"{n.team(0)} against {n.team(1)}: the first half begins."
        return f"Half-time: {n.score(e.score)}. The second half begins."
    if k == K.KICK_OFF:
        name = n.kickoff(e.value)
        return f"Kick-off table: {e.value}, {name}{'' if name.endswith('!') else '.'}"
    if k == K.KICK_OFF_SIDE:
        return _kick_off_side(e, n)
    if k == K.BALL_LANDS:
        return _ball_lands(e)
    if k == K.BOUNCE:
        return _bounce(e)
    if k == K.CROWD:
        lost = ", losing the ball" if e.ok else ""
        return f"{n.player(e.player)} is pushed into the crowd from {_xy(e.square)}{lost}."
    if k == K.TURN:
        return f"Half {e.half}, turn {e.value}: {n.team(e.side)} ({SIDE_WORDS[e.side]})."
    if k == K.SPELL:
        spell = ("a Fireball" if ActionType(e.value) == ActionType.USE_FIREBALL
                 else "Zap!" if n.rules.wizard == "zap" else "a Lightning Bolt")
        return f"{_cap(n.coach(e.side))} calls on the Wizard: {spell}."
    if k == K.ACTION:
        t = ActionType(e.value)
        return f"{n.player(e.player)}: {DECLARED_NOUN[t]} action."
    if k == K.TARGET:
        return _target(e, n)
    if k == K.ROLL:
        return _roll(e, n)
    if k == K.BLOCK:
        return _block(e, n)
    if k == K.BLOCK_FACE:
        return f"{FACE_NAMES[SELECTED_FACE[ActionType(e.value)]]}."
    if k == K.FOLLOW_UP:
        return f"{n.player(e.player)} follows up."
    if k == K.REROLL:
        return _reroll(e, n)
    if k == K.SKILL:
        return _skill(e, n)
    if k == K.ARMOUR:
        return f"{n.player(e.player)}: armour {e.value}: {'broken' if e.ok else 'holds'}."
    if k == K.INJURY:
        return _injury(e, n)
    if k == K.CASUALTY:
        return _casualty(e, n)
    if k == K.APOTHECARY:
        return f"The {n.tags[e.side] if e.side in (0, 1) else ''} apothecary treats {n.player(e.player)}."
    if k == K.BRIBE:
        return f"{_cap(n.coach(e.side))} bribes the referee."
    if k == K.SENT_OFF:
        return f"The referee sends {n.player(e.player)} off!"
    if k == K.PICK_UP:
        who = n.player(e.player)
        return f"{who} picks up the ball." if e.ok else f"{who} fails to pick up the ball."
    if k == K.CATCH:
        return f"{n.player(e.player)} catches the ball." if e.ok else f"{n.player(e.player)} drops the ball."
    if k == K.STAND_UP:
        return f"{n.player(e.player)} stands up."
    if k == K.LANDED:
        where = f"{e.square[0]},{e.square[1]}" if e.square is not None else "the pitch"
        return f"{n.player(e.player)} comes down on {where}."
    if k == K.MOVE:
        where = f"{e.square[0]},{e.square[1]}" if e.square is not None else "a square"
        return f"{n.player(e.player)} moves to {where}."
    if k == K.TOUCHDOWN:
        return f"Touchdown! {n.player(e.player)} scores for {n.team(e.side)}: {n.score(e.score)}."
    if k == K.TURNOVER:
        cause = f" ({e.cause})" if e.cause else ""
        return f"Turnover{cause}: the {n.team(e.side)} turn ends."
    if k == K.FINAL_WHISTLE:
        h, a = e.score
        verdict = f"{n.team(0)} win" if h > a else f"{n.team(1)} win" if a > h else "a draw"
        return f"Final whistle: {n.score(e.score)}, {verdict}."
    raise StateError(f"no report line for {k}")
