"""The BB2020 pre-game sequence's rules (RULES.md §3) for two league teams, as far as they are
not the match's own:

1. the Fans: each team rolls a D3 and adds its Dedicated Fans, its Fan Factor for the game;
2. (the weather is the engine's);
3. Journeymen: a team with fewer than 11 players fit to play fields free Journeymen (its 0-16 /
   0-12 lineman positional, with Loner (4+)) up to 11; their value counts in its CTV;
4. inducements (`inducements`): the current team values (CTV: players fit for the game,
   Journeymen, re-rolls and staff; a Low Cost Linemen team's linemen left out) are compared; the
   favourite (the higher CTV, the home team when equal) chooses first and may spend only its
   treasury; the underdog's free budget is the CTV gap plus what the favourite spent, and it
   may add its treasury; a team that bought Riotous Rookies then rolls 2D3 + 1 and fields that
   many more Journeymen (`riotous_rookies`: no more than bring the players who play to 16, the
   engines' most a side);
5. Prayers to Nuffle: the team whose CTV plus inducements is still the lower prays once per
   full 50,000 of the gap (at most once per result): a D16 each (a D8 in an exhibition game,
   results 1-8), a result drawn already rolled again. What a prayer does is the engines'.

`pre_game` returns a `PreGame` record (per team: Fan Factor, Journeymen, inducements,
mercenaries, gold spent and from where, prayers) for a match's set-up to consume; the teams are
not changed (`pay` takes the treasury's share). Dice come from a `LeagueDice`, in order: the
home Fan Factor D3, the away one, the Riotous Rookies' 2D3 (home first), then the prayers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from nuffle.core.bb2020.inducements import (
    Cart,
    Hired,
    Induce2020,
    Item,
    MatchPlayer,
    PreGameError,
    induce,
    loner,
    rules,
    unused_numbers,
)
from nuffle.core.bb2020.league_team import LeagueDice, Team2020, new_player

# A coach's inducements: given his cart (team, Journeymen, budget) and the opponent, the
# choices in the order to buy them.
Chooser = Callable[[Cart, Team2020], Sequence[Induce2020]]


@dataclass(frozen=True, slots=True)
class Prayer:
    """A Prayers to Nuffle result: its D16 `number`, name and how long it lasts."""

    number: int
    name: str
    duration: str  # drive, half or game


@lru_cache(maxsize=1)
def prayers() -> tuple[Prayer, ...]:
    """The Prayers to Nuffle table, 1 to 16 (TABLES §12)."""
    return tuple(Prayer(i + 1, str(p["name"]), str(p["duration"])) for i, p in enumerate(rules()["prayers"]))


def fan_factor(team: Team2020, dice: LeagueDice) -> tuple[int, int]:
    """(the D3 rolled, the Fan Factor: D3 + Dedicated Fans), RULES §3 step 1."""
    roll = dice.roll(int(rules()["fan_factor_die"]), f"{team.name}'s fans")
    return roll, roll + team.dedicated_fans


def journeymen(team: Team2020) -> tuple[MatchPlayer, ...]:
    """The Journeymen `team` fields: its lineman positional (`Team2020.journeyman_position`)
    with Loner (4+), as many as bring the players fit to play to 11, on the lowest shirt numbers
    nobody of the team ever wore."""
    need = int(rules()["match_players"]) - team.available()
    if need <= 0:
        return ()
    pos = team.journeyman_position()
    numbers = unused_numbers(p.number for p in (*team.players, *team.graveyard, *team.departed))[:need]
    extra = loner(pos, "journeyman_skill")
    return tuple(MatchPlayer(new_player(pos, n, f"Journeyman #{n}"), Hired.JOURNEYMAN, extra, pos.cost)
                 for n in numbers)


def riotous_rookies(cart: Cart, dice: LeagueDice) -> tuple[int, tuple[MatchPlayer, ...]]:
    """(the roll, the rookies) of a team that bought Riotous Rookies (RULES §15; none rolled
    otherwise): 2D3 + 1 more Journeymen for this game (`pregame.json`), as `journeymen` fields
    them (the lineman positional with Loner (4+), on the lowest numbers nobody wears), but no
    more than bring the players who play (fit players, Journeymen, mercenaries) to 16."""
    if not cart.count(Item.RIOTOUS_ROOKIES):
        return 0, ()
    how: dict[str, int] = rules()["inducements"][Item.RIOTOUS_ROOKIES.value]["rookies"]
    roll = sum(dice.roll(how["die"], f"{cart.team.name}'s Riotous Rookies") for _ in range(how["dice"]))
    room = max(0, int(rules()["match_squad"]) - len(cart.squad()))
    pos = cart.team.journeyman_position()
    extra = loner(pos, "journeyman_skill")
    numbers = unused_numbers(cart.numbers())[:min(roll + how["plus"], room)]
    return roll + how["plus"], tuple(MatchPlayer(new_player(pos, n, f"Journeyman #{n}"), Hired.JOURNEYMAN,
                                                 extra, pos.cost) for n in numbers)


def low_cost(team: Team2020) -> bool:
    """Whether the team's linemen are left out of its CTV for inducements (Low Cost Linemen)."""
    return "Low Cost Linemen" in team.team.special_rules


def inducement_ctv(team: Team2020, hired: Sequence[MatchPlayer] = ()) -> int:
    """The current team value the inducements and prayers compare: `Team2020.team_value(
    current=True)` plus the Journeymen's value, a Low Cost Linemen team's linemen (its
    Journeymen included) left out."""
    value = team.team_value(current=True) + sum(j.value for j in hired if j.kind is Hired.JOURNEYMAN)
    if low_cost(team):
        line = team.journeyman_position().name
        value -= sum(p.value for p in team.players if p.fit and p.position.name == line)
        value -= sum(j.value for j in hired if j.kind is Hired.JOURNEYMAN and j.player.position.name == line)
    return value


