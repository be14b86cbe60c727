// The environments' observation (envs/observation.py) in C++: the spatial layers, the
// non-spatial features and the decision one-hot of a native state seen by one side, written
// into buffers the caller owns.
//
// Nothing here fixes the order of the layers or features: the encoder is built from the names
// of envs/features.py (and the layout tables of envs/layout.py), handed over by
// envs/native_encoder.py; each name is resolved to what computes it, and a name this file does
// not compute, or a computation whose name is missing, is refused when the encoder is built. The
// rules are the engine's: who exerts a tackle zone (`exerts_tz`), who is marked
// (`tackle_zones`), who assists while marked (`assists_when_marked`), the decision
// (`decision_detail`) and the legal actions (mask.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "nuffle/engine.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::encode {

// Board squares seen by one side (envs/layout.SideLayout): per flat square its canonical
// cell (-1 off the pitch), its canonical column (0 off the pitch) and its codec square target.
struct SideGeometry {
    std::vector<int> cell, col, target;
};

// What builds an encoder: the names of the layers and features in their order, the enum
// families by (value, name), and the canonical geometry of both sides.
struct Spec {
    std::vector<std::string> layers, features;
    int n_decisions = 0;  // the decision one-hot's length (kinds at or above it: all zeros)
    std::vector<std::pair<int, std::string>> weather, ball_states, acting_kinds;
    std::vector<int> moving_kinds;  // the player action types with movement (safe reach)
    // key skills: (skill id, its layer's name, its acting-player feature's name)
    std::vector<std::pair<int, std::pair<std::string, std::string>>> key_skills;
    // BB2020's layout (envs/ruleset_layout.py): per Prayer to Nuffle (its bit, own feature, opposing feature)
    std::vector<std::pair<int, std::pair<std::string, std::string>>> prayers;
    std::array<SideGeometry, 2> geometry;
};

// Names to indices, each name taken once; `finish` refuses a name nobody took.
class Names {
public:
    Names(const std::vector<std::string>& names, const char* what) : names_(names), taken_(names.size()), what_(what) {}
    int take(const std::string& name) {
        const auto it = std::find(names_.begin(), names_.end(), name);
        if (it == names_.end()) {
            throw std::invalid_argument(std::string("the native encoder writes ") + what_ + " '" + name +
                                        "', which envs/features.py does not list");
        }
        const auto i = static_cast<std::size_t>(it - names_.begin());
        if (taken_[i]) throw std::invalid_argument(std::string(what_) + " '" + name + "' is named twice");
        taken_[i] = true;
        return static_cast<int>(i);
    }
    // The index of `name`, or -1 where the layout has none (BB2020's layers and features).
    int maybe(const std::string& name) {
        return std::find(names_.begin(), names_.end(), name) == names_.end() ? -1 : take(name);
    }
    std::array<int, 2> pair(const std::string& stem) { return {take(stem + "_own"), take(stem + "_opp")}; }
    std::array<int, 2> pair_front(const std::string& stem) { return {take("own_" + stem), take("opp_" + stem)}; }
    void finish() const {
        for (std::size_t i = 0; i < names_.size(); ++i) {
            if (!taken_[i]) {
                throw std::invalid_argument(std::string("the native encoder does not compute ") + what_ + " '" +
                                            names_[i] + "' of envs/features.py: add it to native/include/nuffle/encode.hpp");
            }
        }
    }

private:
    const std::vector<std::string>& names_;
    std::vector<bool> taken_;
    const char* what_;
};

// Where each layer and feature goes; [0] is the observer's, [1] the opponent's.
struct Slots {
    // spatial layers
    std::array<int, 2> players{}, standing{}, prone{}, stunned{}, used{}, tz{}, assists{};
    int no_tz = 0, carrier = 0, active = 0, ma = 0, st = 0, ag = 0, av = 0, ball = 0;
    int own_end = 0, opp_end = 0, own_half = 0, legal = 0, safe = 0, move_left = 0;
    std::vector<std::pair<int, int>> skill_layers, acting_skills;  // (skill id, index)
    int pa = -1, jump = -1, acting_pa = -1;  // BB2020's layout only (-1: not in the layout)
    std::vector<std::pair<int, std::array<int, 2>>> prayers;  // (bit, own and opposing feature)
    // non-spatial features
    std::array<int, 2> score{}, turn{}, rerolls{}, reroll_used{}, leader{}, bribes{}, apothecary{};
    std::array<int, 2> blitz_used{}, pass_used{}, handoff_used{}, foul_used{}, has_ball{};
    std::array<int, 2> on_pitch{}, reserves{}, ko{}, cas{};
    int first_half = 0, second_half = 0, own_team_turn = 0, own_kicking = 0, own_kicked_first = 0;
    int ball_x = 0, ball_y = 0, ball_in_own_half = 0;
    int acting = 0, acting_own = 0, acting_ma = 0, acting_st = 0, acting_ag = 0, acting_av = 0;
    int acting_moves_left = 0, acting_has_ball = 0;
    std::vector<int> weather, ball_state, acting_kind;  // enum value -> feature index, -1 none
    std::vector<bool> moving;  // action type -> a moving action
};

