"""`BatchedVectorEnv`: N matches stepped by one call into C++, as a `gymnasium.vector.VectorEnv`.

The matches run in the native engine (native/include/nuffle/vec_env.hpp): one `step` takes every
row's action, plays the random opponent (or both sides, in self-play) and the engine between
the learner's decisions in C++, and writes the observations, masks, rewards and episode ends
into arrays allocated once. An episode that ends is reset within the same step
(`AutoresetMode.SAME_STEP`, as `make_vector_env`): the step returns the new episode's first
observation and mask, and the ended one's last observation and info in `infos["final_obs"]`
and `infos["final_info"]`. With `workers=k` the rows are split over k processes (this one and
k - 1 children), each with its own C++ core writing straight into shared memory; a step sends
the children their command, steps this process's own block meanwhile, then waits for them. The
same seed gives the same results with any number of workers.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing as mp
from multiprocessing.connection import Connection
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from nuffle.core.engines import native_available
from nuffle.core.ruleset import Ruleset
from nuffle.envs.batched_core import BatchCore, BatchSpec, array_shapes
from nuffle.envs.core import BOARDS, EnvError, MatchDriver, Team
from nuffle.envs.gym_env import DEFAULT_MAX_STEPS, DEFAULT_SETUP, MaskDiscrete, observation_space
from nuffle.interrupts import forking_workers, worker_signals

_OBS = ("spatial", "non_spatial", "action_mask")
_ALIGN = 64


def _layout(board: int, n: int, extra: int = 0, ruleset: str = "lrb6",
            draft: bool = False) -> tuple[dict[str, tuple[int, tuple[int, ...], Any]], int]:
    """Each array's (offset, shape, dtype) in one block of memory, and the block's size."""
    out, offset = {}, 0
    for name, (shape, dtype) in array_shapes(board, n, extra, ruleset, draft).items():
        out[name] = (offset, shape, dtype)
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        offset += (size + _ALIGN - 1) // _ALIGN * _ALIGN
    return out, max(offset, _ALIGN)


def _views(buf: Any, layout: dict[str, tuple[int, tuple[int, ...], Any]]) -> dict[str, np.ndarray]:
    return {name: np.ndarray(shape, dtype=dtype, buffer=buf, offset=off)
            for name, (off, shape, dtype) in layout.items()}


def _worker(conn: Connection, spec: BatchSpec, arrays: dict[str, np.ndarray], first: int) -> None:
    """A worker process: one `BatchCore` over its rows of the shared arrays, commanded by pipe."""
    worker_signals()  # a Ctrl-C is the parent's to handle: it closes the workers
    core: BatchCore | None = None
    try:
        forked = getattr(spec.opponent, "forked", None)
        if callable(forked):  # a policy opponent readies itself for a forked process
            forked()
        core = BatchCore(spec, arrays, first)
        conn.send(("ok", None))
    except Exception as e:  # reported to the parent, which raises it
        conn.send(("error", e))
        return
    while True:
        try:
            cmd, arg = conn.recv()
        except EOFError:
            return
        try:
            if cmd == "close":
                conn.send(("ok", None))
                return
            if cmd == "reset":
                core.reset(arg)
            elif cmd == "step":
                core.step()
            elif cmd == "sample":
                core.vec.sample(arg + first)
            conn.send(("ok", None))
        except Exception as e:
            conn.send(("error", e))


#: A row's memory over its arrays' bytes: its match, legal-action lists and encoder in C++, and
#: the batched spaces (measured as resident memory after a reset and 20 steps: 493 KB a row on
#: board 11, 2.2 times its arrays' 222 KB; 24 KB on board 1, 2.5 times its 9.4 KB).
ROW_FACTOR = 2.5
#: The share of the memory available now that `num_envs` rows may take.
MEMORY_SHARE = 0.8


def _check_seed(name: str, seed: Any, allow_none: bool = True) -> None:
    """EnvError unless `seed` is a non-negative integer (or None where allowed)."""
    if seed is None and allow_none:
        return
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= int(seed) < 2**63:
        none = " or None" if allow_none else ""
        raise EnvError(f"{name} must be a non-negative integer{none}, got {seed!r:.40}")


def _available_memory() -> int | None:
    """Bytes of memory available to new allocations now (Linux's MemAvailable), or None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _check_memory(num_envs: int, array_bytes: int) -> None:
    """EnvError when `num_envs` rows (their arrays and their native matches) would take more
    than MEMORY_SHARE of the memory available, rather than growing until the system kills us."""
    need = ROW_FACTOR * array_bytes
    available = _available_memory()
    if available is not None and need > MEMORY_SHARE * available:
        raise EnvError(f"num_envs={num_envs} would take about {need / 2**30:.1f} GiB, more than this "
                       f"machine has available ({available / 2**30:.1f} GiB): ask for fewer rows")


def _read_only(arrays: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Read-only views of `arrays` (what the environment hands out; it writes the arrays)."""
    views = {}
    for name, array in arrays.items():
        view = array.view()
        view.flags.writeable = False
        views[name] = view
    return views


class BatchedVectorEnv(VectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """`num_envs` matches of board `board` stepped in C++ (see the module docstring).

    `home`, `away`, `reward`, `side` ('home', 'away' or 'random' per episode), `setup` and
    `max_steps` as `BloodBowlEnv` takes them; `opponent` is 'random' (the C++ random player),
    'self' (self-play: both sides are learners, each row shows the side to decide and
    `infos["side"]` says which) or any opponent `BloodBowlEnv` takes (a Python bot, played from
    Python at its own speed). `workers` splits the rows over that many processes. `ruleset`
    as `BloodBowlEnv` takes it (one the native engine plays).

    The observation dict, `action_masks()`, the rewards and the episode ends are read-only
    views of the arrays the next step overwrites: copy what you keep (writing into them raises
    numpy's ValueError; each row's mask is kept by clearing only the indices it set last; a
    row's `final_obs` arrays are read-only views that hold until its next episode ends).
    An action outside the grid or illegal for its row raises `EnvError` naming
    the row and index, and nothing is stepped."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int = 1, board: int = 11, home: Team = "human", away: Team = "orc",
                 opponent: Any = "random", reward: Any = "win", side: str = "home",
                 setup: Any = DEFAULT_SETUP, max_steps: int | None = DEFAULT_MAX_STEPS,
                 seed: int | None = None, workers: int = 1, features: Any = None,
                 ruleset: str | Ruleset = "lrb6") -> None:
        if not native_available():
            raise EnvError("the batched environment runs on the native engine, which is not built here; "
                           "use nuffle.envs.make_vector_env (the Python engine) instead")
        for name, value in (("num_envs", num_envs), ("workers", workers)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise EnvError(f"{name} must be a positive integer, got {value!r}")
        if workers > num_envs:
            raise EnvError(f"workers ({workers}) must not exceed num_envs ({num_envs})")
        _check_seed("seed", seed)
        if board not in BOARDS:
            raise EnvError(f"unknown board {board!r}: choose one of {', '.join(map(str, BOARDS))}")
        if side not in ("home", "away", "random"):
            raise EnvError(f"side must be 'home', 'away' or 'random', got {side!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise EnvError(f"max_steps must be a positive integer or None, got {max_steps!r}")
        driver = MatchDriver(board, home, away, False, "native", features, ruleset)
        self.features = driver.features
        extra = self.features.size if self.features is not None else 0
        # before the spaces allocate rows
        _check_memory(num_envs, _layout(board, num_envs, extra, driver.ruleset, driver.rules.draft)[1])
        self.num_envs = num_envs
        self.workers = workers
        self.board = board
        self.batch_spec = BatchSpec(board, driver.home, driver.away, opponent, reward, side, setup, max_steps,
                                    self.features, driver.ruleset, driver.rules.draft)
        self.single_observation_space = observation_space(driver)
        self.single_action_space = MaskDiscrete(driver.codec.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed = seed
        self._every_row = np.ones(num_envs, dtype=np.bool_)  # infos' `_side`, the same each step
        self._every_row.flags.writeable = False
        self._closed = False
        self._shm: SharedMemory | None = None
        self._procs: list[Any] = []
        self._conns: list[Connection] = []
        self._core: BatchCore | None = None  # workers=1: every row, here
        self._local: BatchCore | None = None  # workers>1: the first block, stepped here
        layout, size = _layout(board, num_envs, extra, driver.ruleset, driver.rules.draft)
        if workers == 1:
            self.arrays = {name: np.zeros(shape, dtype=dtype) for name, (_, shape, dtype) in layout.items()}
            self._core = BatchCore(self.batch_spec, self.arrays)
        else:
            self._shm = SharedMemory(create=True, size=size)
            self.arrays = _views(self._shm.buf, layout)
            try:
                self._start_workers()
            except BaseException:
                self.close()
                raise
        self._views = _read_only(self.arrays)
        self._ready = False

    # --- workers -------------------------------------------------------------------------

    def _blocks(self) -> list[tuple[int, int]]:
        n, k = self.num_envs, self.workers
        bounds = [n * j // k for j in range(k + 1)]
        return list(itertools.pairwise(bounds))

    def _start_workers(self) -> None:
        ctx = mp.get_context("fork")
        blocks = self._blocks()
        for lo, hi in blocks[1:]:
            parent, child = ctx.Pipe()
            block = {name: a[lo:hi] for name, a in self.arrays.items()}
            proc = ctx.Process(target=_worker, args=(child, self.batch_spec, block, lo), daemon=True)
            with forking_workers():
                proc.start()
            child.close()
            self._procs.append(proc)
            self._conns.append(parent)
        self._command(None, local=lambda: self._start_local(*blocks[0]))  # the children's start-up replies

    def _start_local(self, lo: int, hi: int) -> None:
        self._local = BatchCore(self.batch_spec, {name: a[lo:hi] for name, a in self.arrays.items()}, lo)

    def _command(self, cmd: str | None, arg: Any = None, local: Any = None) -> None:
        """Send `cmd` to the children (nothing when None), run `local` (this process's block)
        meanwhile, then wait for every child's reply; raises the first error, this process's first."""
        if cmd is not None:
            for conn in self._conns:
                conn.send((cmd, arg))
        error: BaseException | None = None
        try:
            if local is not None:
                local()
        except Exception as e:  # the children's replies are still read, keeping the pipes in step
            error = e
        errors = self._gather()
        if error is not None:
            raise error
        if errors:
            raise errors[0]

    def _gather(self) -> list[Exception]:
        errors = []
        for conn in self._conns:
            status, value = conn.recv()
            if status == "error":
                errors.append(value)
        return errors

    # --- gymnasium API ---------------------------------------------------------------------

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a new episode in every row (`seed`: row i is seeded with seed + i)."""
        self._check_open()
        if isinstance(seed, list):
            raise EnvError("the batched environment takes one integer seed (row i gets seed + i), not a list")
        _check_seed("seed", seed)
        if seed is None and not self._ready:
            seed = self._seed
        if self._core is not None:
            self._core.reset(seed)
        else:
            self._command("reset", seed, lambda: self._block().reset(seed))
        self._ready = True
        return self._obs(), self._infos()

    def step(self, actions: Any
             ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Take one action per row (indices of the flat action grid)."""
        self._check_open()
        if not self._ready:
            raise EnvError("step() called before reset()")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or acts.dtype.kind not in "iu":
            raise EnvError(f"actions must be {self.num_envs} integer indices (shape ({self.num_envs},)), "
                           f"got shape {acts.shape} of {acts.dtype}")
        if acts is not self.arrays["actions"]:  # sample_actions hands back the array itself
            self.arrays["actions"][:] = acts
        if self._core is not None:
            self._core.step()  # the C++ core checks every row before it steps any
        else:
            self._check_actions(acts)  # before any block steps
            self._command("step", local=self._block().step)
        v = self._views
        return self._obs(), v["reward"], v["terminated"], v["truncated"], self._infos()

    def sample_actions(self, seed: int = 0) -> np.ndarray:
        """A random legal action per row (a random action type, then one of its indices; the
        C++ random player's set-up moves), drawn in C++ from `seed`: a cheap random learner for
        benchmarks and smoke tests; row i draws from its own stream (seeded by `seed + i`), so
        the actions do not depend on `workers`. Returns the action array the next `step` may be
        given."""
        self._check_open()
        _check_seed("sample_actions' seed", seed, allow_none=False)
        if not self._ready:
            raise EnvError("sample_actions() called before reset()")
        if self._core is not None:
            self._core.vec.sample(seed)
        else:
            self._command("sample", seed, lambda: self._block().vec.sample(seed))
        return self.arrays["actions"]

    def action_masks(self) -> np.ndarray:
        """The legal actions of every row now, (num_envs, n) bools (sb3-contrib's convention; a
        read-only view the next step overwrites)."""
        return self._views["action_mask"]

    def game(self, row: int) -> Any:
        """A `NativeGame` copy of row `row`'s match now, to inspect or render (workers=1 only)."""
        self._check_open()
        if self._core is None:
            raise EnvError("game() reads a row of this process: it needs workers=1")
        if isinstance(row, bool) or not isinstance(row, int | np.integer) or not 0 <= row < self.num_envs:
            raise EnvError(f"row must be 0..{self.num_envs - 1}, got {row!r}")
        return self._core.game(int(row))

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the workers and free the shared memory (idempotent)."""
        if self._closed:
            return
        self._closed = True
        for conn in self._conns:
            with contextlib.suppress(BrokenPipeError, OSError):
                conn.send(("close", None))
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join()
        for conn in self._conns:
            conn.close()
        self._procs, self._conns = [], []
        self._local = None  # its views into the shared block go before the block
        if self._shm is not None:
            self.arrays, self._views = {}, {}
            self._shm.close()
            self._shm.unlink()
            self._shm = None

    def __enter__(self) -> BatchedVectorEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # --- internals -----------------------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed:
            raise EnvError("the batched environment is closed")

    def _block(self) -> BatchCore:
        """This process's own block (workers > 1)."""
        assert self._local is not None
        return self._local

    def _check_actions(self, acts: np.ndarray) -> None:
        """EnvError naming the first row whose action is outside the grid or not in the mask
        this environment wrote (the workers' cores check again, against their own lists)."""
        masks = self.arrays["action_mask"]
        size = masks.shape[1]
        outside = (acts < 0) | (acts >= size)
        if outside.any():
            i = int(np.flatnonzero(outside)[0])
            raise EnvError(f"row {i}: action index {int(acts[i])} is out of range 0..{size - 1}")
        legal = masks[np.arange(self.num_envs), acts]
        if not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            raise EnvError(f"row {i}: action index {int(acts[i])} is not legal now; "
                           f"{int(masks[i].sum())} actions are legal (see the action mask)")

    def _obs(self) -> dict[str, np.ndarray]:
        obs = {name: self._views[name] for name in _OBS}
        if self.features is not None:
            obs["non_spatial"] = self._joined("non_spatial", "extra")
        return obs

    def _joined(self, base: str, extra: str, row: int | None = None) -> np.ndarray:
        """A read-only array of `base`'s rows (or row `row`) followed by the features in `extra`."""
        v = self._views
        parts = (v[base], v[extra]) if row is None else (v[base][row], v[extra][row])
        joined = np.concatenate(parts, axis=-1)
        joined.flags.writeable = False
        return joined

    def _infos(self) -> dict[str, Any]:
        """Each row's side, and for the rows whose episode ended this step, their final
        observation and info (Gymnasium's same-step autoreset keys). The `_` masks of one step
        are one read-only array."""
        a = self._views
        infos: dict[str, Any] = {"side": a["side"], "_side": self._every_row}
        done = a["terminated"] | a["truncated"]  # a new array
        rows = done.nonzero()[0]
        if len(rows):
            done.flags.writeable = False
            final_obs = np.empty(self.num_envs, dtype=object)
            finals = [a["final_" + name] for name in _OBS]
            for i in rows.tolist():  # views: a row's final arrays hold until its next episode ends
                final_obs[i] = {name: final[i] for name, final in zip(_OBS, finals, strict=True)}
                if self.features is not None:
                    final_obs[i]["non_spatial"] = self._joined("final_non_spatial", "final_extra", i)
            infos["final_obs"] = final_obs
            infos["_final_obs"] = done
            infos["final_info"] = {
                "side": a["final_side"].astype(np.int64), "_side": done,
                "score": a["final_score"].copy(), "_score": done,
                "other_reward": a["other_reward"].copy(), "_other_reward": done,
            }
            infos["_final_info"] = done
        return infos

