"""Mutation check of the parity harness: plant small rule bugs in the C++ one at a time and see
which the CI parity run and `tests/native` catch.

    python bench/parity_mutations.py [--only ID,ID] [--control] [--skip-native] [--timeout 900] [--keep]

For each mutation in `MUTATIONS` (a small change of a native header, most often a skill's
handler in `skill_rules/`: movement, blocks, passing, kick-off, injuries, skills, `outcomes()`),
the repository's working tree is copied to a temporary folder, the change applied there, the
extension rebuilt in that copy (`setup.py build_ext --inplace`, at `--opt`), then the CI parity
configuration (`CI_PARITY`: the every-skill probes and runs of test_parity_harness.py and the
300 games of tests/native/test_native_parity.py) and, unless `--skip-native`, the whole of
`tests/native` run serially with `-x` in it. A mutation is caught when the run fails (with
`-x`, at the first failing test). `--control` runs the same first with nothing planted (it
must pass, or time out). Prints a Markdown table (mutation, area, caught by CI parity and after
how many seconds, caught by tests/native). A rebuild takes minutes: not part of CI
(tests/test_parity_mutations.py only checks that every mutation still applies to the sources,
and that the planted sources compile).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INC = "native/include/nuffle"


@dataclass(frozen=True)
class Mutation:
    """One planted bug: `old` (found exactly once in `path`) replaced by `new`."""

    id: str
    area: str
    what: str
    path: str
    old: str
    new: str


SKILLS = f"{INC}/skill_rules"

#: Since the hook-point refactor a skill's rule is its handler in `skill_rules/` (or, where the
#: planted bug is about how handlers add up, the asking code): each mutation plants the same bug
#: as before it, where that rule now lives.
MUTATIONS: tuple[Mutation, ...] = (
    Mutation("sprint", "movement", "Sprint gives two extra GFIs", f"{SKILLS}/queries.hpp",
             "inline int sprint(const State&, int) noexcept { return 1; }",
             "inline int sprint(const State&, int) noexcept { return 2; }"),
    Mutation("two-heads", "movement", "Two Heads adds +2 to dodges", f"{SKILLS}/queries.hpp",
             "{sk::TWO_HEADS, q::plus_one}",
             "{sk::TWO_HEADS, [](const State&, int, int, int) noexcept { return 2; }}"),
    Mutation("block-dice", "blocks", "three dice already at twice the strength", f"{INC}/procs/block.hpp",
             "if (a > 2 * d) {", "if (a >= 2 * d) {"),
    Mutation("dp-pass", "passing", "Disturbing Presence on passes reaches 2 squares, not 3",
             f"{SKILLS}/passing_skills.hpp",
             "return b.distance(pos(s, source), pos(s, pid)) <= 3 ? -1 : 0;",
             "return b.distance(pos(s, source), pos(s, pid)) <= 2 ? -1 : 0;"),
    Mutation("kickoff-table", "kick-off", "a 2 on the kick-off table reads as a 12",
             f"{INC}/procs/kickoff.hpp",
             "Frame& r = push(s, rules_of(s).kickoff[dice_sum(s)]);",
             "Frame& r = push(s, rules_of(s).kickoff[dice_sum(s) == 2 ? 12 : dice_sum(s)]);"),
    Mutation("claws", "injuries", "Claws breaks armour on 9+, not 8+", f"{SKILLS}/injury_skills.hpp",
             "return how == how::BLOCK ? std::optional<int>(8) : std::nullopt;",
             "return how == how::BLOCK ? std::optional<int>(9) : std::nullopt;"),
    Mutation("mighty-blow-foul", "injuries", "Mighty Blow also on fouls", f"{SKILLS}/injury_skills.hpp",
             "return how == how::BLOCK ? skill_value(s.players[by], sk::MIGHTY_BLOW) : 0;",
             "return how != how::FALL ? skill_value(s.players[by], sk::MIGHTY_BLOW) : 0;"),
    Mutation("tail-once", "skills", "Prehensile Tail counted once", f"{INC}/rules.hpp",
             "for (int i = 0; i < k; ++i) mod += hooks::total<LeftZoneModifier>(s, qs[i], s, pid, qs[i]);",
             "for (int i = 0; i < k; ++i) {\n"
             "        const int tail = hooks::total<LeftZoneModifier>(s, qs[i], s, pid, qs[i]);\n"
             "        mod += tail;\n"
             "        if (tail != 0) break;\n"
             "    }"),
    Mutation("dp-catch", "skills", "Disturbing Presence on catches reaches 2 squares, not 3",
             f"{SKILLS}/queries.hpp",
             "return b.distance(s.players[opp].square, s.players[pid].square) <= 3 ? -1 : 0;",
             "return b.distance(s.players[opp].square, s.players[pid].square) <= 2 ? -1 : 0;"),
    Mutation("extra-arms", "ball", "Extra Arms +2 on pick-ups", f"{SKILLS}/queries.hpp",
             "inline int extra_arms_pickup(const State&, int, int) noexcept { return 1; }",
             "inline int extra_arms_pickup(const State&, int, int) noexcept { return 2; }"),
    Mutation("outcomes-merge", "outcomes()", "a run of outcomes to one position counted once",
             f"{INC}/transitions.hpp",
             "out.edge_list.push_back(Edge{w.p, j});",
             "if (j != last) out.edge_list.push_back(Edge{w.p, j});"),
)

#: The CI parity configuration: the tests that run `nuffle.parity` in CI (the every-skill probes
#: and runs first: with `-x` the run stops at the first that fails).
CI_PARITY = ("tests/native/test_parity_harness.py::test_every_skill_probed",
             "tests/native/test_parity_harness.py::test_every_skill_given_in_turn",
             "tests/native/test_native_parity.py::test_parity_over_every_board_and_race")


def apply(mutation: Mutation, root: Path) -> None:
    """Plant `mutation` in the tree at `root` (it must match exactly once)."""
    path = root / mutation.path
    text = path.read_text()
    if text.count(mutation.old) != 1:
        raise SystemExit(f"mutation {mutation.id}: {mutation.old!r} found {text.count(mutation.old)} "
                         f"times in {mutation.path}")
    path.write_text(text.replace(mutation.old, mutation.new))


def _copy_tree(dest: Path) -> None:
    """The working tree's tracked and untracked (not ignored) files, copied to `dest`."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


