"""The observation layout of a ruleset: LRB6's (`features`), or BB2020's, which is LRB6's with
layers and features of its own appended (after LRB6's layers; after LRB6's features, before the
decision one-hot), so an LRB6 observation and its layout hash are what they always were.

BB2020 adds (`docs/ENVS.md`):

* layers: `pa` (the X of a player's PA X+ / 6; 0 without PA), one per BB2020 key skill
  (`skill_throw_team_mate`, `skill_right_stuff`: who may throw and be thrown), and `jump_over`
  (at a move decision of a moving action, the acting player standing with movement left: the
  prone or stunned players next to him, whom BB2020's Jump crosses);
* features: `acting_pa`, the acting player's BB2020 key skills, and one feature per Prayer to
  Nuffle and side (`prayer_<name>_own` / `_opp`: the prayer is in effect for that team).

Both encoders write the appendix: `ObservationEncoder.appendix` in Python and the C++ encoder
(`native/include/nuffle/encode.hpp`), which takes these names from `native_encoder.encoder_spec`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from nuffle.core.ruleset import LRB6, Ruleset
from nuffle.core.skills import Skill
from nuffle.envs.features import KEY_SKILLS, NON_SPATIAL, SPATIAL_LAYERS

#: BB2020's key skills beyond LRB6's (Throw Team-mate as its own action: thrower and thrown).
BB2020_KEY_SKILLS = (Skill.THROW_TEAM_MATE, Skill.RIGHT_STUFF)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _title(sk: Skill) -> str:
    return sk.name.replace("_", " ").title()


@dataclass(frozen=True)
class RulesetLayout:
    """The layers and features an environment of one ruleset observes."""

    name: str  # "lrb6" or "bb2020": the layout's, not the ruleset's (a derived one shares it)
    extra_layers: tuple[tuple[str, str], ...] = ()
    extra_features: tuple[tuple[str, str], ...] = ()
    extra_skills: tuple[Skill, ...] = ()
    prayers: tuple[str, ...] = ()  # the ruleset's prayers, in table order (bit i: prayer i + 1)

    @property
    def spatial(self) -> tuple[tuple[str, str], ...]:
        """Every layer, LRB6's first."""
        return SPATIAL_LAYERS + self.extra_layers

    @property
    def non_spatial(self) -> tuple[tuple[str, str], ...]:
        """Every feature before the decision one-hot, LRB6's first."""
        return NON_SPATIAL + self.extra_features

    @property
    def key_skills(self) -> tuple[Skill, ...]:
        """The skills with a layer and an acting-player feature, LRB6's first."""
        return KEY_SKILLS + self.extra_skills

    def prayer_features(self) -> list[tuple[int, str, str]]:
        """(bit, own feature, opposing feature) per prayer."""
        return [(i, f"prayer_{_slug(p)}_own", f"prayer_{_slug(p)}_opp") for i, p in enumerate(self.prayers)]


#: LRB6's layout: `features` as it is.
LRB6_LAYOUT = RulesetLayout(LRB6.name)


@cache
def _bb2020(prayers: tuple[str, ...]) -> RulesetLayout:
    layers = (
        ("pa", "passing ability: the X of the player's PA X+ / 6 (0: no PA)"),
        *((f"skill_{sk.name.lower()}", f"player has {_title(sk)}") for sk in BB2020_KEY_SKILLS),
        ("jump_over", "at a move decision of a moving action, the acting player standing with movement "
                      "left: the prone or stunned players next to him (BB2020's Jump goes over them)"),
    )
    features: list[tuple[str, str]] = [("acting_pa", "the acting player's PA (X of X+) / 6, 0 without PA")]
    features += [(f"acting_skill_{sk.name.lower()}", f"that player has {_title(sk)}")
                 for sk in BB2020_KEY_SKILLS]
    for p in prayers:
        features += [(f"prayer_{_slug(p)}_own", f"the Prayer to Nuffle {p} is in effect for the observer"),
                     (f"prayer_{_slug(p)}_opp", f"the Prayer to Nuffle {p} is in effect for the opponent")]
    return RulesetLayout("bb2020", layers, tuple(features), BB2020_KEY_SKILLS, prayers)


def layout_for(rules: Ruleset) -> RulesetLayout:
    """The layout an environment of `rules` observes: BB2020's for a ruleset with BB2020's
    characteristics (`Ruleset.x_plus`), LRB6's otherwise."""
    if not rules.x_plus:
        return LRB6_LAYOUT
    return _bb2020(tuple(name for name, _ in rules.prayers))