inline std::vector<int> family(Names& names, const std::vector<std::pair<int, std::string>>& members) {
    std::vector<int> out;
    for (const auto& [value, name] : members) {
        if (value < 0 || value > 255) throw std::invalid_argument("enum value " + std::to_string(value) + " is out of range");
        if (static_cast<int>(out.size()) <= value) out.resize(static_cast<std::size_t>(value) + 1, -1);
        out[static_cast<std::size_t>(value)] = names.take(name);
    }
    return out;
}

inline Slots resolve(const Spec& spec) {
    Slots o;
    Names l(spec.layers, "layer");
    o.players = l.pair_front("players");
    o.standing = l.pair_front("standing");
    o.prone = l.pair_front("prone");
    o.stunned = l.pair_front("stunned");
    o.used = l.pair_front("used");
    o.no_tz = l.take("no_tackle_zone");
    o.carrier = l.take("ball_carrier");
    o.active = l.take("active_player");
    o.ma = l.take("ma");
    o.st = l.take("st");
    o.ag = l.take("ag");
    o.av = l.take("av");
    o.ball = l.take("ball");
    o.tz = l.pair_front("tackle_zones");
    o.assists = l.pair_front("assists");
    o.own_end = l.take("own_end_zone");
    o.opp_end = l.take("opp_end_zone");
    o.own_half = l.take("own_half");
    o.legal = l.take("legal_cells");
    o.safe = l.take("safe_reach");
    o.move_left = l.take("movement_left");
    Names f(spec.features, "feature");
    for (const auto& [skill, names] : spec.key_skills) {
        o.skill_layers.emplace_back(skill, l.take(names.first));
        o.acting_skills.emplace_back(skill, f.take(names.second));
    }
    o.pa = l.maybe("pa");
    o.jump = l.maybe("jump_over");
    l.finish();
    o.acting_pa = f.maybe("acting_pa");
    for (const auto& [bit, names] : spec.prayers) {
        if (bit < 0 || bit > 15) throw std::invalid_argument("prayer bit " + std::to_string(bit) + " is out of range");
        o.prayers.push_back({bit, {f.take(names.first), f.take(names.second)}});
    }
    o.score = f.pair("score");
    o.first_half = f.take("first_half");
    o.second_half = f.take("second_half");
    o.turn = f.pair("turn");
    o.own_team_turn = f.take("own_team_turn");
    o.rerolls = f.pair("rerolls");
    o.reroll_used = f.pair("reroll_used");
    o.leader = f.pair("leader");
    o.bribes = f.pair("bribes");
    o.apothecary = f.pair("apothecary");
    o.weather = family(f, spec.weather);
    o.own_kicking = f.take("own_kicking");
    o.own_kicked_first = f.take("own_kicked_first");
    o.blitz_used = f.pair("blitz_used");
    o.pass_used = f.pair("pass_used");
    o.handoff_used = f.pair("handoff_used");
    o.foul_used = f.pair("foul_used");
    o.ball_state = family(f, spec.ball_states);
    o.has_ball = f.pair_front("has_ball");
    o.ball_x = f.take("ball_x");
    o.ball_y = f.take("ball_y");
    o.ball_in_own_half = f.take("ball_in_own_half");
    o.on_pitch = f.pair("on_pitch");
    o.reserves = f.pair("reserves");
    o.ko = f.pair("ko");
    o.cas = f.pair("cas");
    o.acting = f.take("acting");
    o.acting_own = f.take("acting_own");
    o.acting_ma = f.take("acting_ma");
    o.acting_st = f.take("acting_st");
    o.acting_ag = f.take("acting_ag");
    o.acting_av = f.take("acting_av");
    o.acting_moves_left = f.take("acting_moves_left");
    o.acting_has_ball = f.take("acting_has_ball");
    o.acting_kind = family(f, spec.acting_kinds);
    f.finish();
    for (const int t : spec.moving_kinds) {
        if (t < 0 || t > 255) throw std::invalid_argument("action type " + std::to_string(t) + " is out of range");
        if (static_cast<int>(o.moving.size()) <= t) o.moving.resize(static_cast<std::size_t>(t) + 1, false);
        o.moving[static_cast<std::size_t>(t)] = true;
    }
    return o;
}