def _run(cmd: list[str], cwd: Path, timeout: float) -> str:
    """'caught (S s)', 'missed (S s)' or 'timed out (S s)': `cmd` run in `cwd` with its sources
    first on the path, failing, passing or running past `timeout` seconds."""
    env = {**os.environ, "PYTHONPATH": str(cwd / "src"), "NUFFLE_REQUIRE_NATIVE": "1"}
    t0 = time.monotonic()
    try:
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"timed out ({time.monotonic() - t0:.0f} s)"
    verdict = "caught" if done.returncode != 0 else "missed"
    return f"{verdict} ({time.monotonic() - t0:.0f} s)"


#: The control: the same copy, rebuild and runs with nothing planted (it must not be "caught").
CONTROL = Mutation("control", "-", "nothing planted (the unchanged sources)", "", "", "")


def check(mutation: Mutation, native_tests: bool, timeout: float, keep: bool, opt: str) -> dict[str, str]:
    """Plant, rebuild (at optimisation `opt`) and run one mutation; its row of the table."""
    folder = Path(tempfile.mkdtemp(prefix=f"nuffle-mut-{mutation.id}-"))
    try:
        _copy_tree(folder)
        if mutation is not CONTROL:
            apply(mutation, folder)
        setup = folder / "setup.py"
        setup.write_text(setup.read_text().replace('"-O2"', f'"{opt}"', 1))
        build = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=folder,
                               capture_output=True, text=True)
        built = list((folder / "src" / "nuffle").glob("_native*.so"))
        if build.returncode != 0 or not built:
            why = (build.stdout + build.stderr)[-200:]
            return {"id": mutation.id, "parity": "build failed", "native": why}
        pytest = [sys.executable, "-m", "pytest", "-p", "no:xdist", "-q", "-x", "-p", "no:cacheprovider"]
        row = {"id": mutation.id, "parity": _run([*pytest, *CI_PARITY], folder, timeout)}
        row["native"] = _run([*pytest, "tests/native"], folder, timeout) if native_tests else "not run"
        return row
    finally:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="",
                    help="mutation ids, comma-separated, run in that order (default: all)")
    ap.add_argument("--skip-native", action="store_true", help="run only the CI parity configuration")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per test run (default 900)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary copies")
    ap.add_argument("--control", action="store_true",
                    help="first a control: the same copy, rebuild and runs with nothing planted")
    ap.add_argument("--opt", default="-O1",
                    help="the compiler's optimisation for the rebuilds (default -O1: quicker to build "
                         "than the package's -O2; a planted rule bug does not depend on it)")
    args = ap.parse_args()
    by_id = {m.id: m for m in MUTATIONS}
    wanted = [w for w in args.only.split(",") if w]
    unknown = [w for w in wanted if w not in by_id]
    if unknown:
        raise SystemExit(f"unknown mutation {unknown[0]!r}: choose among {', '.join(by_id)}")
    chosen = [by_id[w] for w in wanted] if wanted else list(MUTATIONS)
    if args.control:
        chosen.insert(0, CONTROL)
    print("| mutation | area | planted bug | CI parity | tests/native |")
    print("|---|---|---|---|---|")
    for m in chosen:
        row = check(m, not args.skip_native, args.timeout, args.keep, args.opt)
        print(f"| {m.id} | {m.area} | {m.what} | {row['parity']} | {row['native']} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
