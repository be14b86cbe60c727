// All the native test programs as one (native/sanitize.sh): each file's tests in a namespace of
// its own and its main called in turn, so that a sanitized build compiles the engine once.
// Every header the files include comes first, so that none is included inside a namespace.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "nuffle/board.hpp"
#include "nuffle/boards_json.hpp"
#include "nuffle/chance.hpp"
#include "nuffle/engine.hpp"
#include "nuffle/frame_steps.hpp"
#include "nuffle/paths.hpp"
#include "nuffle/procs/passing_actions.hpp"
#include "nuffle/random_play.hpp"
#include "nuffle/rng.hpp"
#include "nuffle/rules.hpp"
#include "nuffle/script.hpp"
#include "nuffle/setup_plan.hpp"
#include "nuffle/state.hpp"
#include "nuffle/step_events.hpp"
#include "nuffle/transitions.hpp"
#include "test_support.hpp"

namespace unit_tests_program {
#include "unit_tests.cpp"
}  // namespace unit_tests_program

namespace passing_fuzz_program {
#include "passing_fuzz.cpp"
}  // namespace passing_fuzz_program

namespace perf_fuzz_program {
#include "perf_fuzz.cpp"
}  // namespace perf_fuzz_program

namespace vecparts_fuzz_program {
#include "vecparts_fuzz.cpp"
}  // namespace vecparts_fuzz_program

int main(int argc, char** argv) {
    int status = 0;
    for (auto* program : {&unit_tests_program::main, &passing_fuzz_program::main, &perf_fuzz_program::main,
                          &vecparts_fuzz_program::main}) {
        const int code = program(argc, argv);
        if (code != 0) status = code;
    }
    return status;
}