// min(v, 1.0) as the Python encoder computes it (in double), then as a float32.
inline float capped(double v) noexcept { return static_cast<float>(std::min(v, 1.0)); }

// The spatial entries an observation set in a buffer it keeps writing (a batched
// environment's row), so the next observation clears only those, not the whole buffer.
struct Written {
    std::vector<int> at;  // at[0, n): offsets set since the buffer was cleared (the constant layers excepted)
    std::size_t n = 0;
    bool primed = false;  // the buffer holds a whole observation, the constant layers included
};

// Where an observation's spatial entries go: `set` writes an entry and, when recording, notes
// the offset of every nonzero value it writes (without reading the entry: the caller's buffer
// is cold, and clearing an offset twice costs nothing).
class Sink {
public:
    Sink(float* spatial, int hw, Written* w) noexcept : sp_(spatial), hw_(hw), w_(w) {
        if (w != nullptr) {
            buf_ = w->at.data();
            cap_ = w->at.size();
        }
    }
    void set(int layer, int c, float v) {
        const int off = layer * hw_ + c;
        sp_[off] = v;
        if (w_ != nullptr && v != 0.0F) {
            if (w_->n == cap_) grow();
            buf_[w_->n++] = off;
        }
    }

private:
    [[gnu::noinline]] void grow() {
        w_->at.resize(std::max<std::size_t>(64, 2 * cap_));
        buf_ = w_->at.data();
        cap_ = w_->at.size();
    }
    float* sp_;
    int hw_;
    Written* w_;
    int* buf_ = nullptr;
    std::size_t cap_ = 0;
};

// The observation of one board variant for either side.
class Observer {
public:
    Observer(const Board& b, const Spec& spec) : b_(b), slots_(resolve(spec)), geo_(spec.geometry) {
        h_ = b.height;
        w_ = b.width;
        hw_ = h_ * w_;
        layers_ = static_cast<int>(spec.layers.size());
        n_features_ = static_cast<int>(spec.features.size());
        n_decisions_ = spec.n_decisions;
        for (const SideGeometry& g : geo_) {
            const auto n = static_cast<std::size_t>(b.size);
            if (g.cell.size() != n || g.col.size() != n || g.target.size() != n) {
                throw std::invalid_argument("the layout tables must have one entry per square (" + std::to_string(b.size) + ")");
            }
            for (const int c : g.cell) {
                if (c < -1 || c >= hw_) throw std::invalid_argument("a layout cell is out of range: " + std::to_string(c));
            }
        }
    }

    int height() const noexcept { return h_; }
    int width() const noexcept { return w_; }
    int layers() const noexcept { return layers_; }
    int non_spatial_size() const noexcept { return n_features_ + n_decisions_; }
    const SideGeometry& geometry(int side) const noexcept { return geo_[static_cast<std::size_t>(side)]; }

