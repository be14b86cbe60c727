"""Masked sampling, network shapes, and checkpoints that reload into the same policy."""

import pytest
import torch

from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game
from nuffle.envs.codec import ActionCodec
from nuffle.envs.observation import ObservationEncoder
from nuffle.rl import checkpoint
from nuffle.rl.config import TrainConfig
from nuffle.rl.networks import ILLEGAL_LOGIT, NetSpec, build_network, masked_dist
from nuffle.rl.policy_bot import PolicyAgent


def test_masked_sampling_never_picks_an_illegal_action():
    torch.manual_seed(0)
    n = 500
    logits = torch.randn(64, n) * 5
    logits[:, 0] = 50.0  # the most likely action is illegal everywhere
    mask = torch.rand(64, n) < 0.02
    mask[:, 1] = True
    mask[:, 0] = False
    dist = masked_dist(logits, mask)
    for _ in range(50):
        a = dist.sample()
        assert bool(mask[torch.arange(64), a].all())
    assert float(dist.probs[~mask].max()) == 0.0
    assert torch.isfinite(dist.entropy()).all()
    assert float(dist.log_prob(torch.zeros(64, dtype=torch.long)).max()) <= ILLEGAL_LOGIT / 2


@pytest.mark.parametrize("kind,board", [("paper", 1), ("paper", 3), ("conv", 1), ("conv", 11)])
def test_networks_give_one_logit_per_action(kind, board):
    net = build_network(NetSpec(kind=kind, board=board, hidden=32, channels=(8, 8)))
    enc = ObservationEncoder(board)
    logits, values = net(torch.zeros(3, *enc.spatial_shape), torch.zeros(3, enc.non_spatial_size))
    assert logits.shape == (3, ActionCodec(board).size)
    assert values.shape == (3,)


