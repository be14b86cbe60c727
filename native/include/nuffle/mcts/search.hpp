// The MCTS loop in C++ (agents/mcts/search.py's `Search`, step for step): UCT or PUCT selection
// in the priors' expansion order, exact chance edges (every outcome when `explore` finds at
// most `exact_limit` states) and sampled ones (with chance steps, so a sequence of outcomes
// seen before needs no engine), transpositions by position, backups with solved nodes, tree
// reuse within a team turn, and the timed loop with its early stop. Every random draw comes
// from the Python search's own `random.Random` stream (PyRandom), and every float is summed in
// the Python order, so a fixed seed and iteration budget give the Python search's tree.
// Leaves are valued by a heuristic and, optionally, random rollouts (rollout.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <ctime>
#include <functional>
#include <limits>
#include <stdexcept>
#include <vector>

#include "nuffle/mcts/lookahead.hpp"
#include "nuffle/mcts/pyrandom.hpp"
#include "nuffle/mcts/rollout.hpp"
#include "nuffle/mcts/store.hpp"
#include "nuffle/mcts/tree.hpp"
#include "nuffle/mcts/values.hpp"
#include "nuffle/transitions.hpp"

namespace nuffle::mcts {

// Called every `Search::POLL` iterations: the binding checks for a signal there (Ctrl-C), and
// throws to end the search.
using Poll = std::function<void()>;

// The monotonic clock `time.perf_counter` reads on Linux, in seconds.
inline double monotonic_seconds() noexcept {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

class Search {
public:
    static constexpr int EARLY_CHECK = 32;  // search.EARLY_CHECK
    static constexpr double EARLY_MARGIN = 1.5;  // search.EARLY_MARGIN
    static constexpr std::size_t KEEP_CHUNKS = 64;  // the state store's chunks kept for the next tree (64 MB)

    static constexpr int POLL = 256;

    Search(Config config, const Board& board, Solver solver, Poll poll = {})
        : cfg_(std::move(config)), b_(board), solver_(std::move(solver)), poll_(std::move(poll)) {
        cfg_.type_prior.resize(256, 1.0);
    }

    PyRandom rng;

    // Search from `view` (a state in a team turn) for `iterations` iterations, or else until
    // `deadline` (monotonic seconds; `start`: when the decision began, for the early stop's
    // rate); returns the iterations run (at least one).
    int run(const State& view, int iterations, double start, double deadline, bool early) {
        if (cfg_.crn && cfg_.rollouts > 0) crn_base_ = rng.bits64();
        root_ = root(view);
        int n = 0;
        while (true) {
            iterate(root_);
            ++n;
            if (poll_ && n % POLL == 0) poll_();
            if (nodes_[static_cast<std::size_t>(root_)].solved) break;
            if (iterations > 0) {
                if (n >= iterations) break;
                continue;
            }
            const double now = monotonic_seconds();
            if (now >= deadline) break;
            if (early && n % EARLY_CHECK == 0 && settled(n / (now - start) * (deadline - now))) break;
        }
        iterations_ = n;
        return n;
    }

    // bot.LookaheadBot.act (lookahead.hpp), with this search's settings and generator.
    int lookahead(const State& view, int limit, int samples) {
        return nuffle::mcts::lookahead(cfg_, b_, view, limit, samples, rng, explored_, solver_, scratch_actions_);
    }

    // --- what the Python side reads (agents/mcts/native_search.py) ---------------------------
    int root_id() const noexcept { return root_; }
    bool reused() const noexcept { return reused_; }
    int iterations() const noexcept { return iterations_; }
    const Node& node(int i) const { return nodes_.at(static_cast<std::size_t>(i)); }
    const Edge& edge(int i) const { return edges_.at(static_cast<std::size_t>(i)); }
    // Node i's state into `out`; false for a leaf kept without one.
    bool state_of(int i, State& out) const {
        const Node& n = node(i);
        if (n.state < 0) return false;
        states_.load(n.state, out);
        return true;
    }
    std::size_t node_count() const noexcept { return nodes_.size(); }
    int table_size() const noexcept { return table_size_; }
    long long visit_sum() const noexcept {
        long long total = 0;
        for (const Node& n : nodes_) {
            if (n.in_table) total += n.visits;
        }
        return total;
    }
    // Forget the tree (the next run starts afresh).
    void clear() {
        nodes_.clear();
        edges_.clear();
        steps_.clear();
        states_.clear(KEEP_CHUNKS);
        index_ = NodeIndex();
        table_size_ = 0;
        has_turn_ = false;
        root_ = -1;
    }

private:
    Node& N(int i) noexcept { return nodes_[static_cast<std::size_t>(i)]; }
    Edge& E(int i) noexcept { return edges_[static_cast<std::size_t>(i)]; }
    int E_slot(int ei) const noexcept { return edges_[static_cast<std::size_t>(ei)].slot; }

    // search._root: the view's node, kept from before when the table is reused in the same turn.
    int root(const State& view) {
        State g = view;
        g.rng = cfg_.canon_rng;
        whole_ = !unused_is_zero(g);
        const TurnKey key = turn_key(g);
        reused_ = false;
        if (cfg_.reuse && has_turn_ && key == turn_) {
            const int found = lookup(g, state_hash(g));
            if (found >= 0) {
                reused_ = true;
                return found;
            }
        }
        clear();
        turn_ = key;
        has_turn_ = true;
        return make_node(g);
    }

    int lookup(const State& s, std::uint64_t h) {
        return index_.find(h, [&](int k) { return states_.same(nodes_[static_cast<std::size_t>(k)].state, s, work_); });
    }

    // search._node: the node of `s` in the table, or a new, evaluated one.
    int make_node(const State& s) {
        const std::uint64_t h = state_hash(s);
        const int found = lookup(s, h);
        if (found >= 0) return found;
        const int side = s.decider;
        const bool final = side == D_NOBODY || turn_key(s) != turn_ || kickoff(s.waiting);
        const int id = static_cast<int>(nodes_.size());
        Node& n = nodes_.emplace_back();
        n.side = static_cast<std::int8_t>(side < 2 ? side : 0);
        n.value = evaluate(s, final, 0);
        n.final = final;
        n.solved = side == D_NOBODY || cfg_.rollouts == 0 ? final : false;
        if (table_size_ < cfg_.max_nodes) {
            n.in_table = true;
            n.state = states_.add(s, whole_);
            index_.add(h, id);
            ++table_size_;
        } else if (!final || cfg_.rollouts > 0) {  // a leaf valued by rollouts is rolled out again
            n.state = states_.add(s, whole_);
        }
        return id;
    }

    bool kickoff(int waiting) const noexcept {
        return waiting >= 0 && waiting < 64 && ((cfg_.kickoff_kinds >> waiting) & 1ULL) != 0;
    }

    // search._prepare: the legal actions with priors, by prior and then the seeded hash of the
    // action in the side's own frame (a stable sort, as Python's).
    void prepare(int id) {
        Node& n = N(id);
        n.prepared = true;
        states_.load(n.state, work_);
        State& s = work_;
        std::vector<Move>& actions = scratch_actions_;
        list_actions(s, b_, actions);
        std::vector<double>& priors = scratch_priors_;
        priors_of(s, b_, n.side, actions, cfg_.heuristic_priors ? &cfg_.type_prior : nullptr, cfg_.move_type, priors);
        std::vector<std::int64_t>& tie = scratch_tie_;
        tie.resize(actions.size());
        for (std::size_t i = 0; i < actions.size(); ++i) tie[i] = salted_hash(cfg_.salt, side_relative(s, b_, n.side, actions[i]));
        std::vector<std::size_t>& order = scratch_order_;
        order.resize(actions.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
            const double px = -priors[x], py = -priors[y];
            if (px != py) return px < py;
            return tie[x] < tie[y];
        });
        n.actions.reserve(order.size());
        n.priors.reserve(order.size());
        for (const std::size_t i : order) {
            n.actions.push_back(actions[i]);
            n.priors.push_back(priors[i]);
        }
        n.edge_at.assign(order.size(), -1);
    }

    // The best expanded edge's value for the side to decide (the node's own with none):
    // Python's max()/min(), the first of equals kept.
    double best_value(const Node& n) const noexcept {
        if (n.edges.empty()) return n.value;
        double best = n.edges[0].value;
        for (std::size_t k = 1; k < n.edges.size(); ++k) {
            const double v = n.edges[k].value;
            if (n.side == 0 ? v > best : v < best) best = v;
        }
        return best;
    }

    // policy.uct_select / puct_select: an action index, or -1 when every edge is solved.
    int select(const Node& n) const {
        const double c = cfg_.c;
        int best = -1;
        double best_score = -std::numeric_limits<double>::infinity();
        if (cfg_.policy == Policy::UCT) {
            if (n.tried < static_cast<int>(n.actions.size())) return n.tried;
            const double log_n = std::log(static_cast<double>(std::max(1, n.visits)));
            const bool away = n.side != 0;
            // the exploration term of the few smallest visit counts, worked out once (most
            // edges of a wide node have been visited once or twice)
            constexpr int MEMO = 8;
            double memo[MEMO + 1];
            unsigned known = 0;
            for (const EdgeStat& e : n.edges) {
                if (e.solved) continue;
                const int v = e.visits > 1 ? e.visits : 1;
                double term;
                if (v <= MEMO) {
                    if ((known >> v & 1U) == 0) {
                        memo[v] = c * std::sqrt(log_n / static_cast<double>(v));
                        known |= 1U << v;
                    }
                    term = memo[v];
                } else {
                    term = c * std::sqrt(log_n / static_cast<double>(v));
                }
                const double score = (away ? -e.value : e.value) + term;
                if (score > best_score) {
                    best = e.index;
                    best_score = score;
                }
            }
            return best;
        }
        const double sqrt_n = std::sqrt(static_cast<double>(std::max(1, n.visits)));
        const double base = own(best_value(n), n.side) - 0.1;
        for (std::size_t i = 0; i < n.priors.size(); ++i) {
            const double prior = n.priors[i];
            const int ei = n.edge_at[i];
            double score;
            if (ei < 0) {
                score = base + c * prior * sqrt_n;
            } else {
                const EdgeStat& e = n.edges[static_cast<std::size_t>(E_slot(ei))];
                if (e.solved) continue;
                score = own(e.value, n.side) + c * prior * sqrt_n / static_cast<double>(1 + e.visits);
            }
            if (score > best_score) {
                best = static_cast<int>(i);
                best_score = score;
            }
        }
        return best;
    }

    // search._iterate: one descent, expansion and backup.
    void iterate(int root) {
        path_.clear();
        seen_.clear();
        seen_.push_back(root);
        int node = root;
        int end = -1;
        while (true) {
            if (N(node).final) {
                end = node;
                break;
            }
            if (!N(node).prepared) prepare(node);
            const int i = select(N(node));
            if (i < 0) {
                N(node).solved = true;
                break;
            }
            const int ei = N(node).edge_at[static_cast<std::size_t>(i)];
            if (ei < 0) {
                path_.emplace_back(node, expand(node, i));
                break;
            }
            const int child = descend(ei);
            path_.emplace_back(node, ei);
            if (child < 0 || std::find(seen_.begin(), seen_.end(), child) != seen_.end()) break;
            seen_.push_back(child);
            if (child == fresh_) {
                N(child).visits += 1;
                break;
            }
            node = child;
        }
        if (end >= 0) {
            if (!N(end).solved) {  // a leaf valued by rollouts: one more rollout refines its mean
                State g;
                states_.load(N(end).state, g);
                const int v = N(end).visits;
                const double value = evaluate(g, true, v + 1);
                N(end).value += (value - N(end).value) / static_cast<double>(v + 2);
            }
            N(end).visits += 1;
        }
        backup();
    }

    void refresh(const Edge& e, EdgeStat& st) {
        double total = 0.0, acc = 0.0;
        if (e.exact && !cfg_.sample_chance) {
            bool solved = true;
            for (std::size_t k = 0; k < e.children.size(); ++k) {
                const Node& c = N(e.children[k]);
                acc += e.probs[k] * c.value;
                total += e.probs[k];
                if (!c.solved) solved = false;
            }
            st.solved = solved;
        } else {
            for (std::size_t k = 0; k < e.children.size(); ++k) {
                const double n = static_cast<double>(e.counts[k]);
                acc += n * N(e.children[k]).value;
                total += n;
            }
            st.solved = false;
        }
        if (total > 0) st.value = acc / total;
    }

    // search._backup
    void backup() {
        for (auto it = path_.rbegin(); it != path_.rend(); ++it) {
            Node& n = N(it->first);
            const Edge& e = E(it->second);
            EdgeStat& st = n.edges[static_cast<std::size_t>(e.slot)];
            st.visits += 1;
            refresh(e, st);
            n.visits += 1;
            n.value = best_value(n);
            if (n.edges.size() == n.actions.size()) {
                bool solved = true;
                for (const EdgeStat& k : n.edges) {
                    if (!k.solved) {
                        solved = false;
                        break;
                    }
                }
                n.solved = solved;
            } else {
                n.solved = false;
            }
        }
    }

    // search._expand: the edge of action `i` with its outcomes (all of them when enumerated).
    int expand(int id, int i) {
        const Move action = N(id).actions[static_cast<std::size_t>(i)];
        const double prior = N(id).priors[static_cast<std::size_t>(i)];
        N(id).tried = std::max(N(id).tried, i + 1);
        State g;
        states_.load(N(id).state, g);
        act_explicit(g, b_, action);
        const int ei = static_cast<int>(edges_.size());
        {
            Edge& e = edges_.emplace_back();
            e.action = action;
            e.slot = static_cast<int>(N(id).edges.size());
            e.prior = prior;
        }
        if (g.decider != D_CHANCE) {
            const int child = make_node(g);
            E(ei).add(child, 1.0);
        } else if (!enumerate(ei, g)) {
            E(ei).exact = false;
            E(ei).after = states_.add(g, whole_);
            const int child = walk(ei);
            Edge& e = E(ei);
            e.counts[e.add(child, 0.0)] += 1;
        }
        N(id).edge_at[static_cast<std::size_t>(i)] = ei;
        N(id).edges.push_back(EdgeStat{0.0, 0, i, ei, false});
        if (cfg_.sample_chance && E(ei).exact) {
            std::vector<char> none(E(ei).probs.size(), 0);
            const int j = pick(E(ei).probs, none);
            E(ei).counts[static_cast<std::size_t>(j)] += 1;
        }
        return ei;
    }

    // An exact edge's outcomes from `explore` (transitions.explore_keyed); false past
    // `exact_limit` states (or with no limit): the edge is sampled.
    bool enumerate(int ei, const State& g) {
        if (cfg_.exact_limit <= 0) return false;
        try {
            explore(g, b_, cfg_.exact_limit, explored_);
        } catch (const TooManyStatesError&) {
            return false;
        }
        const std::size_t n = explored_.states.size();
        const std::vector<double> probs = masses(explored_, solver_);
        std::vector<int> children;
        for (std::size_t k = 0; k < n; ++k) {
            if (explored_.states[k].decider == D_CHANCE || probs[k] == 0.0) continue;
            children.push_back(static_cast<int>(k));
        }
        // the nodes first (make_node may not use `explored_`, but keeps it simple to read)
        for (const int k : children) {
            const int child = make_node(explored_.states[static_cast<std::size_t>(k)]);
            E(ei).add(child, probs[static_cast<std::size_t>(k)]);
        }
        return true;
    }

    // search._pick: an index drawn by probability among those not skipped.
    int pick(const std::vector<double>& probs, const std::vector<char>& skip) {
        double total = 0.0;
        for (std::size_t j = 0; j < probs.size(); ++j) {
            if (!skip[j]) total += probs[j];
        }
        double r = rng.random() * total;
        int last = -1;
        for (std::size_t j = 0; j < probs.size(); ++j) {
            if (skip[j]) continue;
            last = static_cast<int>(j);
            r -= probs[j];
            if (r < 0) return static_cast<int>(j);
        }
        return last;
    }

    // search._descend: the child an iteration goes on to, or -1.
    int descend(int ei) {
        Edge& e = E(ei);
        if (e.exact) {
            // _pick over the outcomes not skipped (solved ones, with chance='expect')
            const bool skip_solved = !cfg_.sample_chance;
            const std::size_t count = e.children.size();
            double total = 0.0;
            bool any = false;
            for (std::size_t k = 0; k < count; ++k) {
                if (skip_solved && N(e.children[k]).solved) continue;
                any = true;
                total += e.probs[k];
            }
            if (!any) return -1;
            fresh_ = -1;
            double r = rng.random() * total;
            std::size_t j = count;
            for (std::size_t k = 0; k < count; ++k) {
                if (skip_solved && N(e.children[k]).solved) continue;
                j = k;
                r -= e.probs[k];
                if (r < 0) break;
            }
            e.counts[j] += 1;
            return e.children[j];
        }
        const std::size_t before = e.children.size();
        const int child = walk(ei);
        Edge& f = E(ei);
        f.counts[f.add(child, 0.0)] += 1;
        fresh_ = f.children.size() > before ? child : -1;
        return child;
    }

    int new_step(const Chance& event) {
        steps_.emplace_back().event = event;
        return static_cast<int>(steps_.size()) - 1;
    }

    // search._walk: the node a sample of a sampled edge's dice leads to; a sequence of outcomes
    // sampled before is followed in the edge's chance steps without the engine.
    int walk(int ei) {
        const int after = E(ei).after;
        const std::uint64_t start = rng.bits63() | 1ULL;
        if (E(ei).chance < 0) {
            const int first = new_step(states_.event(after));
            E(ei).chance = first;
        }
        const int first = E(ei).chance;
        int step = first;
        std::uint64_t r = start;
        while (true) {
            const Outcome o = sample(steps_[static_cast<std::size_t>(step)].event, r);
            const int* nxt = steps_[static_cast<std::size_t>(step)].find(o);
            if (nxt == nullptr) break;
            if (*nxt < 0) return -1 - *nxt;
            step = *nxt;
        }
        const bool room = table_size_ < cfg_.max_nodes;
        State g;
        states_.load(after, g);
        g.rng = start;
        step = first;  // -1 once the steps leave those kept
        Outcome o{};
        while (true) {
            o = sample(g.chance.event, g.rng);
            resolve(g, b_, o, true);
            if (g.decider != D_CHANCE) break;
            const int* nxt = step < 0 ? nullptr : steps_[static_cast<std::size_t>(step)].find(o);
            if (nxt != nullptr) {
                step = *nxt;
                continue;
            }
            if (room) {
                const int made = new_step(g.chance.event);
                steps_[static_cast<std::size_t>(step)].next.emplace_back(o, made);
                step = made;
            } else {
                step = -1;
            }
        }
        g.rng = cfg_.canon_rng;
        const int node = make_node(g);
        if (room) steps_[static_cast<std::size_t>(step)].next.emplace_back(o, -1 - node);
        return node;
    }

    // search._evaluate: a new or revisited leaf's value: the heuristic, or a rollout (with
    // `crn`, the rollout stream numbered `visits`, shared by every leaf of the search).
    double evaluate(const State& s, bool final, int visits) {
        const double own_value = heuristic_value(cfg_.heuristic, s, b_);
        if (s.decider == D_NOBODY || cfg_.rollouts == 0 || !(final || cfg_.rollout_all)) return own_value;
        PyRandom* r = &rng;
        if (cfg_.crn) {
            crn_rng_.seed(static_cast<unsigned __int128>(crn_base_) +
                          static_cast<unsigned __int128>(0x9E3779B97F4A7C15ULL) * static_cast<unsigned __int128>(visits));
            r = &crn_rng_;
        }
        State g = s;
        g.rng = r->bits63() | 1ULL;
        const double end = cfg_.reply ? reply_rollout(cfg_, b_, g, *r, turn_) : random_rollout(cfg_, b_, g, *r);
        return cfg_.mix == 1.0 ? end : cfg_.mix * end + (1.0 - cfg_.mix) * own_value;
    }

    // search.settled: whether `left` more iterations could not change the most visited action.
    bool settled(double left) const {
        int first = 0, second = 0;
        for (const EdgeStat& e : nodes_[static_cast<std::size_t>(root_)].edges) {
            const int v = e.visits;
            if (v > first) {
                second = first;
                first = v;
            } else if (v > second) {
                second = v;
            }
        }
        return first - second > EARLY_MARGIN * left;
    }

    Config cfg_;
    Board b_;
    Solver solver_;
    Poll poll_;
    // vectors: no reference into them is held across a call that adds to them
    std::vector<Node> nodes_;
    std::vector<Edge> edges_;
    std::vector<Step> steps_;
    StateStore states_;
    State work_;  // a node's state, whole, while it is prepared or compared
    NodeIndex index_;
    int table_size_ = 0;
    bool whole_ = false;  // a state not following the zero rule: compare whole states
    bool has_turn_ = false;
    TurnKey turn_{};
    int root_ = -1;
    bool reused_ = false;
    int iterations_ = 0;
    int fresh_ = -1;
    std::uint64_t crn_base_ = 0;  // the common rollout streams' seed, drawn per search (`crn`)
    PyRandom crn_rng_;  // reseeded for each rollout with `crn`
    Explored explored_;
    std::vector<std::pair<int, int>> path_;
    std::vector<int> seen_;
    std::vector<Move> scratch_actions_;  // prepare's working lists
    std::vector<double> scratch_priors_;
    std::vector<std::int64_t> scratch_tie_;
    std::vector<std::size_t> scratch_order_;
};

}  // namespace nuffle::mcts