    // Writes the observation of `s` seen by `side`: `spatial` (layers x H x W) and `ns`
    // (features, then the one-hot), all overwritten; `legal_cells` are the canonical cells of
    // the legal actions' targets (mask.hpp). With `w` (the same one for every call on this
    // `spatial`, which nobody else writes), only the entries the previous call set are cleared.
    void observe(State& s, int side, const std::vector<int>& legal_cells, float* spatial, float* ns,
                 Written* w = nullptr) const {
        const Slots& o = slots_;
        if (w != nullptr && w->primed) {
            for (std::size_t i = 0; i < w->n; ++i) spatial[w->at[i]] = 0.0F;
            w->n = 0;
        } else {
            std::memset(spatial, 0, sizeof(float) * static_cast<std::size_t>(layers_ * hw_));
            for (int y = 0; y < h_; ++y) {  // the constant layers
                spatial[o.own_end * hw_ + y * w_] = 1;
                spatial[o.opp_end * hw_ + y * w_ + w_ - 1] = 1;
                for (int x = 0; x < w_ / 2; ++x) spatial[o.own_half * hw_ + y * w_ + x] = 1;
            }
            if (w != nullptr) {
                w->n = 0;
                if (w->at.empty()) w->at.resize(static_cast<std::size_t>(layers_ * hw_ / 8 + 64));
                w->primed = true;
            }
        }
        std::memset(ns, 0, sizeof(float) * static_cast<std::size_t>(non_spatial_size()));
        Sink out(spatial, hw_, w);
        const SideGeometry& g = geometry(side);
        int counts[16] = {};
        players(s, side, g, out, counts);
        for (const int c : legal_cells) out.set(o.legal, c, 1);
        const int carrier_pid = carrier(s);
        const int ball_cell = s.ball >= 0 ? g.cell[static_cast<std::size_t>(s.ball)] : -1;
        if (s.ball >= 0 && s.ball_state != 0 && ball_cell >= 0) {
            out.set(o.ball, ball_cell, 1);
            if (carrier_pid >= 0) out.set(o.carrier, ball_cell, 1);
        }
        const bool deciding = s.decider == D_HOME || s.decider == D_AWAY;
        const int kind = deciding ? static_cast<int>(s.waiting) : 0;
        const Detail d = decision_detail(s, b_);
        const int actor = d.player;
        int left = 0;
        if (actor >= 0) {
            const Player& p = s.players[actor];
            const int c = p.square >= 0 ? g.cell[static_cast<std::size_t>(p.square)] : -1;
            if (c >= 0) out.set(o.active, c, 1);
            if (d.moved >= 0) {
                left = std::max(0, static_cast<int>(p.ma) - d.moved);
                if (c >= 0) {
                    out.set(o.move_left, c, capped(left / 10.0));
                    const bool moving = d.action >= 0 && d.action < static_cast<int>(o.moving.size()) &&
                                        o.moving[static_cast<std::size_t>(d.action)];
                    if (left != 0 && kind == frames::dk::MOVE && moving && standing(s, actor)) {
                        safe_reach(s, g, actor, left, out);
                        if (o.jump >= 0) jump_over(s, g, p.square, out);
                    }
                }
            }
        }
        non_spatial(s, side, g, counts, carrier_pid, d, left, ns);
        if (kind < n_decisions_) ns[n_features_ + kind] = 1;
    }

private:
    // The player layers, tackle zones and assists; `counts` gets (own, opposing) x status.
    void players(const State& s, int side, const SideGeometry& g, Sink& out, int counts[16]) const {
        const Slots& o = slots_;
        std::uint8_t zones[2][MAX_SQUARES] = {};  // tackle zones per canonical cell: observer's, opponent's
        std::uint8_t helpers[2][MAX_SQUARES] = {};  // players who could assist a block there
        int touched[2][MAX_SQUARES];  // the cells with a tackle zone, in the order first reached
        int n_touched[2] = {0, 0};
        for (int p = 0; p < s.player_count; ++p) {
            const Player& pl = s.players[p];
            const int rel = pl.team == side ? 0 : 1;
            ++counts[rel * 8 + pl.status];
            if (pl.square < 0) continue;
            const int c = g.cell[static_cast<std::size_t>(pl.square)];
            if (c < 0) continue;
            const auto rk = static_cast<std::size_t>(rel);
            out.set(o.players[rk], c, 1);
            const bool exerts = exerts_tz(s, p);
            if (pl.status == static_cast<std::uint8_t>(Status::STANDING)) {
                out.set(o.standing[rk], c, 1);
                if (!exerts) out.set(o.no_tz, c, 1);
            } else if (pl.status == static_cast<std::uint8_t>(Status::PRONE)) {
                out.set(o.prone[rk], c, 1);
            } else if (pl.status == static_cast<std::uint8_t>(Status::STUNNED)) {
                out.set(o.stunned[rk], c, 1);
            }
            if ((pl.flags & frames::flag::USED) != 0) out.set(o.used[rk], c, 1);
            out.set(o.ma, c, capped(pl.ma / 10.0));
            out.set(o.st, c, capped(pl.st / 10.0));
            out.set(o.ag, c, capped(pl.ag / 6.0));
            out.set(o.av, c, capped(pl.av / 10.0));
            if (o.pa >= 0) out.set(o.pa, c, capped(pl.pa / 6.0));
            for (const auto& [skill, layer] : o.skill_layers) {
                if (pl.has_skill(skill)) out.set(layer, c, 1);
            }
            if (!exerts) continue;
            // marked by at most one opponent, or assisting whatever marks him (Guard)
            const bool free = tackle_zones(s, b_, pl.square, pl.team) <= 1 || assists_when_marked(s, p);
            for (const int off : b_.neighbours) {
                const int q = g.cell[static_cast<std::size_t>(pl.square + off)];
                if (q < 0) continue;
                if (zones[rel][q]++ == 0) touched[rel][n_touched[rel]++] = q;
                if (free) ++helpers[rel][q];
            }
        }
        for (std::size_t r = 0; r < 2; ++r) {
            for (int i = 0; i < n_touched[r]; ++i) {
                const int q = touched[r][i];
                out.set(o.tz[r], q, static_cast<float>(zones[r][q] * 0.125));
                if (helpers[r][q] != 0) out.set(o.assists[r], q, static_cast<float>(helpers[r][q] * 0.125));
            }
        }
    }