def prayer_count(gap: int, exhibition: bool = False) -> int:
    """How often the underdog prays for a CTV gap after inducements: once per full 50,000, at
    most once per result of the table used (8 in an exhibition game, 16 in a league)."""
    most = int(rules()["exhibition_prayers"]) if exhibition else len(prayers())
    return min(most, max(0, gap) // int(rules()["prayer_unit"]))


def pray(count: int, dice: LeagueDice, exhibition: bool = False) -> tuple[Prayer, ...]:
    """`count` different prayers: a D16 each (a D8 in an exhibition game), a result already
    drawn rolled again. PreGameError for more prayers than the table has results."""
    sides = int(rules()["exhibition_prayers"]) if exhibition else len(prayers())
    if not 0 <= count <= sides:
        raise PreGameError(f"{count} prayers cannot all differ on a D{sides}")
    drawn: list[Prayer] = []
    while len(drawn) < count:
        got = prayers()[dice.roll(sides, "Prayers to Nuffle") - 1]
        if got not in drawn:
            drawn.append(got)
    return tuple(drawn)


@dataclass(frozen=True, slots=True)
class PreGameTeam:
    """What the pre-game sequence gave one team: its Fan Factor (and the D3), the Journeymen
    and mercenaries who play for it this game only, the CTV the inducements compared, its free
    budget, the inducements bought (in order) and the gold they cost (`treasury_spent` of it
    from the treasury), its prayers, and the choices refused (when not strict)."""

    name: str
    fan_factor_roll: int
    fan_factor: int
    journeymen: tuple[MatchPlayer, ...]
    ctv: int
    budget: int
    inducements: tuple[Induce2020, ...]
    mercenaries: tuple[MatchPlayer, ...]
    spent: int
    treasury_spent: int
    prayers: tuple[Prayer, ...] = ()
    refused: tuple[str, ...] = ()
    rookies: int = 0  # Riotous Rookies' 2D3 + 1 (0: none bought); they are among `journeymen`

    def count(self, item: Item) -> int:
        """How many of `item` it induced."""
        return sum(1 for i in self.inducements if i.item is item)


@dataclass(frozen=True, slots=True)
class PreGame:
    """The pre-game sequence of one match: both teams' records, whether it is an exhibition
    game (prayers 1-8) and which team chose its inducements first ("home" or "away")."""

    home: PreGameTeam
    away: PreGameTeam
    exhibition: bool
    first: str


def _nothing(cart: Cart, opponent: Team2020) -> Sequence[Induce2020]:
    return ()


def _shop(cart: Cart, opponent: Team2020, choose: Chooser, strict: bool) -> tuple[Cart, tuple[str, ...]]:
    refused: list[str] = []
    for choice in choose(cart, opponent):
        try:
            cart = induce(cart, choice)
        except PreGameError as exc:
            if strict:
                raise
            refused.append(str(exc))
    return cart, tuple(refused)


def pre_game(home: Team2020, away: Team2020, dice: LeagueDice, choose_home: Chooser = _nothing,
             choose_away: Chooser = _nothing, exhibition: bool = False, strict: bool = True) -> PreGame:
    """The pre-game sequence (see the module) with each coach's inducement choices. `strict`:
    a choice that may not be taken is a PreGameError (nothing changes, the teams never do);
    otherwise it is skipped and listed in the team's `refused`."""
    fans = {"home": fan_factor(home, dice), "away": fan_factor(away, dice)}
    teams = {"home": home, "away": away}
    hired = {k: journeymen(t) for k, t in teams.items()}
    ctv = {k: inducement_ctv(t, hired[k]) for k, t in teams.items()}
    order = ("home", "away") if ctv["home"] >= ctv["away"] else ("away", "home")
    choosers = {"home": choose_home, "away": choose_away}
    carts: dict[str, Cart] = {}
    refused: dict[str, tuple[str, ...]] = {}
    fav, dog = order
    carts[fav], refused[fav] = _shop(Cart(teams[fav], hired[fav]), teams[dog], choosers[fav], strict)
    free = ctv[fav] - ctv[dog] + carts[fav].treasury_spent
    carts[dog], refused[dog] = _shop(Cart(teams[dog], hired[dog], free), teams[fav], choosers[dog], strict)
    rookies = {k: riotous_rookies(carts[k], dice) for k in ("home", "away")}
    total = {k: ctv[k] + carts[k].spent for k in teams}
    praying: dict[str, tuple[Prayer, ...]] = {"home": (), "away": ()}
    for k, o in (("home", "away"), ("away", "home")):
        if total[k] < total[o]:
            praying[k] = pray(prayer_count(total[o] - total[k], exhibition), dice, exhibition)
    records = {k: PreGameTeam(teams[k].name, fans[k][0], fans[k][1], (*hired[k], *rookies[k][1]), ctv[k],
                              carts[k].budget, carts[k].bought, carts[k].mercenaries, carts[k].spent,
                              carts[k].treasury_spent, praying[k], refused[k], rookies[k][0]) for k in teams}
    return PreGame(records["home"], records["away"], exhibition, fav)


def pay(team: Team2020, record: PreGameTeam) -> Team2020:
    """`team` with its treasury's share of the inducements paid."""
    if record.treasury_spent > team.treasury:
        raise PreGameError(f"{team.name}: its treasury ({team.treasury:,}) cannot pay "
                           f"{record.treasury_spent:,} of inducements")
    return replace(team, treasury=team.treasury - record.treasury_spent)
