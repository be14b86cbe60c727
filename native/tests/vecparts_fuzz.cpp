// The batched environments' parts without Python, on every board: whole random games with the
// set-ups planned by a SetupPlanner for both sides (formations made up here: the own half's
// squares, line of scrimmage first) and an EventTracker per side fed after every decision.
// Checked: the planner's every action is legal and each set-up ends; the games end; each
// side's touchdowns and touchdowns against add up to the score; the result is counted once
// (win for one side, loss for the other, or a draw for both); a reward is the weighted sum.
// Equality with the Python references is tests/native/test_native_step_events.py's and
// test_native_setup_plan.py's. Built and run by native/sanitize.sh under AddressSanitizer and
// UndefinedBehaviorSanitizer.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "nuffle/boards_json.hpp"
#include "nuffle/random_play.hpp"
#include "nuffle/setup_plan.hpp"
#include "nuffle/step_events.hpp"
#include "test_support.hpp"

using namespace nuffle;

namespace {

// A fresh match on `b`: full rosters of plain players (a few with Block or Loner), the Match frame.
State new_match(const Board& b, std::uint64_t seed) {
    State s = make_state(b, seed_state(seed));
    for (int side = 0; side < 2; ++side) {
        for (int i = 0; i < b.variant.roster_size; ++i) {
            const int p = add_player(s, side, i + 1, 5 + i % 3, 2 + i % 3, 2 + i % 2, 8);
            if (i % 4 == 1) s.players[p].skills[0] |= 1ULL << frames::skill::BLOCK;
            if (i % 5 == 2) s.players[p].skills[frames::skill::LONER / 64] |= 1ULL << (frames::skill::LONER % 64);
        }
        s.teams[side].spec_rerolls = 2;
    }
    push_frame(s, frames::MATCH, 0);
    return s;
}

// A made-up formation for the home side: the pitch's allowance of the home half's squares
// outside the wide zones, the column at the half line first, the middle rows first.
setup_plan::Formation made_up(const Board& b) {
    setup_plan::Formation f;
    const Variant& v = b.variant;
    for (int x = b.width / 2 - 1; x >= 0; --x) {
        for (int k = 0; k < b.height; ++k) {
            const int y = b.height / 2 + (k % 2 == 0 ? k / 2 : -(k + 1) / 2);
            if (y < v.wide_rows || y >= b.height - v.wide_rows || y < 0 || y >= b.height) continue;
            if (static_cast<int>(f.size()) < v.pitch_max) f.emplace_back(x, y);
        }
    }
    return f;
}

void test_planned_games(const std::string& text) {
    int games = 0, setups = 0, placements = 0, scored = 0;
    for (const Variant& v : read_variants(text)) {
        const Board b = make_board(v);
        const setup_plan::Formations named{{"a", made_up(b)}, {"scripted", made_up(b)}};
        const rewards::Reward ffai_like({{rewards::WIN, 5.0}, {rewards::TOUCHDOWNS, 4.0},
                                         {rewards::BALL_PROGRESS, 1.0}, {rewards::KNOCKDOWNS, 2.0}});
        for (std::uint64_t game = 0; game < 4; ++game) {
            State s = new_match(b, game + 11);
            EventLog log;
            const LogScope scope(s, log);
            advance(s, b, false);
            setup_plan::SetupPlanner planners[2] = {{b, named, named}, {b, named, named}};
            rewards::EventTracker trackers[2] = {{s, b, log, HOME}, {s, b, log, AWAY}};
            rewards::StepEvents totals[2];
            std::uint64_t r = seed_state(game + 5);
            int in_setup = 0;
            long n = 0;
            for (; n < 200000 && (s.decider == D_HOME || s.decider == D_AWAY); ++n) {
                const int actor = s.decider;
                const Legal legal = legal_actions(s, b);
                Act a;
                if (s.waiting == frames::dk::SETUP) {
                    a = planners[actor].act(s, legal);
                    CHECK(std::any_of(legal.begin(), legal.end(), [&](const Choice& g) { return allows(g, a); }));
                    placements += a.type == frames::at::PLACE_PLAYER;
                    setups += a.type == frames::at::END_SETUP;
                    CHECK(++in_setup < 200);
                    if (in_setup >= 200) break;
                } else {
                    in_setup = 0;
                    a = random_act(legal, r);
                }
                step(s, b, a, false);
                for (int side = 0; side < 2; ++side) {
                    rewards::StepEvents e;
                    trackers[side].after(s, log, actor, a.type, e);
                    for (int k = 0; k < rewards::EVENT_COUNT; ++k) {  // counts never fall; progress may
                        CHECK(e.v[static_cast<std::size_t>(k)] >= 0.0 || k == rewards::BALL_PROGRESS);
                    }
                    totals[side].add(e);
                    const double want = 5.0 * e[rewards::WIN] + 4.0 * e[rewards::TOUCHDOWNS] +
                                        1.0 * e[rewards::BALL_PROGRESS] + 2.0 * e[rewards::KNOCKDOWNS];
                    CHECK(ffai_like(e) == want);
                }
            }
            CHECK(s.decider == D_NOBODY);
            for (int side = 0; side < 2; ++side) {
                trackers[side].finish(s, totals[side]);
                CHECK(totals[side][rewards::TOUCHDOWNS] == s.teams[side].score);
                CHECK(totals[side][rewards::TOUCHDOWNS_AGAINST] == s.teams[1 - side].score);
                CHECK(totals[side][rewards::WIN] + totals[side][rewards::LOSS] + totals[side][rewards::DRAW] == 1.0);
            }
            CHECK(totals[0][rewards::WIN] == totals[1][rewards::LOSS] && totals[0][rewards::DRAW] == totals[1][rewards::DRAW]);
            scored += s.teams[0].score + s.teams[1].score;
            ++games;
        }
    }
    CHECK(games > 10 && setups > 4 * games && placements > setups && scored > 0);
    std::printf("planned games: %d, %d set-ups (%d placements), %d touchdowns\n", games, setups, placements, scored);
}

void test_refusals(const std::string& text) {
    const Board b = make_board(read_variants(text).front());
    bool threw = false;
    try {
        rewards::Reward bad({{rewards::EVENT_COUNT, 1.0}});
    } catch (const std::invalid_argument&) {
        threw = true;
    }
    CHECK(threw);
    threw = false;
    try {
        (void)rewards::event_index("goals");
    } catch (const std::invalid_argument& e) {
        threw = std::string(e.what()).find("'goals'") != std::string::npos;
    }
    CHECK(threw && rewards::event_index("ball_gained") == rewards::BALL_GAINED);
    // a planner with no defence formations refuses to plan a kicking set-up, naming the board
    setup_plan::SetupPlanner none(b, {}, {});
    State s = new_match(b, 1);
    EventLog log;
    const LogScope scope(s, log);
    advance(s, b, false);
    std::uint64_t r = seed_state(1);
    while (s.waiting != frames::dk::SETUP && (s.decider == D_HOME || s.decider == D_AWAY)) {
        step(s, b, random_act(legal_actions(s, b), r), false);
    }
    threw = false;
    try {
        (void)none.act(s, legal_actions(s, b));
    } catch (const std::invalid_argument& e) {
        threw = std::string(e.what()).find("formations for board") != std::string::npos;
    }
    CHECK(threw);
}

}  // namespace

int main(int argc, char** argv) {
    return nuffle_test::run_main(argc, argv, [](const std::string& text) {
        test_planned_games(text);
        test_refusals(text);
    });
}
