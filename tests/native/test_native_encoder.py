"""The C++ observation encoder and action mask (`nuffle.envs.native_encoder`) against the
Python reference (`ObservationEncoder`, `ActionCodec`): on random positions of every board, all
24 races, both sides and the decision kinds random play reaches, the spatial layers, the
non-spatial features (bit for bit), the legal indices (in the codec's order) and the mask are
the same. Also: the caller's buffers are refused, untouched, when their dtype, shape or layout
is wrong, and the C++ encoder is built from the tables of `envs/features.py`."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.actions import ActionType as T
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import d6, two_d6
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.skills import Skill
from nuffle.core.teams import available_teams
from nuffle.core.types import Status
from nuffle.envs.codec import ActionCodec
from nuffle.envs.features import LAYER_INDEX
from nuffle.envs.native_encoder import NativeEncoder, codec_spec, encoder_spec
from nuffle.envs.observation import ObservationEncoder, StaticPlayers
from nuffle.testing import LINEMAN, LINEMAN2, O_GOBLIN, O_LINE, O_TROLL, OGRE, Scenario, do

pytestmark = pytest.mark.usefixtures("native")

BOARDS = (1, 3, 5, 7, 11)
RACES = tuple(available_teams())
K = DecisionKind
#: Decision kinds the fast test's random games must reach (the rarer ones are in the slow test).
COMMON_KINDS = {K.NONE, K.KICK_OR_RECEIVE, K.SETUP, K.KICK_TARGET, K.SELECT_ACTION, K.MOVE,
                K.REROLL, K.BLOCK_DICE, K.PUSH, K.FOLLOW_UP, K.TOUCHBACK, K.KICK_DISTANCE, K.KICK_OFF_RETURN,
                K.REACTION, K.BLOCK_RESULT, K.STAND_FIRM, K.APOTHECARY}
#: Kinds the slow test's random games do not reach: the Wizard's target (outside the one-hot and
#: the action grid) and the rarest skill decisions (not reached, or not by every seed).
SLOW_UNREACHED = {K.WIZARD, K.ANIMOSITY_TARGET, K.ARMOUR_BONUS, K.SWOOP, K.FEED}
#: ... which are reached with forced dice instead (all but the Wizard's).
FORCED_KINDS = {K.ANIMOSITY_TARGET, K.ARMOUR_BONUS, K.SWOOP}


class Pair:
    """The two encoders of one board."""

    def __init__(self, board: int) -> None:
        self.native = NativeEncoder(board)
        self.python = ObservationEncoder(board)
        self.codec = ActionCodec(board)
        enc = self.python
        self.legal_cells = self.codec.legal_cell_table(LAYER_INDEX["legal_cells"] * enc.height * enc.width,
                                                       enc.size)
        self.bufs = self.native.buffers()

    def compare(self, game: NativeGame, static: StaticPlayers) -> None:
        """Both sides' observations, indices and masks of `game` are the same from both encoders."""
        b = self.bufs
        for side in (0, 1):
            for arr in b.values():
                arr.fill(7)  # every entry must be written
            n = self.native.observe(game, side, b["spatial"], b["non_spatial"], b["action_mask"],
                                    b["indices"])
            idx: np.ndarray
            if game.decider == side:
                idx = self.codec.indices(game.state, game.legal_actions(), side)
            else:
                idx = np.zeros(0, dtype=np.int64)
            spatial, ns = self.python.encode(game.state, game.decision(), side, static, self.legal_cells[idx])
            where = f"board {self.python.players}, side {side}, {game.decision().kind.name}"
            assert spatial.dtype == b["spatial"].dtype and ns.dtype == b["non_spatial"].dtype
            diff = np.argwhere(spatial.view(np.uint32) != b["spatial"].view(np.uint32))
            assert diff.size == 0, f"{where}: spatial differs at (layer, y, x) {diff[:4].tolist()}"
            at = np.flatnonzero(ns.view(np.uint32) != b["non_spatial"].view(np.uint32))
            assert at.size == 0, f"{where}: non-spatial differs at {at[:4].tolist()}"
            assert n == len(idx), where
            assert b["indices"][:n].tolist() == idx.tolist(), where
            assert np.array_equal(b["action_mask"], self.codec.mask(idx)), where


