#!/usr/bin/env bash
# Builds the native code with AddressSanitizer and UndefinedBehaviorSanitizer and runs its tests.
# Usage: native/sanitize.sh [BUILD_DIR]   the C++ unit tests (default native/build/sanitize; CXX picks g++)
#        native/sanitize.sh --python [BUILD_DIR [PYTEST ARGS...]]
#            the extension nuffle._native built with the same sanitizers into BUILD_DIR (default
#            native/build/sanitize-python; a copy of the package beside it), and the tests at the
#            Python boundary run on it: the fuzz tests (mutated positions among them), the event log
#            and a few parity games of each kind (PYTHON picks the interpreter; python with libasan
#            preloaded, leaks not reported)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
SAN=(-std=c++20 -g1 -Wall -Wextra -Werror
     -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
if [ "${1:-}" = "--python" ]; then
    shift
    out="${1:-$here/build/sanitize-python}"
    [ $# -gt 0 ] && shift
    py="${PYTHON:-python}"
    mkdir -p "$out"
    out="$(cd "$out" && pwd)"
    rm -rf "$out/nuffle"
    cp -r "$here/../src/nuffle" "$out/nuffle"  # the package, its extension replaced by the sanitized one
    rm -f "$out"/nuffle/_native*.so "$out/nuffle/_native_build_error.txt"
    suffix="$("$py" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')"
    pyinc="$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
    pbinc="$("$py" -c 'import pybind11; print(pybind11.get_include())')"
    # -O0: the boundary tests run for seconds, the whole module compiles for minutes (-O1 about
    # twice as long to build, the tests a third faster)
    "${CXX:-g++}" "${SAN[@]}" -O0 -ffp-contract=off -fvisibility=hidden -fPIC -shared \
        -I"$here/include" -I"$pyinc" -isystem "$pbinc" "$here/src/module.cpp" -o "$out/nuffle/_native$suffix"
    # libasan first; libstdc++ with it, or ASan cannot find the C++ runtime's __cxa_throw to intercept
    # (python itself does not load libstdc++)
    preload="$("${CXX:-g++}" -print-file-name=libasan.so) $("${CXX:-g++}" -print-file-name=libstdc++.so)"
    cd "$here/.."
    tests=(tests/native/test_native_fuzz.py tests/native/test_native_bridge_fuzz.py
           tests/native/test_native_boundary_fuzz.py tests/native/test_native_evlog.py
           "tests/native/test_native_parity.py::test_a_few_games_of_every_kind"
           "tests/native/test_native_position_fuzz.py::test_mutated_positions_load_alike_on_both_engines")
    [ $# -gt 0 ] && tests=("$@")
    # the interpreter's own allocations at exit are not ours: leaks are not reported
    export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}" UBSAN_OPTIONS="print_stacktrace=1"
    export PYTHONPATH="$out" NUFFLE_REQUIRE_NATIVE=1
    LD_PRELOAD="$preload" "$py" -c 'import nuffle._native as n; print("sanitized extension:", n.__file__)'
    LD_PRELOAD="$preload" "$py" -m pytest -q -p no:cacheprovider -n 0 "${tests[@]}"
    exit
fi
out="${1:-$here/build/sanitize}"
mkdir -p "$out"
# The test programs: unit_tests.cpp; passing_fuzz.cpp (the passing, bomb, Throw Team-Mate and
# Ball & Chain procedures fuzzed); perf_fuzz.cpp (the native random player and the exact
# outcomes); vecparts_fuzz.cpp (the batched environments' parts: reward events and the scripted
# set-up). Each builds on its own; here they are built as one program (tests/all_tests.cpp, each
# file's tests in a namespace of its own), so that the sanitized engine is compiled once.
# -O1: the unit tests' million checks run three times as long at -O0
"${CXX:-g++}" "${SAN[@]}" -O1 -I"$here/include" "$here/tests/all_tests.cpp" -o "$out/all_tests"
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" UBSAN_OPTIONS="print_stacktrace=1" \
    "$out/all_tests" "$here/../src/nuffle/data/boards.json"
