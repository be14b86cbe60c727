// Fuzzes the native passing, bomb, Throw Team-Mate and Ball & Chain procedures without Python:
// random players, skills and weather on every board, one of these procedures pushed with random
// arguments, then driven frame by frame (random legal decisions, sampled dice; the frames it
// pushes run natively too) to the end. Checked: nothing throws but an illegal action (no frame
// stops: every frame is ported), the pitch and the players agree, every run ends. Built and run
// by native/sanitize.sh under AddressSanitizer and UndefinedBehaviorSanitizer.
#include <cstdint>
#include <cstdio>
#include <string>

#include "nuffle/boards_json.hpp"
#include "nuffle/frame_steps.hpp"
#include "nuffle/procs/passing_actions.hpp"
#include "test_support.hpp"

using namespace nuffle;

namespace {

std::uint64_t next(std::uint64_t& x) {
    x = next_state(x);
    return x;
}
int pick(std::uint64_t& x, int n) { return static_cast<int>(next(x) % static_cast<std::uint64_t>(n)); }

bool consistent(const State& s, const Board& b) {
    for (int p = 0; p < s.player_count; ++p) {
        const int sq = s.players[p].square;
        if (sq >= 0 && (!b.on_pitch(sq) || s.grid[sq] != p)) return false;
    }
    for (int sq = 0; sq < b.size; ++sq) {
        const int q = s.grid[sq];
        if (q >= 0 && s.players[q].square != sq) return false;
    }
    return true;
}

const int SKILLS[] = {7, 21, 40, 41, 42, 44, 46, 68, 82, 83, 89, 100, 101, 104, 112, 116, 120, 121, 123};

State random_state(const Board& b, std::uint64_t& x) {
    State s = make_state(b, x);
    const int n = std::min(2 * b.variant.players + 2, MAX_PLAYERS);
    for (int i = 0; i < n; ++i) add_player(s, i % 2, i + 1, 6, 3, 1 + pick(x, 5), 8);
    for (int p = 0; p < n; ++p) {
        if (pick(x, 5) == 0) continue;
        for (int tries = 0; tries < 20; ++tries) {
            const int sq = b.sq(pick(x, b.width), pick(x, b.height));
            if (s.grid[sq] == SQUARE_EMPTY) {
                place_player(s, b, p, sq);
                s.players[p].status = static_cast<std::uint8_t>(1 + pick(x, 3) / 2 * (1 + pick(x, 2)));
                break;
            }
        }
        for (const int k : SKILLS) {
            if (pick(x, 4) == 0) s.players[p].skills[k / 64] |= 1ULL << (k % 64);
        }
        s.players[p].race = static_cast<std::uint8_t>(pick(x, 3));  // Animosity between races
        s.players[p].keywords = static_cast<std::uint8_t>(pick(x, 4));
    }
    s.weather = static_cast<std::uint8_t>(pick(x, 5));
    s.active = static_cast<std::int16_t>(pick(x, 2));
    s.half = 1;
    return s;
}

int standing_player(const State& s, std::uint64_t& x, int side) {
    for (int tries = 0; tries < 40; ++tries) {
        const int p = pick(x, s.player_count);
        if (s.players[p].team == side && s.players[p].square >= 0 &&
            s.players[p].status == static_cast<std::uint8_t>(Status::STANDING)) {
            return p;
        }
    }
    return -1;
}

// Pushes one of the procedures with random arguments; false where none fits.
bool push_random(State& s, const Board& b, std::uint64_t& x) {
    const int pid = standing_player(s, x, s.active);
    if (pid < 0) return false;
    const int sq = s.players[pid].square;
    const int kind = pick(x, 5);
    if (kind == 0 || kind == 1) {
        s.ball = static_cast<std::int16_t>(sq);
        s.ball_state = frames::ball::CARRIED;
    }
    std::vector<int> targets = procs::passing::pass_targets(s, b, pid, procs::passing::allowed_bands(s));
    if (kind == 0 && !targets.empty()) {
        procs::passing::push_pass(s, pid, targets[static_cast<std::size_t>(pick(x, static_cast<int>(targets.size())))],
                               pick(x, 3));
        return true;
    }
    if (kind == 1) {
        push(s, frames::DUMP_OFF).arg[frames::p_dump_off::F_PID] = static_cast<std::int16_t>(pid);
        return true;
    }
    if (kind == 2 && !targets.empty()) {
        Frame& f = push(s, frames::BOMB);
        const int t = targets[static_cast<std::size_t>(pick(x, static_cast<int>(targets.size())))];
        f.arg[frames::p_bomb::F_THROWER] = static_cast<std::int16_t>(pid);
        f.arg[frames::p_bomb::F_TARGET] = f.arg[frames::p_bomb::F_SQ] = static_cast<std::int16_t>(t);
        f.arg[frames::p_bomb::F_HAIL_MARY] = static_cast<std::int16_t>(pick(x, 2));
        f.arg[frames::p_bomb::F_CATCHER] = -1;
        return true;
    }
    if (kind == 3) {
        int adj[8];
        const int n_adj = adjacent_players(s, b, sq, adj);
        for (int i = 0; i < n_adj; ++i) {
            const int q = adj[i];
            if (s.players[q].team != s.active || s.players[q].status != static_cast<std::uint8_t>(Status::STANDING)) continue;
            std::vector<int> near = procs::passing::ttm_targets(s, b, pid);
            namespace ft = frames::p_throw_team_mate;
            Frame& f = push(s, frames::THROW_TEAM_MATE);
            f.arg[ft::F_THROWER] = static_cast<std::int16_t>(pid);
            f.arg[ft::F_THROWN] = static_cast<std::int16_t>(q);
            f.arg[ft::F_TARGET] = static_cast<std::int16_t>(near[static_cast<std::size_t>(pick(x, static_cast<int>(near.size())))]);
            f.arg[ft::F_SPOT] = f.arg[ft::F_STUNNED] = -1;
            return true;
        }
        return false;
    }
    if (kind == 4) {
        static constexpr int AIMS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        const int a = pick(x, 4);
        const int ax = b.xs[static_cast<std::size_t>(sq)] + AIMS[a][0], ay = b.ys[static_cast<std::size_t>(sq)] + AIMS[a][1];
        if (ax < 0 || ax >= b.width || ay < 0 || ay >= b.height) return false;
        namespace fc = frames::p_chain_step;
        Frame& f = push(s, frames::CHAIN_STEP);
        f.arg[fc::F_PID] = static_cast<std::int16_t>(pid);
        f.arg[fc::F_GFI] = static_cast<std::int16_t>(pick(x, 2));
        f.arg[fc::F_DEST] = f.arg[fc::F_VICTIM] = -1;
        ListRef aim = list_field(s, f, fc::F_AIM, fc::F_AIM_AT, 2);
        aim.push_back(AIMS[a][0]);
        aim.push_back(AIMS[a][1]);
        return true;
    }
    return false;
}

// Drives the state until no frame is left; returns false where it did not end.
bool drive(State& s, const Board& b, std::uint64_t& x) {
    for (int step = 0; step < 500; ++step) {
        try {
            run_ported(s, b);
        } catch (const NotPortedError& e) {
            std::fprintf(stderr, "%s\n", e.what());
            return false;  // every frame is ported: no stop
        }
        if (!consistent(s, b)) return false;
        if (s.frame_count == 0) return true;
        if (s.decider == D_RUNNING) {  // another area's frame: popped, with a random result
            pop(s);
            s.ok = static_cast<std::int16_t>(pick(x, 2));
            s.last_die = static_cast<std::int16_t>(1 + pick(x, 6));
        } else if (s.decider == D_CHANCE) {
            resolve_only(s, sample(s.chance.event, s.rng));
        } else {
            const Legal legal = legal_actions(s, b);
            if (legal.empty()) return false;
            const Choice& g = legal[static_cast<std::size_t>(pick(x, static_cast<int>(legal.size())))];
            Act a{g.type, -1, -1};
            if (!g.players.empty()) a.player = g.players[static_cast<std::size_t>(pick(x, static_cast<int>(g.players.size())))];
            if (!g.squares.empty()) a.square = g.squares[static_cast<std::size_t>(pick(x, static_cast<int>(g.squares.size())))];
            act_only(s, b, a);
        }
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    return nuffle_test::run_main(argc, argv, [](const std::string& text) {
        std::uint64_t x = seed_state(7);
        int runs = 0;
        for (const Variant& v : read_variants(text)) {
            const Board b = make_board(v);
            for (int i = 0; i < 400; ++i) {
                State s = random_state(b, x);
                if (!push_random(s, b, x)) continue;
                ++runs;
                CHECK(drive(s, b, x));
            }
        }
        CHECK(runs > 500);
        std::printf("passing fuzz: %d runs\n", runs);
    });
}
