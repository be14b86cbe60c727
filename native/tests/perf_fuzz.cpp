// The native random player and the exact outcomes without Python, on every board: whole random
// games (play_random), and at random decisions of random games the outcomes of a random legal
// action (explore). Checked: every game ends (no frame stops one: every frame is ported);
// the same seed plays the same game; the outcomes' probabilities are positive and sum to
// exactly 1; no result is a chance node; the explored start is left alone. Built and run by
// native/sanitize.sh under AddressSanitizer and UndefinedBehaviorSanitizer.
#include <cstdint>
#include <cstddef>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "nuffle/boards_json.hpp"
#include "nuffle/random_play.hpp"
#include "nuffle/transitions.hpp"
#include "test_support.hpp"

using namespace nuffle;

namespace {

// A fresh match on `b`: full rosters of plain players, the Match frame pushed.
State new_match(const Board& b, std::uint64_t seed) {
    State s = make_state(b, seed_state(seed));
    for (int side = 0; side < 2; ++side) {
        for (int i = 0; i < b.variant.roster_size; ++i) add_player(s, side, i + 1, 6, 3, 3, 8);
        s.teams[side].spec_rerolls = 2;
    }
    push_frame(s, frames::MATCH, 0);
    return s;
}

void test_random_games(const std::string& text) {
    int complete = 0, stopped = 0;
    for (const Variant& v : read_variants(text)) {
        const Board b = make_board(v);
        for (std::uint64_t game = 0; game < 3; ++game) {
            State s = new_match(b, game + 1);
            State again = clone(s);
            const RandomGame r = play_random(s, b, game + 7, 20000);
            const RandomGame r2 = play_random(again, b, game + 7, 20000);
            CHECK(r.decisions == r2.decisions && r.score[0] == r2.score[0] && r.score[1] == r2.score[1]);
            CHECK(same_state(s, again));
            CHECK(r.complete && r.stopped.empty());
            if (!r.stopped.empty()) std::fprintf(stderr, "stopped: %s\n", r.stopped.c_str());
            if (r.complete) {
                CHECK(s.decider == D_NOBODY);
                ++complete;
            } else {
                ++stopped;
            }
        }
        State s = new_match(b, 99);
        const RandomGame cut = play_random(s, b, 1, 3);
        CHECK(!cut.complete && cut.stopped == "decision limit" && cut.decisions == 3);
    }
    CHECK(complete > 5 && stopped == 0);
    std::printf("random games: %d complete, %d stopped\n", complete, stopped);
}

void test_outcomes(const std::string& text) {
    int explored = 0, branching = 0;
    std::uint64_t r = seed_state(5);
    for (const Variant& v : read_variants(text)) {
        const Board b = make_board(v);
        State s = new_match(b, 3);
        try {
            advance(s, b, false);
            for (int n = 0; n < 400 && (s.decider == D_HOME || s.decider == D_AWAY); ++n) {
                const Legal legal = legal_actions(s, b);
                const Act a = random_act(legal, r);
                if (n % 3 == 0) {
                    State start = clone(s);
                    step(start, b, a, true);
                    {
                        const State before = clone(start);
                        Explored ex;
                        explore(start, b, 100000, ex);
                        CHECK(same_state(before, start));
                        if (ex.solved) {
                            Ratio total{0, 1};
                            int results = 0;
                            for (std::size_t i = 0; i < ex.states.size(); ++i) {
                                if (ex.states[i].decider == D_CHANCE) continue;
                                CHECK(ex.mass[i].num > 0);
                                CHECK(ratio_add(total, ex.mass[i], total));
                                ++results;
                            }
                            CHECK(total.num == 1 && total.den == 1);
                            ++explored;
                            branching += results > 1;
                        }
                    }
                }
                step(s, b, a, false);
            }
        } catch (const NotPortedError& e) {
            std::fprintf(stderr, "%s\n", e.what());
            CHECK(false);  // every frame is ported
        }
    }
    CHECK(explored > 50);
    CHECK(branching > 2);  // most random decisions (set-ups, declarations) meet no dice
    std::printf("outcomes: %d actions explored, %d with several results\n", explored, branching);
}

// The exploration written plainly, as it was before its storage and comparisons were made
// cheap: whole copies, positions told apart by their whole key bytes (a map of them), a log
// copied per state. `explore` must give the same states (byte for byte), edges, masses and logs.
struct PlainExplored {
    std::vector<State> states;
    std::vector<std::vector<std::pair<Probability, int>>> edges;
    std::vector<EventLog> logs;
};

// A state's key bytes (GameState.key(): all but the fans, the match records and what follows the grid).
std::string key_bytes(const State& s) {
    const auto* p = reinterpret_cast<const char*>(&s);
    std::string key;
    for (const auto& [begin, end] : KEY_HEAD) key.append(p + begin, end - begin);
    const std::size_t b_begin = offsetof(State, pstats) + sizeof(State::pstats);
    key.append(p + b_begin, offsetof(State, grid) + sizeof(State::grid) - b_begin);
    return key;
}

// False past `limit` states (such starts are not compared: kick-offs reach tens of thousands).
bool plain_explore(const State& start, const Board& b, const EventLog& start_log, PlainExplored& out,
                   std::size_t limit = 2000) {
    std::map<std::string, int> seen{{key_bytes(start), 0}};
    out.states.push_back(clone(start));
    out.edges.emplace_back();
    out.logs.push_back(start_log);
    std::vector<int> todo{0};
    while (!todo.empty()) {
        const int i = todo.back();
        todo.pop_back();
        if (out.states[static_cast<std::size_t>(i)].decider != D_CHANCE) continue;
        const Chance ev = out.states[static_cast<std::size_t>(i)].chance.event;
        for (const WeightedOutcome& w : grouped_outcomes(ev.kind, ev.n, ev.group, out.states[static_cast<std::size_t>(i)].ruleset)) {
            State child = clone(out.states[static_cast<std::size_t>(i)]);
            EventLog log = out.logs[static_cast<std::size_t>(i)];
            {
                const LogScope scope(child, log);
                resolve(child, b, w.outcome, true);
            }
            const auto [it, added] = seen.emplace(key_bytes(child), static_cast<int>(out.states.size()));
            if (added) {
                if (out.states.size() >= limit) return false;
                out.states.push_back(child);
                out.edges.emplace_back();
                out.logs.push_back(log);
                todo.push_back(it->second);
            }
            out.edges[static_cast<std::size_t>(i)].push_back({w.p, it->second});
        }
    }
    return true;
}

// `explore` (its storage reused from call to call, as the binding reuses it) against the plain
// exploration, from every chance node of random games played with explicit dice (the next
// outcome drawn from the game's generator): the same states in the same order, byte for byte,
// the same edges and the same logs; the masses sum to 1. Some starts get stray bytes in an
// unused frame (not the zero rule: whole copies then); `track` on and off.
void test_outcomes_match_plain(const std::string& text) {
    int compared = 0, states = 0, branching = 0, stray_starts = 0, skipped = 0;
    std::uint64_t r = seed_state(17);
    Explored ex;  // reused
    for (const Variant& v : read_variants(text)) {
        const Board b = make_board(v);
        for (std::uint64_t game = 0; game < 6; ++game) {
            State s = new_match(b, 11 + game);
            advance(s, b, true);
            for (int n = 0; n < 6000 && s.decider != D_NOBODY; ++n) {
                if (s.decider != D_CHANCE) {
                    Act a;  // set-ups by the random player's rule (random placements seldom make one)
                    if (s.stack[s.frame_count - 1].proc != frames::SETUP || !random_setup_act(s, b, r, a)) {
                        a = random_act(legal_actions(s, b), r);
                    }
                    step(s, b, a, true);
                    continue;
                }
                State start = clone(s);
                const bool stray = n % 7 == 0 && start.frame_count < MAX_FRAMES;
                if (stray) start.stack[MAX_FRAMES - 1].arg[0] = 7;  // not the zero rule: whole copies
                CHECK(unused_is_zero(start) == !stray);
                stray_starts += stray;
                const EventLog start_log{{frames::ev::DECISION, 1, 2, 3}};
                PlainExplored plain;
                if (!plain_explore(start, b, start_log, plain)) {
                    ++skipped;
                } else {
                    const bool track = n % 3 != 0;
                    explore(start, b, 100000, ex, track ? &start_log : nullptr);
                    CHECK(ex.states.size() == plain.states.size());
                    Ratio total{0, 1};
                    for (std::size_t i = 0; i < plain.states.size() && i < ex.states.size(); ++i) {
                        CHECK(same_state(ex.states[i], plain.states[i]));
                        const auto edges = ex.edges(i);
                        CHECK(edges.size() == plain.edges[i].size());
                        for (std::size_t e = 0; e < edges.size() && e < plain.edges[i].size(); ++e) {
                            CHECK(edges[e].p == plain.edges[i][e].first && edges[e].to == plain.edges[i][e].second);
                        }
                        if (track) CHECK(log_of(ex, static_cast<int>(i)) == plain.logs[i]);
                        if (ex.solved && plain.states[i].decider != D_CHANCE) CHECK(ratio_add(total, ex.mass[i], total));
                    }
                    if (ex.solved) CHECK(total.num == 1 && total.den == 1);
                    ++compared;
                    states += static_cast<int>(plain.states.size());
                    branching += plain.states.size() > 3;
                }
                resolve(s, b, sample(s.chance.event, s.rng), true);
            }
        }
    }
    CHECK(compared > 1000 && branching > 500 && stray_starts > 100 && skipped < compared / 4);
    std::printf("outcomes against the plain exploration: %d chance nodes (%d with more than 3 states), %d states; "
                "%d past 2,000 states not compared\n", compared, branching, states, skipped);
}

}  // namespace

int main(int argc, char** argv) {
    return nuffle_test::run_main(argc, argv, [](const std::string& text) {
        test_random_games(text);
        test_outcomes(text);
        test_outcomes_match_plain(text);
    });
}