def play_and_compare(pair: Pair, game: NativeGame, seed: int, steps: int,
                     kinds: Counter[DecisionKind]) -> None:
    """Play `game` on with random bots for up to `steps` decisions, comparing both encoders at each."""
    static = StaticPlayers(game.state)
    bots = (RandomBot(seed), RandomBot(seed + 1))
    for side, bot in enumerate(bots):
        bot.new_game(game, side)
    for _ in range(steps):
        pair.compare(game, static)
        kinds[game.decision().kind] += 1
        if game.is_over:
            return
        game.step(bots[game.decider].act(game.view()))


def race_pairs(rng: random.Random, games: int) -> list[tuple[str, str]]:
    """`games` (home, away) pairs that name every race at least once when there are enough."""
    order = list(RACES)
    rng.shuffle(order)
    while len(order) < 2 * games:
        order.append(rng.choice(RACES))
    return [(order[2 * i], order[2 * i + 1]) for i in range(games)]


#: Skills that ask decisions of their own (kick choices, reactions, block results, Fend, ...),
#: handed out at random to every player of the skill-rich games.
DECISION_SKILLS = (
    Skill.KICK, Skill.KICK_OFF_RETURN, Skill.SHADOWING, Skill.TENTACLES, Skill.WRESTLE, Skill.JUGGERNAUT,
    Skill.FEND, Skill.MULTIPLE_BLOCK, Skill.DUMP_OFF, Skill.PASS_BLOCK, Skill.DIVING_TACKLE, Skill.STRIP_BALL,
    Skill.DIVING_CATCH, Skill.PILING_ON, Skill.DIRTY_PLAYER, Skill.MIGHTY_BLOW, Skill.SIDE_STEP,
    Skill.STAND_FIRM, Skill.GRAB, Skill.GUARD, Skill.BLOOD_LUST, Skill.ANIMOSITY, Skill.HYPNOTIC_GAZE,
    Skill.LEAP, Skill.DODGE, Skill.TACKLE,
)
#: Teams for the skill-rich games (Thralls to feed on, team-mates of one race for Animosity).
RICH_PAIRS = (("vampire", "goblin"), ("underworld", "orc"), ("goblin", "halfling"), ("human", "dark-elf"))


def skill_rich(home: str, away: str, board: int, seed: int) -> NativeGame:
    """A new native match whose players were each given six random `DECISION_SKILLS`."""
    rng = random.Random(seed * 31 + board)
    s = Game.new(home, away, seed=seed, board=board, engine="python").state.copy()
    s.info = tuple(replace(p, skills=p.skills | frozenset(rng.sample(DECISION_SKILLS, 6))) for p in s.info)
    return NativeGame.from_state(s)


def run(games_per_board: int, rich_per_board: int, steps: int, seed: int) -> Counter[DecisionKind]:
    """Random games on every board between races covering all 24 (every other one with assisted
    moves), then skill-rich games, compared at every decision; returns the kinds reached."""
    rng = random.Random(seed)
    kinds: Counter[DecisionKind] = Counter()
    pairs = race_pairs(rng, games_per_board * len(BOARDS))
    for b, board in enumerate(BOARDS):
        pair = Pair(board)
        for g in range(games_per_board):
            home, away = pairs[b * games_per_board + g]
            game = Game.new(home, away, seed=seed + g, board=board, engine="native",
                            assisted_moves=g % 2 == 1)
            assert isinstance(game, NativeGame)
            play_and_compare(pair, game, seed + g, steps, kinds)
        for g in range(rich_per_board):
            home, away = RICH_PAIRS[(b + g) % len(RICH_PAIRS)]
            play_and_compare(pair, skill_rich(home, away, board, seed + g), seed + g, steps, kinds)
    return kinds


def test_both_encoders_agree_on_every_board_race_and_side() -> None:
    kinds = run(games_per_board=3, rich_per_board=1, steps=180, seed=11)
    missing = COMMON_KINDS - set(kinds)
    assert not missing, f"random play reached no {sorted(k.name for k in missing)}"


@pytest.mark.slow
def test_both_encoders_agree_over_many_games() -> None:
    kinds = run(games_per_board=16, rich_per_board=6, steps=3000, seed=101)
    missing = set(DecisionKind) - set(kinds) - SLOW_UNREACHED
    assert not missing, f"random play reached no {sorted(k.name for k in missing)}"


