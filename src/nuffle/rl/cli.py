"""`nuffle rl`: train, resume, evaluate, record imitation data, clone it, and plot runs.

Building the parser needs no torch; each command imports what it needs when it runs, and says
so clearly when the `[rl]` extra is missing."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from nuffle.cli_errors import error
from nuffle.core.errors import InputError


def register(sub: Any) -> None:
    """Add the `rl` subcommand and its own subcommands."""
    p = sub.add_parser("rl", help="reinforcement learning: train, resume, eval, dataset, imitate, "
                       "plot",
                       description="Learning agents on the nuffle environments (needs the [rl] extra).")
    rsub = p.add_subparsers(dest="rl_command", required=True)

    t = rsub.add_parser("train", help="train a policy with A2C or PPO")
    t.add_argument("--out", required=True, help="run folder (log.csv, tb/, last.pt, best.pt)")
    t.add_argument("--board", type=int, default=1, help="board variant: 1, 3, 5, 7 or 11")
    t.add_argument("--algo", default="a2c", help="a2c (default) or ppo")
    t.add_argument("--steps", type=int, default=1_000_000, help="learner steps in all")
    t.add_argument("--seed", type=int, default=0, help="seed of the networks and environments")
    t.add_argument("--envs", type=int, default=8, help="parallel environments (default 8)")
    t.add_argument("--workers", type=int, default=2, help="worker processes or Ray actors (default 2)")
    t.add_argument("--executor", default="auto",
                   help="auto (default: batched where the settings allow, else process), batched "
                        "(the C++ vector environment), local, process or ray")
    t.add_argument("--ray-address", help="with --executor ray: the Ray cluster to join (e.g. head:6379; "
                                         "default: a local Ray)")
    t.add_argument("--net", default="paper", help="paper (default) or conv")
    t.add_argument("--hidden", type=int, default=128, help="hidden layer size (default 128)")
    t.add_argument("--channels", default="64,64,64", help="conv net: filters per layer (default 64,64,64)")
    t.add_argument("--lr", type=float, help="learning rate (default 1e-3 for a2c, 3e-4 for ppo)")
    t.add_argument("--entropy", type=float, default=0.01, help="entropy coefficient (default 0.01)")
    t.add_argument("--reward", default="ffai",
                   help="reward preset (ffai, the default; win or touchdowns), or event weights as a JSON "
                        "object ('{\"touchdowns\": 1, \"casualties\": 0.1}') or a .json file holding one")
    t.add_argument("--features", metavar="MODULE:NAME",
                   help="your observation features: an ExtraFeatures importable as package.module:NAME "
                        "(on PYTHONPATH), appended to the non-spatial observation (docs/ENVS.md)")
    t.add_argument("--opponent", default="random", help="opponent bot spec, or 'self' for self-play")
    t.add_argument("--setup", default="scripted",
                   help="bot that sets up for the learner; 'none': the learner does")
    t.add_argument("--assisted-moves", action="store_true",
                   help="a move, blitz, hand-off or foul may target any reachable square in one action")
    t.add_argument("--opponent-assisted-moves", action="store_true",
                   help="with --assisted-moves, the opponent bot moves that way too (by default it "
                        "plays by the plain rules, as in evaluation)")
    t.add_argument("--curriculum", help="curriculum for the large boards: endzone")
    t.add_argument("--curriculum-target", type=float, default=0.5,
                   help="touchdowns per episode that raise the curriculum level (default 0.5)")
    t.add_argument("--init", help="start from this checkpoint (e.g. a behaviour-cloned policy)")
    t.add_argument("--critic-warmup", type=int, default=0,
                   help="learner steps at the start in which only the value head learns (default 0)")
    t.add_argument("--log-every", type=int, default=10_000, help="steps between log rows")
    t.add_argument("--checkpoint-every", type=int, default=100_000, help="steps between checkpoints")
    t.add_argument("--no-progress", action="store_true", help="no progress bar")
    t.set_defaults(func=cmd_train)

    r = rsub.add_parser("resume", help="continue a run from its last checkpoint")
    r.add_argument("out", help="the run folder")
    r.add_argument("--steps", type=int, help="new total of learner steps (default: the run's)")
    r.add_argument("--no-progress", action="store_true", help="no progress bar")
    r.set_defaults(func=cmd_resume)

    e = rsub.add_parser("eval", help="play a policy against a bot over paired seeds")
    e.add_argument("model", help="checkpoint, run folder or bundled policy name (b1)")
    e.add_argument("--opponent", default="random", help="bot spec (default random)")
    e.add_argument("--games", type=int, default=200, help="even number of games (default 200)")
    e.add_argument("--seed", type=int, default=0, help="first seed")
    e.add_argument("--greedy", action="store_true", help="take the most likely action")
    e.add_argument("--workers", type=int, default=2, help="processes playing games (default 2)")
    e.add_argument("--json", action="store_true", help="print JSON")
    e.set_defaults(func=cmd_eval)

    d = rsub.add_parser("dataset", help="record a bot's decisions for imitation")
    d.add_argument("--out", required=True, help="the .npz file to write")
    d.add_argument("--bot", default="scripted", help="the bot to imitate (default scripted)")
    d.add_argument("--opponent", default="random", help="its opponent (default random)")
    d.add_argument("--board", type=int, default=11, help="board variant (default 11)")
    d.add_argument("--games", type=int, default=50, help="games to record (default 50)")
    d.add_argument("--seed", type=int, default=0, help="first seed")
    d.add_argument("--driver",
                   help="DAgger: this bot (e.g. policy?model=FILE) plays the games, --bot labels its states")
    d.add_argument("--features", metavar="MODULE:NAME",
                   help="record your observation features too (an ExtraFeatures as package.module:NAME); "
                        "`rl imitate` then trains a network that reads them")
    d.set_defaults(func=cmd_dataset)

    i = rsub.add_parser("imitate", help="behaviour cloning from a dataset")
    i.add_argument("data", nargs="+", help="one or more .npz files from `nuffle rl dataset` (joined)")
    i.add_argument("--out", required=True, help="folder for best.pt and last.pt")
    i.add_argument("--epochs", type=int, default=10, help="passes over the data (default 10)")
    i.add_argument("--batch", type=int, default=256, help="minibatch size (default 256)")
    i.add_argument("--net", default="conv", help="conv (default) or paper")
    i.add_argument("--hidden", type=int, default=128, help="hidden layer size (default 128)")
    i.add_argument("--channels", default="32,32", help="conv net: filters per layer (default 32,32)")
    i.add_argument("--lr", type=float, default=1e-3, help="learning rate (default 1e-3)")
    i.add_argument("--seed", type=int, default=0, help="seed")
    i.add_argument("--keep-epochs", action="store_true", help="also save epoch{N}.pt after every epoch")
    i.add_argument("--init", help="start from this checkpoint's weights (the same --net and sizes)")
    i.set_defaults(func=cmd_imitate)

    pl = rsub.add_parser("plot", help="touchdowns per episode against steps, with the baselines")
    pl.add_argument("runs", nargs="+", help="run folders (or log.csv files)")
    pl.add_argument("--out", required=True, help="the PNG to write")
    pl.add_argument("--title", help="figure title")
    pl.add_argument("--board", type=int, help="draw this board's baselines (default: the runs' boards)")
    pl.set_defaults(func=cmd_plot)


def _needs_torch() -> str | None:
    try:
        import torch  # noqa: F401
    except ModuleNotFoundError:
        return "nuffle rl needs the [rl] extra: pip install -e '.[rl]'"
    return None


def _channels(text: str) -> tuple[int, ...]:
    try:
        out = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise InputError(f"--channels must be comma-separated integers, got {text!r}") from None
    if not out or min(out) < 1:
        raise InputError(f"--channels must be positive integers, got {text!r}")
    return out


def _reward(text: str) -> str | dict[str, float]:
    """`--reward`: a preset name as it is, or the event weights of a JSON object (given inline,
    or as a .json file); the weights are checked by `make_reward`."""
    source = text
    if text.lstrip()[:1] not in ("{", "["):  # JSON: an object (a list is refused below)
        if not text.endswith(".json"):
            return text
        from nuffle.files import read_text

        source = read_text(Path(text))  # ValueError naming the file
    from nuffle.files import parse_json

    weights = parse_json(source, "--reward")
    if not isinstance(weights, dict):
        raise InputError(f"--reward must be a preset name or a JSON object of event weights, "
                         f"got {text!r:.60}")
    return weights


def _config(args: argparse.Namespace) -> Any:
    from nuffle.rl.config import TrainConfig

    if args.steps is not None and args.steps < 1:
        raise InputError(f"--steps must be a positive number of steps, got {args.steps}")
    lr = args.lr if args.lr is not None else (1e-3 if args.algo == "a2c" else 3e-4)
    setup = None if args.setup in ("none", "") else args.setup
    return TrainConfig(board=args.board, algo=args.algo, steps=args.steps, seed=args.seed, n_envs=args.envs,
                       workers=args.workers, executor=args.executor, ray_address=args.ray_address,
                       net=args.net, hidden=args.hidden,
                       channels=_channels(args.channels), lr=lr,
                       entropy_coef=args.entropy, reward=_reward(args.reward), opponent=args.opponent,
                       setup=setup,
                       assisted_moves=args.assisted_moves,
                       opponent_assisted_moves=args.opponent_assisted_moves, curriculum=args.curriculum,
                       curriculum_target=args.curriculum_target, critic_warmup=args.critic_warmup,
                       features=args.features,
                       log_every=args.log_every, checkpoint_every=args.checkpoint_every).validate()


def _check_bots(cfg: Any) -> None:
    from nuffle.agents.registry import validate_bot_spec
    from nuffle.envs.rewards import make_reward

    if cfg.opponent != "self":
        validate_bot_spec(cfg.opponent)
    if cfg.setup:
        validate_bot_spec(cfg.setup)
    make_reward(cfg.reward)


def cmd_train(args: argparse.Namespace) -> int:
    """Start a new run."""
    if (missing := _needs_torch()) is not None:
        return error(missing)
    from nuffle.rl.checkpoint import CheckpointError
    from nuffle.rl.trainer import Trainer

    try:
        cfg = _config(args)
        _check_bots(cfg)
        out = Path(args.out)
        if (out / "last.pt").exists():
            return error(f"{out} already holds a run: continue it with `nuffle rl resume {out}` "
                         "or pick another --out")
        trainer = Trainer(cfg, out, init=args.init, progress=not args.no_progress)
    except (ValueError, CheckpointError, OSError) as e:
        return error(str(e))
    return _report(trainer.run(), out, trainer.interrupted)


def cmd_resume(args: argparse.Namespace) -> int:
    """Continue a run from its last.pt."""
    if (missing := _needs_torch()) is not None:
        return error(missing)
    from nuffle.rl import checkpoint
    from nuffle.rl.trainer import Trainer

    out = Path(args.out)
    try:
        if not (out / "last.pt").is_file():
            raise checkpoint.CheckpointError(f"{out} has no last.pt to resume from")
        last = checkpoint.load(out / "last.pt")
        cfg = last.config
        if args.steps is not None:
            if args.steps < 1:
                raise InputError(f"--steps must be a positive number of steps, got {args.steps}")
            cfg.steps = args.steps
        if last.steps >= cfg.steps:
            return error(f"the run already has {last.steps} steps; give a larger --steps to go on")
        trainer = Trainer(cfg, out, resume=last, progress=not args.no_progress)
    except (ValueError, OSError) as e:
        return error(str(e))
    return _report(trainer.run(), out, trainer.interrupted)


def _report(row: dict[str, float], out: Path, interrupted: bool = False) -> int:
    if interrupted:
        from nuffle.rl import checkpoint

        steps = checkpoint.load(out / "last.pt").steps
        print(f"interrupted: {steps} steps saved in {out / 'last.pt'} (continue with `nuffle rl "
              f"resume {out}`)", file=sys.stderr)
        return 130
    if row:
        print(f"{int(row['steps'])} steps, {row.get('td_per_episode', 0):.2f} touchdowns per episode, "
              f"win rate {row.get('win_rate', 0):.2f} over the last episodes; checkpoints in {out}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    """Evaluate a policy."""
    if (missing := _needs_torch()) is not None:
        return error(missing)
    from nuffle.rl import checkpoint
    from nuffle.rl.evaluate import evaluate

    try:
        board = checkpoint.load(args.model).net.spec.board
        res = evaluate(args.model, board, opponent=args.opponent, games=args.games, seed=args.seed,
                       greedy=args.greedy, workers=args.workers)
    except (ValueError, OSError) as e:
        return error(str(e))
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    print(f"{args.model} (board {board}) against {args.opponent}, {args.games} games over paired seeds "
          f"({res['seconds']:.0f} s):")
    for part in ("all", "home", "away"):
        r = res[part]
        td = f"{r['td_per_episode']:.2f} [{r['td_ci'][0]:.2f}-{r['td_ci'][1]:.2f}]"
        print(f"  {part:<4} touchdowns/episode {td}"
              f"  win {r['win_rate']:.1%} [{r['win_ci'][0]:.1%}-{r['win_ci'][1]:.1%}]"
              f"  draw {r['draw_rate']:.1%}  loss {r['loss_rate']:.1%}  against {r['td_against']:.2f}")
    return 0


def cmd_dataset(args: argparse.Namespace) -> int:
    """Record a bot's decisions."""
    from nuffle.rl.dataset import record

    try:
        def progress(g: int, n: int) -> None:
            print(f"\r{g}/{args.games} games, {n} decisions", end="", flush=True)

        data = record(args.bot, args.board, args.games, opponent=args.opponent, seed=args.seed,
                      driver=args.driver, on_game=progress, features=args.features)
        print()
        data.save(args.out)
    except (ValueError, OSError) as e:
        return error(str(e))
    print(f"{len(data)} decisions of {args.bot} on board {args.board} written to {args.out}")
    return 0