def test_conv_head_puts_cell_logits_on_the_cells():
    """A cell action's logit comes from that cell: changing one cell changes only nearby cells' logits."""
    board = 3
    net = build_network(NetSpec(kind="conv", board=board, hidden=16, channels=(4,)))
    enc, codec = ObservationEncoder(board), ActionCodec(board)
    x = torch.zeros(1, *enc.spatial_shape)
    ns = torch.zeros(1, enc.non_spatial_size)
    a = net(x, ns)[0].view(codec.rows, codec.targets)
    x[0, 0, 2, 5] = 1.0  # cell (x=5, y=2)
    b = net(x, ns)[0].view(codec.rows, codec.targets)
    changed = (a[:, : codec.cells] != b[:, : codec.cells]).any(0).nonzero().flatten().tolist()
    cells = {(c % codec.width, c // codec.width) for c in changed}
    assert (5, 2) in cells
    assert all(abs(cx - 5) <= 1 and abs(cy - 2) <= 1 for cx, cy in cells)


def test_checkpoint_reloads_into_an_identical_policy(tmp_path):
    torch.manual_seed(3)
    cfg = TrainConfig(board=1, hidden=16)
    net = build_network(cfg.net_spec())
    checkpoint.save(tmp_path / "p.pt", net, cfg, steps=123, episodes=4)
    loaded = checkpoint.load(tmp_path / "p.pt", board=1)
    assert loaded.steps == 123 and loaded.config.board == 1
    enc = ObservationEncoder(1)
    x, ns = torch.rand(5, *enc.spatial_shape), torch.rand(5, enc.non_spatial_size)
    assert torch.equal(net(x, ns)[0], loaded.net(x, ns)[0])
    # as bots with the same seed, the saved and the reloaded policy act identically
    game = Game.new("human", "human", seed=5, board=1)
    bots = [PolicyAgent(str(tmp_path / "p.pt"), seed=9), PolicyAgent(str(tmp_path / "p.pt"), seed=9)]
    for bot in bots:
        bot.new_game(game.view(), 0)
    other = RandomBot(1)
    other.new_game(game.view(), 1)
    decisions = 0
    while not game.is_over:
        if game.decider == 0:
            a, b = bots[0].act(game.view()), bots[1].act(game.view())
            assert a == b
            decisions += 1
            game.step(a)
        else:
            game.step(other.act(game.view()))
    assert decisions > 20


def test_checkpoint_errors_name_the_problem(tmp_path):
    with pytest.raises(checkpoint.CheckpointError, match="not found"):
        checkpoint.load(tmp_path / "missing.pt")
    bad = tmp_path / "bad.pt"
    bad.write_bytes(b"not a checkpoint at all")
    with pytest.raises(checkpoint.CheckpointError, match="not a readable checkpoint"):
        checkpoint.load(bad)
    other = tmp_path / "other.pt"
    torch.save({"format": "something else"}, other)
    with pytest.raises(checkpoint.CheckpointError, match="not a nuffle policy"):
        checkpoint.load(other)
    cfg = TrainConfig(board=1, hidden=8)
    checkpoint.save(tmp_path / "b1.pt", build_network(cfg.net_spec()), cfg, 0, 0)
    with pytest.raises(checkpoint.CheckpointError, match="trained for board 1, not board 3"):
        checkpoint.load(tmp_path / "b1.pt", board=3)
    with pytest.raises(checkpoint.CheckpointError, match="trained for board 1, not board 3"):
        PolicyAgent(str(tmp_path / "b1.pt")).new_game(Game.new("human", "human", seed=1, board=3).view(), 0)


def test_exported_policy_is_small_and_acts_like_the_original(tmp_path):
    torch.manual_seed(4)
    cfg = TrainConfig(board=1, hidden=32)
    net = build_network(cfg.net_spec())
    moments = {"state": {i: {"exp_avg": torch.zeros_like(p)} for i, p in enumerate(net.parameters())}}
    checkpoint.save(tmp_path / "full.pt", net, cfg, 10, 1, moments)
    checkpoint.export(tmp_path / "full.pt", tmp_path / "small.pt")
    small = checkpoint.load(tmp_path / "small.pt")
    assert (tmp_path / "small.pt").stat().st_size < 0.6 * (tmp_path / "full.pt").stat().st_size
    assert small.optimizer is None
    enc = ObservationEncoder(1)
    x, ns = torch.rand(4, *enc.spatial_shape), torch.rand(4, enc.non_spatial_size)
    assert torch.allclose(net(x, ns)[0], small.net(x, ns)[0], atol=0.05)


def test_bundled_board_1_policy_plays_both_sides():
    from nuffle.agents.registry import make_agent
    from nuffle.play import play

    for seed, (home, away) in enumerate([("policy?model=b1", "random"), ("random", "policy?model=b1")]):
        game = play(Game.new("human", "human", seed=seed, board=1), make_agent(home, 1), make_agent(away, 2))
        assert game.is_over
    with pytest.raises(ValueError, match="trained for board 1, not board 3"):
        play(Game.new("human", "human", seed=0, board=3), make_agent("policy?model=b1"), make_agent("random"))


def test_assisted_moves_policy_walks_its_moves_in_a_match_without_them(tmp_path):
    torch.manual_seed(6)
    cfg = TrainConfig(board=3, hidden=16, assisted_moves=True)
    checkpoint.save(tmp_path / "am.pt", build_network(cfg.net_spec()), cfg, 0, 0)
    bot = PolicyAgent(str(tmp_path / "am.pt"), seed=2)
    game = Game.new("human", "human", seed=4, board=3)
    assert not game.state.options.assisted_moves
    other = RandomBot(3)
    bot.new_game(game.view(), 0)
    other.new_game(game.view(), 1)
    walked = 0
    while not game.is_over:
        if game.decider == 0:
            action = bot.act(game.view())
            assert action in game.legal_actions()
            walked += bool(bot.walker.steps)
            game.step(action)
        else:
            game.step(other.act(game.view()))
    assert walked > 0  # it chose squares beyond one step and walked them


@pytest.mark.parametrize("board", [3, 5])
def test_bundled_policy_plays_a_plain_match(board):
    from nuffle.agents.registry import make_agent
    from nuffle.play import play

    assert checkpoint.load(f"b{board}", board=board).config.board == board
    game = play(Game.new("human", "human", seed=1, board=board), make_agent("random", 1),
                make_agent(f"policy?model=b{board}&greedy=true", 2))
    assert game.is_over and not game.state.options.assisted_moves
    assert game.state.teams[1].score > game.state.teams[0].score  # it beats random


def test_checkpoint_refuses_another_observation_and_action_layout(tmp_path):
    from nuffle.envs.layout_hash import layout_description, layout_hash

    cfg = TrainConfig(board=1, hidden=8)
    path = tmp_path / "p.pt"
    checkpoint.save(path, build_network(cfg.net_spec()), cfg, 0, 0)
    payload = torch.load(path, weights_only=True)
    assert payload["layout"] == layout_hash(1)
    assert checkpoint.load(path).config.board == 1
    payload["layout"] = "0123456789abcdef"  # trained under another layout
    torch.save(payload, path)
    with pytest.raises(checkpoint.CheckpointError, match="layout 0123456789abcdef.*is " + layout_hash(1)):
        checkpoint.load(path)
    # a checkpoint from before the hash (the bundled policies) counts as the current layout
    del payload["layout"]
    torch.save(payload, path)
    assert checkpoint.load(path).config.board == 1
    # the hash covers the layout: boards differ, and it names every feature
    assert len({layout_hash(b) for b in (1, 3, 5, 7, 11)}) == 5
    assert "acting_ma" in layout_description(1)["non_spatial"]  # type: ignore[operator]


@pytest.mark.parametrize("name", ["b1", "b3", "b5", "b11"])
def test_bundled_policies_still_load(name):
    loaded = checkpoint.load(name)
    assert loaded.net.spec.board == int(name[1:])