    // `safe_reach`: the squares reachable in `left` steps, each step leaving a square in no
    // opposing tackle zone and entering an empty square on the pitch.
    void safe_reach(const State& s, const SideGeometry& g, int actor, int left, Sink& out) const {
        const int them = 1 - s.players[actor].team;
        std::array<bool, MAX_SQUARES> marked{};
        for (int p = 0; p < s.player_count; ++p) {
            if (s.players[p].team != them || !exerts_tz(s, p)) continue;
            for (const int off : b_.neighbours) {
                const int q = s.players[p].square + off;
                if (q >= 0 && q < b_.size) marked[static_cast<std::size_t>(q)] = true;
            }
        }
        std::array<bool, MAX_SQUARES> seen{};
        int frontier[MAX_SQUARES];
        int next[MAX_SQUARES];
        const int start = s.players[actor].square;
        seen[static_cast<std::size_t>(start)] = true;
        frontier[0] = start;
        int n = 1;
        for (int step = 0; step < left && n > 0; ++step) {
            int m = 0;
            for (int i = 0; i < n; ++i) {
                const int from = frontier[i];
                if (marked[static_cast<std::size_t>(from)]) continue;
                for (const int off : b_.neighbours) {
                    const int q = from + off;
                    const auto qk = static_cast<std::size_t>(q);
                    if (seen[qk] || !b_.on_pitch(q) || s.grid[q] != SQUARE_EMPTY) continue;
                    seen[qk] = true;
                    next[m++] = q;
                    out.set(slots_.safe, g.cell[qk], 1);
                }
            }
            std::copy(next, next + m, frontier);
            n = m;
        }
    }

    // `jump_over` (BB2020's layout): the prone or stunned players next to the acting player.
    void jump_over(const State& s, const SideGeometry& g, int square, Sink& out) const {
        for (const int off : b_.neighbours) {
            const int q = square + off;
            const int who = s.grid[q];
            if (who < 0) continue;
            const auto st = s.players[who].status;
            if (st != static_cast<std::uint8_t>(Status::PRONE) && st != static_cast<std::uint8_t>(Status::STUNNED)) continue;
            const int c = g.cell[static_cast<std::size_t>(q)];
            if (c >= 0) out.set(slots_.jump, c, 1);
        }
    }