def forced_decisions() -> list[NativeGame]:
    """Native games at the decisions random play does not reach, with forced dice: the armour
    bonus of a Dirty Player's foul, a refused hand-off's Animosity target, a Swoop."""
    foul = Scenario(script=two_d6(4, 5) + two_d6(3, 4), engine="native")
    foul.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7), Status.PRONE).grant(LINEMAN, Skill.DIRTY_PLAYER)
    fouling = foul.start(active=0)
    do(fouling, T.START_FOUL, LINEMAN)
    do(fouling, T.FOUL, square=(11, 7))
    hand = Scenario(script=d6(1), engine="native").grant(LINEMAN, Skill.ANIMOSITY)
    hand.put(LINEMAN, (5, 7)).give_ball(LINEMAN).put(OGRE, (6, 7)).put(LINEMAN2, (5, 8))
    handing = hand.start(active=0)
    do(handing, T.START_HANDOFF, LINEMAN)
    do(handing, T.HANDOFF, square=(6, 7))
    throw = Scenario(script=d6(2, 2, 6), engine="native").grant(O_GOBLIN, Skill.SWOOP)
    throw.put(O_TROLL, (10, 7)).put(O_GOBLIN, (10, 8))
    throwing = throw.start(active=1)
    do(throwing, T.START_THROW_TEAM_MATE, O_TROLL)
    do(throwing, T.THROW_TEAM_MATE, O_GOBLIN, (6, 7))
    games = [fouling, handing, throwing]
    assert all(isinstance(g, NativeGame) for g in games)
    return games  # type: ignore[return-value]


def test_both_encoders_agree_at_the_rarest_decisions() -> None:
    games = forced_decisions()
    assert {g.decision().kind for g in games} == FORCED_KINDS
    pair = Pair(11)
    for game in games:
        pair.compare(game, StaticPlayers(game.state))


def test_buffers_are_the_callers_and_are_refused_untouched_when_wrong() -> None:
    enc = NativeEncoder(3)
    game = Game.new("human", "orc", seed=0, board=3, engine="native")
    assert isinstance(game, NativeGame)
    good = enc.buffers()
    arrays = dict(good)
    sp, ns, mask = good["spatial"], good["non_spatial"], good["action_mask"]
    n = enc.observe(game, game.decider, sp, ns, mask, good["indices"])
    assert n == int(good["action_mask"].sum()) > 0
    for name, arr in good.items():
        assert arr is arrays[name]  # written in place, no new arrays
    bad_cases = [
        ("spatial", sp.astype(np.float64), TypeError,
         "spatial must be a writeable C-contiguous float32 array of shape (40, 5, 12), got dtype float64"),
        ("spatial", np.zeros((40, 12, 5), np.float32), ValueError, "got shape (40, 12, 5)"),
        ("spatial", np.asfortranarray(np.zeros(sp.shape, np.float32)), ValueError, "non-contiguous"),
        ("spatial", sp.tolist(), TypeError, "got list"),
        ("non_spatial", np.zeros(ns.size * 2, np.float32)[::2], ValueError, "non-contiguous"),
        ("action_mask", mask.astype(np.int8), TypeError,
         "mask must be a writeable C-contiguous bool array of shape (6313,), got dtype int8"),
        ("action_mask", np.zeros(mask.size + 1, np.bool_), ValueError, "got shape (6314,)"),
        ("indices", np.zeros(mask.size, np.int32), TypeError, "got dtype int32"),
    ]
    ro = np.zeros_like(sp)
    ro.setflags(write=False)
    bad_cases.append(("spatial", ro, ValueError, "read-only"))
    for name, bad, error, message in bad_cases:
        args = {k: np.full_like(v, 3) for k, v in good.items()}
        kept = {k: v.copy() for k, v in args.items()}
        args[name] = bad
        with pytest.raises(error, match=re.escape(message)):
            enc.observe(game, 0, args["spatial"], args["non_spatial"], args["action_mask"], args["indices"])
        for k, v in args.items():
            if k != name:
                assert np.array_equal(v, kept[k]), f"{k} was written though {name} was refused"
    with pytest.raises(ValueError, match="side must be 0 or 1, got 2"):
        enc.observe(game, 2, sp, ns, mask)
    other = Game.new("human", "orc", seed=0, board=5, engine="native")
    assert isinstance(other, NativeGame)
    with pytest.raises(ValueError, match="the state is on board 5, the encoder on board 3"):
        enc.observe(other, 0, sp, ns, mask)


