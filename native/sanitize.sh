#!/usr/bin/env bash
# Builds the native unit tests with AddressSanitizer and UndefinedBehaviorSanitizer and runs
# them. Usage: native/sanitize.sh [BUILD_DIR]   (default native/build/sanitize; CXX picks g++)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/build/sanitize}"
mkdir -p "$out"
"${CXX:-g++}" -std=c++20 -O1 -g -Wall -Wextra -Werror \
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    -I"$here/include" "$here/tests/unit_tests.cpp" -o "$out/unit_tests"
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" UBSAN_OPTIONS="print_stacktrace=1" \
    "$out/unit_tests" "$here/../src/nuffle/data/boards.json"
# the passing, bomb, Throw Team-Mate and Ball & Chain procedures fuzzed (tests/passing_fuzz.cpp)
"${CXX:-g++}" -std=c++20 -O1 -g -Wall -Wextra -Werror \
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    -I"$here/include" "$here/tests/passing_fuzz.cpp" -o "$out/passing_fuzz"
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" UBSAN_OPTIONS="print_stacktrace=1" \
    "$out/passing_fuzz" "$here/../src/nuffle/data/boards.json"
# perf: the native random player and the exact outcomes (tests/perf_fuzz.cpp)
"${CXX:-g++}" -std=c++20 -O1 -g -Wall -Wextra -Werror \
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    -I"$here/include" "$here/tests/perf_fuzz.cpp" -o "$out/perf_fuzz"
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" UBSAN_OPTIONS="print_stacktrace=1" \
    "$out/perf_fuzz" "$here/../src/nuffle/data/boards.json"