def cmd_imitate(args: argparse.Namespace) -> int:
    """Behaviour cloning."""
    if (missing := _needs_torch()) is not None:
        return error(missing)
    from nuffle.rl.config import TrainConfig
    from nuffle.rl.dataset import Dataset
    from nuffle.rl.imitate import clone

    try:
        data = Dataset.load_many(args.data)
        print(f"{len(data)} decisions from {len(args.data)} file(s)", flush=True)
        cfg = TrainConfig(board=data.board, algo="ppo", net=args.net, hidden=args.hidden, lr=args.lr,
                          channels=_channels(args.channels), seed=args.seed).validate()
        row = clone(data, args.out, cfg, epochs=args.epochs, batch=args.batch, keep_epochs=args.keep_epochs,
                    init=args.init,
                    on_epoch=lambda r: print(f"epoch {r['epoch']}: loss {r['loss']:.3f}, accuracy "
                                             f"{r['accuracy']:.3f}, validation {r['val_accuracy']:.3f}, "
                                             f"{r['seconds']:.0f} s", flush=True))
    except (ValueError, OSError) as e:
        return error(str(e))
    print(f"validation accuracy {row['val_accuracy']:.3f}; policy in {args.out}/best.pt "
          f"(fine-tune: nuffle rl train --algo ppo --board {data.board} --init {args.out}/best.pt ...)")
    return 0


def cmd_plot(args: argparse.Namespace) -> int:
    """Draw learning curves."""
    from nuffle.rl.plot import plot_runs

    try:
        plot_runs([Path(r) for r in args.runs], Path(args.out), title=args.title, board=args.board)
    except (ValueError, OSError) as e:
        return error(str(e))
    print(f"wrote {args.out}")
    return 0
