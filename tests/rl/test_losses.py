"""The returns, advantages and losses against values computed by hand on tiny batches."""

import math

import torch

from nuffle.rl.losses import a2c_loss, gae, nstep_returns, ppo_loss


def test_nstep_returns_bootstrap_and_stop_at_episode_ends():
    rewards = torch.tensor([[1.0, 0.0], [0.0, 2.0], [3.0, 0.0]])
    dones = torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 0.0]])
    last = torch.tensor([10.0, 5.0])
    r = nstep_returns(rewards, dones, last, gamma=0.5)
    # env 0: R2 = 3 + .5*10 = 8; R1 = 0 (episode ends, no bootstrap); R0 = 1 + .5*0 = 1
    # env 1: R2 = 0 + .5*5 = 2.5; R1 = 2 + .5*2.5 = 3.25; R0 = 0 + .5*3.25 = 1.625
    assert torch.allclose(r, torch.tensor([[1.0, 1.625], [0.0, 3.25], [8.0, 2.5]]))


def test_gae_by_hand():
    rewards = torch.tensor([[1.0], [2.0]])
    values = torch.tensor([[0.5], [1.0]])
    dones = torch.tensor([[0.0], [0.0]])
    last = torch.tensor([4.0])
    adv, ret = gae(rewards, values, dones, last, gamma=0.9, lam=0.8)
    d1 = 2.0 + 0.9 * 4.0 - 1.0  # 4.6
    d0 = 1.0 + 0.9 * 1.0 - 0.5  # 1.4
    a1 = d1
    a0 = d0 + 0.9 * 0.8 * a1
    assert torch.allclose(adv, torch.tensor([[a0], [a1]]))
    assert torch.allclose(ret, adv + values)
    # a done at step 0 cuts the bootstrap and the trace
    adv2, _ = gae(rewards, values, torch.tensor([[1.0], [0.0]]), last, gamma=0.9, lam=0.8)
    assert math.isclose(float(adv2[0, 0]), 1.0 - 0.5, rel_tol=1e-6)


def test_a2c_loss_by_hand():
    logp = torch.tensor([-1.0, -2.0])
    values = torch.tensor([1.0, 0.0], requires_grad=True)
    returns = torch.tensor([3.0, -1.0])
    entropy = torch.tensor([0.5, 1.5])
    loss = a2c_loss(logp, values, returns, entropy, value_coef=0.5, entropy_coef=0.01)
    # advantages 2, -1: policy = -mean(-1*2, -2*-1) = -mean(-2, 2) = 0
    assert math.isclose(float(loss.policy), 0.0, abs_tol=1e-7)
    assert math.isclose(float(loss.value.detach()), (4 + 1) / 2)
    assert math.isclose(float(loss.entropy), 1.0)
    assert math.isclose(float(loss.total.detach()), 0.0 + 0.5 * 2.5 - 0.01 * 1.0, rel_tol=1e-6)
    loss.total.backward()  # the advantage is held constant: only the value term has a gradient
    assert values.grad is not None
    assert torch.allclose(values.grad, torch.tensor([-2.0, 1.0]) * 0.5)


def test_ppo_loss_clips_the_ratio():
    old = torch.log(torch.tensor([0.5, 0.5]))
    new = torch.log(torch.tensor([0.8, 0.2]))  # ratios 1.6 and 0.4
    adv = torch.tensor([1.0, -1.0])
    values, returns, entropy = torch.tensor([0.0, 0.0]), torch.tensor([1.0, 1.0]), torch.tensor([0.0, 0.0])
    loss = ppo_loss(new, old, adv, values, returns, entropy, clip=0.2, value_coef=0.5, entropy_coef=0.0)
    # sample 0: min(1.6*1, 1.2*1) = 1.2; sample 1: min(0.4*-1, 0.8*-1) = -0.8 -> policy = -mean = -0.2
    assert math.isclose(float(loss.policy), -0.2, rel_tol=1e-6)
    assert math.isclose(float(loss.value), 1.0)
    assert math.isclose(float(loss.total), -0.2 + 0.5, rel_tol=1e-6)
