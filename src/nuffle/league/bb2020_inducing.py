"""The default BB2020 manager's inducements (`DefaultManager2020.inducements`): it spends the
free budget only (the CTV gap and what the favourite spent), never the treasury, down this list,
each item while it has not reached the count given and the budget left covers it (an item it
cannot afford is passed over for the cheaper ones after it):

1. a Halfling Master Chef where it costs 100,000 (the Halfling Thimble Cup);
2. one medic: a Wandering Apothecary (teams allowed an apothecary), else a Plague Doctor
   (Favoured of Nurgle), else a Mortuary Assistant (Sylvanian Spotlight);
3. Bribes: one per Secret Weapon player in the squad (at most 3), or one for a team with
   Bribery and Corruption or a Dirty Player or Sneaky Git when it has no Secret Weapon;
4. Extra Team Training (1), Bloodweiser Kegs (2), Extra Team Training (up to 4), a second
   Wandering Apothecary;
5. with what is left: Part-time Assistant Coaches (3), Temp Agency Cheerleaders (4).

No Wizard, Biased Referee, Weather Mage, Riotous Rookies or mercenaries. It draws no dice:
the same cart, the same choices.
"""

from __future__ import annotations

from nuffle.core.bb2020.inducements import (
    Cart,
    Induce2020,
    Item,
    eligible,
    induce,
    price,
    problem,
)
from nuffle.core.bb2020.league_team import Team2020

MEDICS = (Item.APOTHECARIES, Item.PLAGUE_DOCTOR, Item.MORTUARY_ASSISTANT)
FOULERS = ("Dirty Player", "Sneaky Git")
CHEAP_CHEF = 100_000
LATER = ((Item.TRAINING, 1), (Item.KEGS, 2), (Item.TRAINING, 4), (Item.APOTHECARIES, 2),
         (Item.ASSISTANT_COACHES, 3), (Item.TEMP_CHEERLEADERS, 4))


def wanted(cart: Cart) -> list[tuple[Item, int]]:
    """The default manager's list for `cart`'s team: (item, count to reach), in order."""
    team = cart.team
    out: list[tuple[Item, int]] = []
    if price(team, Induce2020(Item.MASTER_CHEF)) <= CHEAP_CHEF:
        out.append((Item.MASTER_CHEF, 1))
    medic = next((m for m in MEDICS if not eligible(team, m)), None)
    if medic is not None:
        out.append((medic, 1))
    squad = cart.squad()
    secret = sum(1 for p in squad if p.has("Secret Weapon"))
    fouls = "Bribery and Corruption" in team.team.special_rules \
        or any(p.has(s) for p in squad for s in FOULERS)
    bribes = min(3, secret) or int(fouls)
    if bribes:
        out.append((Item.BRIBES, bribes))
    return out + list(LATER)


def default_inducements(cart: Cart, opponent: Team2020) -> list[Induce2020]:
    """What the default manager induces (see the module), in order."""
    left = max(0, cart.budget - cart.spent)
    sim = cart
    out: list[Induce2020] = []
    for item, upto in wanted(cart):
        choice = Induce2020(item)
        while sim.count(item) < upto and price(sim.team, choice) <= left and not problem(sim, choice):
            left -= price(sim.team, choice)
            sim = induce(sim, choice)
            out.append(choice)
    return out