    void non_spatial(const State& s, int side, const SideGeometry& g, const int counts[16], int carrier_pid,
                     const Detail& d, int left, float* ns) const {
        const Slots& o = slots_;
        const Team& me = s.teams[side];
        const Team& them = s.teams[1 - side];
        const std::array<const Team*, 2> t{&me, &them};
        const double turns = b_.variant.turns_per_half;
        for (std::size_t r = 0; r < 2; ++r) {
            ns[o.score[r]] = capped(t[r]->score / 10.0);
            ns[o.turn[r]] = capped(t[r]->turn / turns);
            ns[o.rerolls[r]] = capped(t[r]->rerolls / 8.0);
            ns[o.reroll_used[r]] = t[r]->reroll_used != 0 ? 1.0F : 0.0F;
            ns[o.leader[r]] = t[r]->bonus_reroll > 0 ? 1.0F : 0.0F;
            ns[o.bribes[r]] = capped(t[r]->bribes / 3.0);
            ns[o.apothecary[r]] = static_cast<float>(std::min<int>(t[r]->apothecaries, 1));
            ns[o.blitz_used[r]] = t[r]->blitz_used != 0 ? 1.0F : 0.0F;
            ns[o.pass_used[r]] = t[r]->pass_used != 0 ? 1.0F : 0.0F;
            ns[o.handoff_used[r]] = t[r]->handoff_used != 0 ? 1.0F : 0.0F;
            ns[o.foul_used[r]] = t[r]->foul_used != 0 ? 1.0F : 0.0F;
        }
        ns[o.first_half] = s.half == 1 ? 1.0F : 0.0F;
        ns[o.second_half] = s.half >= 2 ? 1.0F : 0.0F;
        ns[o.own_team_turn] = s.active == side ? 1.0F : 0.0F;
        set_member(ns, o.weather, s.weather, "weather");
        ns[o.own_kicking] = s.kicking == side ? 1.0F : 0.0F;
        ns[o.own_kicked_first] = s.first_kicker == side ? 1.0F : 0.0F;
        set_member(ns, o.ball_state, s.ball_state, "ball state");
        if (carrier_pid >= 0) ns[o.has_ball[s.players[carrier_pid].team == side ? 0 : 1]] = 1;
        if (s.ball >= 0 && s.ball_state != 0) {
            const int c = g.col[static_cast<std::size_t>(s.ball)];
            ns[o.ball_x] = static_cast<float>(static_cast<double>(c) / std::max(1, w_ - 1));
            ns[o.ball_y] = static_cast<float>(static_cast<double>(b_.ys[static_cast<std::size_t>(s.ball)]) / std::max(1, h_ - 1));
            ns[o.ball_in_own_half] = c < w_ / 2 ? 1.0F : 0.0F;
        }
        const double pm = b_.variant.pitch_max;
        const double roster = b_.variant.roster_size;
        constexpr int standing_ = static_cast<int>(Status::STANDING), prone_ = static_cast<int>(Status::PRONE),
                      stunned_ = static_cast<int>(Status::STUNNED), ko_ = static_cast<int>(Status::KO),
                      cas_ = static_cast<int>(Status::CASUALTY), sent_off_ = static_cast<int>(Status::SENT_OFF);
        for (std::size_t r = 0; r < 2; ++r) {
            const int* n = counts + 8 * r;
            ns[o.on_pitch[r]] = capped((n[standing_] + n[prone_] + n[stunned_]) / pm);
            ns[o.reserves[r]] = static_cast<float>(n[0] / roster);
            ns[o.ko[r]] = static_cast<float>(n[ko_] / roster);
            ns[o.cas[r]] = static_cast<float>((n[cas_] + n[sent_off_]) / roster);
        }
        for (const auto& [bit, index] : o.prayers) {
            for (std::size_t r = 0; r < 2; ++r) {
                if (((t[r]->prayers >> bit) & 1U) != 0) ns[index[r]] = 1;
            }
        }
        const int actor = d.player;
        if (actor < 0) return;
        const Player& p = s.players[actor];
        ns[o.acting] = 1;
        ns[o.acting_own] = p.team == side ? 1.0F : 0.0F;
        ns[o.acting_ma] = capped(p.ma / 10.0);
        ns[o.acting_st] = capped(p.st / 10.0);
        ns[o.acting_ag] = capped(p.ag / 6.0);
        ns[o.acting_av] = capped(p.av / 10.0);
        ns[o.acting_moves_left] = capped(left / 10.0);
        ns[o.acting_has_ball] = actor == carrier_pid ? 1.0F : 0.0F;
        if (d.action >= 0 && d.action < static_cast<int>(o.acting_kind.size()) &&
            o.acting_kind[static_cast<std::size_t>(d.action)] >= 0) {
            ns[o.acting_kind[static_cast<std::size_t>(d.action)]] = 1;
        }
        for (const auto& [skill, index] : o.acting_skills) {
            if (p.has_skill(skill)) ns[index] = 1;
        }
        if (o.acting_pa >= 0) ns[o.acting_pa] = capped(p.pa / 6.0);
    }

    // The feature of enum `value` set; a value outside the family is the state's error.
    static void set_member(float* ns, const std::vector<int>& fam, int value, const char* what) {
        if (value < 0 || value >= static_cast<int>(fam.size()) || fam[static_cast<std::size_t>(value)] < 0) {
            throw std::invalid_argument(std::string("no feature for ") + what + " " + std::to_string(value));
        }
        ns[fam[static_cast<std::size_t>(value)]] = 1;
    }

    Board b_;
    Slots slots_;
    std::array<SideGeometry, 2> geo_;
    int h_ = 0, w_ = 0, hw_ = 0, layers_ = 0, n_features_ = 0, n_decisions_ = 0;
};

}  // namespace nuffle::encode