def test_the_native_encoder_is_built_from_the_feature_tables(native: object) -> None:
    """The C++ encoder takes its layer and feature order from envs/features.py: a reordered
    table moves what it writes, and a name it does not compute (or a missing one) is refused."""
    from nuffle.core.native_state import native_board

    module = native
    board = native_board(1)
    spec = encoder_spec(1)
    codec = codec_spec(ActionCodec(1))
    swapped = dict(spec, layers=[spec["layers"][1], spec["layers"][0], *spec["layers"][2:]])
    game = Game.new("human", "orc", seed=3, board=1, engine="native")
    assert isinstance(game, NativeGame)
    for _ in range(40):  # on to a team turn, players on the pitch
        if game.decision().kind == K.SELECT_ACTION:
            break
        game.step(RandomBot(0).act(game.view()))
    plain = NativeEncoder(1)
    a = plain.buffers()
    plain.observe(game, 0, a["spatial"], a["non_spatial"], a["action_mask"])
    b = plain.buffers()
    enc = module.Encoder(board, swapped, codec)  # type: ignore[attr-defined]
    enc.observe(game.native_state, 0, b["spatial"], b["non_spatial"], b["action_mask"], None)
    assert a["spatial"][0].any() and a["spatial"][1].any()
    assert np.array_equal(a["spatial"][0], b["spatial"][1])
    assert np.array_equal(a["spatial"][1], b["spatial"][0])
    extra = dict(spec, features=[*spec["features"], "acting_mood"])
    message = "does not compute feature 'acting_mood' of envs/features.py"
    with pytest.raises(ValueError, match=re.escape(message)):
        module.Encoder(board, extra, codec)  # type: ignore[attr-defined]
    geometry = [list(g) for g in spec["geometry"]]
    geometry[1][2] = [*geometry[1][2][:-1], 10_000]  # a square target beyond the grid
    with pytest.raises(ValueError, match=r"the layout tables give square \d+ a target or column outside"):
        module.Encoder(board, dict(spec, geometry=geometry), codec)  # type: ignore[attr-defined]
    fewer = dict(spec, layers=[n for n in spec["layers"] if n != "safe_reach"])
    message = "writes layer 'safe_reach', which envs/features.py does not list"
    with pytest.raises(ValueError, match=re.escape(message)):
        module.Encoder(board, fewer, codec)  # type: ignore[attr-defined]


def test_time_encoding_times_real_work_and_leaves_the_games_alone() -> None:
    """`NativeEncoder.time_encoding` (the benchmark's in-C++ figures) encodes and steps copies:
    both figures are positive, the games are unchanged, and a move that is not legal, a
    position nobody decides or a mismatched list is refused."""
    enc = NativeEncoder(3)
    games: list[NativeGame] = []
    game = Game.new("human", "orc", seed=4, board=3, engine="native")
    bot = RandomBot(4)
    while len(games) < 12:
        assert isinstance(game, NativeGame)
        games.append(game.clone())
        game.step(bot.act(game.view()))
    acts = [RandomBot(5).act(g.view()) for g in games]
    moves = [(int(a.type), -1 if a.player is None else a.player,
              -1 if a.square is None else g.state.board.sq(*a.square))
             for g, a in zip(games, acts, strict=True)]
    before = [g.to_json() for g in games]
    encode, step = enc.time_encoding(games, moves, rounds=2)
    assert encode > 0 and step > 0
    assert [g.to_json() for g in games] == before
    with pytest.raises(ValueError, match="one move per state"):
        enc.time_encoding(games, moves[:-1])
    illegal = [(int(T.END_TURN), 0, 0), *moves[1:]]  # END_TURN takes neither player nor square
    with pytest.raises(Exception, match="not among the legal actions"):
        enc.time_encoding(games, illegal)


def test_a_python_engine_game_is_refused_with_an_env_error() -> None:
    from nuffle.envs.core import EnvError

    enc = NativeEncoder(3)
    bufs = enc.buffers()
    bufs["spatial"].fill(7)  # np.empty's bytes may hold NaNs, never equal to themselves
    before = bufs["spatial"].copy()
    game = Game.new("human", "orc", seed=1, board=3, engine="python")
    with pytest.raises(EnvError, match="native engine only"):
        enc.observe(game, 0, bufs["spatial"], bufs["non_spatial"], bufs["action_mask"])
    assert np.array_equal(bufs["spatial"], before)  # nothing written
