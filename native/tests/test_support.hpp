// What the native test programs (unit_tests.cpp, passing_fuzz.cpp, perf_fuzz.cpp) share: the
// check counters and CHECK, reading the boards file, and their main: usage, an unexpected
// exception failing the run, the "N checks, M failed" line native/sanitize.sh's caller reads.
#pragma once

#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>

namespace nuffle_test {

inline int failures = 0;
inline int checks = 0;

inline void check(bool ok, const char* what, const char* file, int line) {
    ++checks;
    if (!ok) {
        ++failures;
        std::fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    }
}

inline std::string read_file(const char* path) {
    std::ifstream in(path);
    std::stringstream buf;
    buf << in.rdbuf();
    return buf.str();
}

// The main of a test program `PROGRAM PATH/TO/boards.json`: `run` gets the file's text; 0 when
// every check passed, 1 on a failed check or an unexpected exception, 2 on a bad command line.
template <typename Run>
int run_main(int argc, char** argv, Run&& run) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s PATH/TO/boards.json\n", argv[0]);
        return 2;
    }
    try {
        run(read_file(argv[1]));
    } catch (const std::exception& exc) {
        std::fprintf(stderr, "unexpected exception: %s\n", exc.what());
        return 1;
    }
    std::printf("%d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}

}  // namespace nuffle_test

#define CHECK(cond) ::nuffle_test::check((cond), #cond, __FILE__, __LINE__)
