// The search's settings (SearchConfig's, and the Python constants the C++ loop shares) and how
// it plays: the legal actions in Python's order, an explicit step, and the random rollouts of
// agents/mcts/evaluation.py (`rollout`, `reply_rollout`), drawing from the same generators.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "nuffle/engine.hpp"
#include "nuffle/mcts/pyrandom.hpp"
#include "nuffle/mcts/values.hpp"

namespace nuffle::mcts {

enum class Policy : std::uint8_t { UCT = 0, PUCT = 1 };

// SearchConfig's settings the C++ loop runs, and the Python constants it shares.
struct Config {
    Policy policy = Policy::UCT;
    double c = 0.4;
    Heuristic heuristic = Heuristic::CLOCK;
    bool sample_chance = false;  // chance='sample'
    int exact_limit = 8;
    bool heuristic_priors = true;
    bool reuse = true;
    int max_nodes = 300000;
    std::vector<double> type_prior;  // per action type (policy._TYPE_PRIOR, else 1.0)
    int move_type = 0;  // ActionType.MOVE
    std::uint64_t kickoff_kinds = 0;  // bit k: DecisionKind k is a set-up or kick-off decision
    std::uint64_t canon_rng = 0;  // search.CANON_RNG
    std::int64_t salt = 0;  // Search.salt
    // rollouts (evaluation.py): random decisions per rollout (0: none), 'reply' (else
    // 'random'), mix, common random numbers, rollout_at='all' (else 'end')
    int rollouts = 0;
    bool reply = true;
    double mix = 0.5;
    bool crn = true;
    bool rollout_all = false;
    int setup_kind = 0;  // DecisionKind.SETUP: a rollout stops there
    int end_action = 0;  // ActionType.END_ACTION and END_TURN: how a reply rollout ends the turn
    int end_turn = 0;
};

// Which team turn a state is in (evaluation.turn_key: half, active side, both turn markers).
using TurnKey = std::array<int, 4>;
inline TurnKey turn_key(const State& s) noexcept { return {s.half, s.active, s.teams[0].turn, s.teams[1].turn}; }

// The legal actions in the order Python's LegalActions lists them (group by group, players
// times squares).
inline void list_actions(State& s, const Board& b, std::vector<Move>& actions) {
    actions.clear();
    for (const Choice& g : legal_actions(s, b)) {
        const std::size_t np = g.players.empty() ? 1 : g.players.size();
        const std::size_t nq = g.squares.empty() ? 1 : g.squares.size();
        for (std::size_t i = 0; i < np; ++i) {
            for (std::size_t j = 0; j < nq; ++j) {
                actions.push_back(Move{static_cast<std::uint8_t>(g.type),
                                       static_cast<std::int8_t>(g.players.empty() ? -1 : g.players[i]),
                                       static_cast<std::int16_t>(g.squares.empty() ? -1 : g.squares[j])});
            }
        }
    }
}

// The engine's step for an action listed by its own legal actions (no second listing to check
// it), stopping at the next decision or chance node.
inline void act_explicit(State& s, const Board& b, const Move& m) {
    Ctx c{s, b};
    s.decider = D_RUNNING;
    act_top(c, Act{m.type, m.player, m.square});
    advance(s, b, true);
}

// evaluation._stops: the game is over or a set-up begins.
inline bool stops(const Config& cfg, const State& s) noexcept { return s.decider > 1 || s.waiting == cfg.setup_kind; }

// A decision taken in a rollout, its dice rolled from the state's generator.
inline void play_sampled(State& s, const Board& b, const Act& a) {
    Ctx c{s, b};
    s.decider = D_RUNNING;
    act_top(c, a);
    advance(s, b, false);
}

// evaluation._random_action: a type, then a player and a square, each uniformly.
inline Act random_action(const Legal& legal, PyRandom& r) {
    const Choice& g = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
    Act a{g.type, -1, -1};
    if (!g.players.empty()) a.player = g.players[r.below(static_cast<std::uint32_t>(g.players.size()))];
    if (!g.squares.empty()) a.square = g.squares[r.below(static_cast<std::uint32_t>(g.squares.size()))];
    return a;
}

// evaluation.rollout: up to `rollouts` random decisions, then the heuristic.
inline double random_rollout(const Config& cfg, const Board& b, State& s, PyRandom& r) {
    for (int k = 0; k < cfg.rollouts && !stops(cfg, s); ++k) play_sampled(s, b, random_action(legal_actions(s, b), r));
    return heuristic_value(cfg.heuristic, s, b);
}

// evaluation.reply_rollout: the searched turn `turn` ends where it stands (ending the action or
// the turn where it can, at random where it cannot), then up to `rollouts` random decisions of
// the next team turn, then the heuristic.
inline double reply_rollout(const Config& cfg, const Board& b, State& s, PyRandom& r, const TurnKey& turn) {
    while (!stops(cfg, s) && turn_key(s) == turn) {
        const Legal legal = legal_actions(s, b);
        const Choice* ending = nullptr;
        for (const int t : {cfg.end_action, cfg.end_turn}) {
            for (const Choice& g : legal) {
                if (g.type == t) {
                    ending = &g;
                    break;
                }
            }
            if (ending != nullptr) break;
        }
        if (ending != nullptr) {
            play_sampled(s, b, Act{ending->type, ending->players.empty() ? -1 : ending->players[0],
                                   ending->squares.empty() ? -1 : ending->squares[0]});
        } else {
            play_sampled(s, b, random_action(legal, r));
        }
    }
    const TurnKey reply = turn_key(s);
    for (int k = 0; k < cfg.rollouts; ++k) {
        if (stops(cfg, s) || turn_key(s) != reply) break;
        play_sampled(s, b, random_action(legal_actions(s, b), r));
    }
    return heuristic_value(cfg.heuristic, s, b);
}

}  // namespace nuffle::mcts
