// The native engine's skill mechanism, the twin of core/hooks.py: named hook points in the
// rules and the handlers skills attach to them, chosen by the ruleset the state plays.
//
// A procedure declares each place where skills may act as a point, next to the code that asks
// it, with the Python point's name and the handler's type:
//
//     NUFFLE_HOOK_POINT(DodgeModifier, "movement.dodge_modifier", int(const State&, int pid, int start, int dest));
//     mod += hooks::total<DodgeModifier>(s, pid, s, pid, start, dest);
//
// and a skill's rules live in one header of nuffle/skill_rules/, which writes its handlers and
// gives each point its ruleset's table, in skill order (as Python calls them):
//
//     inline int two_heads(const State&, int, int, int) noexcept { return 1; }
//     NUFFLE_LRB6_HANDLERS(DodgeModifier, {frames::skill::TWO_HEADS, two_heads}, {frames::skill::TITCHY, titchy});
//
// Procedures never test for a particular skill where a point exists. The table a state's
// handlers come from is its ruleset's (`State::ruleset`, a `Ruleset`, the built-in rulesets'
// native ids of ruleset.NATIVE, generated in frames::rules). BB2020 plays LRB6's table at every
// point that declares none of its own; a point whose handlers differ is declared with
// NUFFLE_HOOK_POINT_BB2020 and its skill_rules header writes its whole BB2020 table with
// NUFFLE_BB2020_HANDLERS (the LRB6 handlers it keeps and its own, in skill order), as Python's
// `Ruleset.handlers` (ruleset.own_handler) override LRB6's per (point, skill). The procedures
// stay as they are. Every point is listed in `points.hpp` (AllPoints), which the
// module exports as HOOK_SKILLS and a Python test checks against the Python handlers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>

#include "nuffle/state.hpp"

namespace nuffle::hooks {

// The rulesets the native engine plays (State::ruleset; ruleset.NATIVE's order).
enum class Ruleset : std::uint8_t { LRB6 = frames::rules::LRB6, BB2020 = frames::rules::BB2020 };
static_assert(frames::rules::COUNT == 2, "a ruleset added to ruleset.NATIVE gets a case in hooks::handlers");

// One handler: the skill it belongs to and the function the point calls.
template <class Fn>
struct Handler {
    int skill;
    Fn* fn;
};

template <class Fn>
using Table = std::span<const Handler<Fn>>;

// Whether a table lists its skills in strictly ascending order (the order Python calls them).
template <class Fn, std::size_t N>
constexpr bool in_skill_order(const Handler<Fn> (&table)[N]) noexcept {
    for (std::size_t i = 1; i < N; ++i) {
        if (table[i - 1].skill >= table[i].skill) return false;
    }
    return true;
}

// Point P's table under BB2020: its own where the point declares one (NUFFLE_HOOK_POINT_BB2020),
// else LRB6's.
template <class P>
inline Table<typename P::Fn> bb2020_table() noexcept {
    if constexpr (requires { P::bb2020(); }) {
        return P::bb2020();
    } else {
        return P::lrb6();
    }
}

// Point P's handlers under the state's ruleset.
template <class P>
inline Table<typename P::Fn> handlers(const State& s) noexcept {
    switch (static_cast<Ruleset>(s.ruleset)) {
        case Ruleset::LRB6: break;
        case Ruleset::BB2020: return bb2020_table<P>();
    }
    return P::lrb6();
}

// Whether player `owner` has a skill with a handler at P (Python's `bool(point.fns(skills))`).
template <class P>
inline bool holds(const State& s, int owner) noexcept {
    const Player& p = s.players[owner];
    for (const auto& h : handlers<P>(s)) {
        if (p.has_skill(h.skill)) return true;
    }
    return false;
}

// Point.total: the sum of the results of `owner`'s handlers at P.
template <class P, class... A>
inline int total(const State& s, int owner, A&&... args) {
    const Player& p = s.players[owner];
    int n = 0;
    for (const auto& h : handlers<P>(s)) {
        if (p.has_skill(h.skill)) n += h.fn(args...);
    }
    return n;
}

// Point.any / fire: whether one of `owner`'s handlers at P returns true; the handlers after
// the first that does are not called (for `fire`: the first that pushes a procedure).
template <class P, class... A>
inline bool any(const State& s, int owner, A&&... args) {
    const Player& p = s.players[owner];
    for (const auto& h : handlers<P>(s)) {
        if (p.has_skill(h.skill) && h.fn(args...)) return true;
    }
    return false;
}

// Point.first: the first result of `owner`'s handlers at P that holds a value.
template <class P, class... A>
inline auto first(const State& s, int owner, A&&... args) -> decltype(std::declval<typename P::Fn*>()(args...)) {
    const Player& p = s.players[owner];
    for (const auto& h : handlers<P>(s)) {
        if (!p.has_skill(h.skill)) continue;
        auto r = h.fn(args...);
        if (r) return r;
    }
    return {};
}

// The greatest (or least) of `init` and the results of `owner`'s handlers at P.
template <class P, class... A>
inline int greatest(const State& s, int owner, int init, A&&... args) {
    const Player& p = s.players[owner];
    for (const auto& h : handlers<P>(s)) {
        if (p.has_skill(h.skill)) init = std::max(init, static_cast<int>(h.fn(args...)));
    }
    return init;
}
template <class P, class... A>
inline int least(const State& s, int owner, int init, A&&... args) {
    const Player& p = s.players[owner];
    for (const auto& h : handlers<P>(s)) {
        if (p.has_skill(h.skill)) init = std::min(init, static_cast<int>(h.fn(args...)));
    }
    return init;
}

// Point.each: every handler of `owner` at P, in skill order.
template <class P, class... A>
inline void each(const State& s, int owner, A&&... args) {
    const Player& p = s.players[owner];
    for (const auto& h : handlers<P>(s)) {
        if (p.has_skill(h.skill)) h.fn(args...);
    }
}

// The skills of `owner` with a handler at P, in skill order, written to `out` (for points whose
// handlers the procedure runs one at a time across decisions); returns how many.
template <class P>
inline int skills(const State& s, int owner, int* out, int cap) noexcept {
    const Player& p = s.players[owner];
    int n = 0;
    for (const auto& h : handlers<P>(s)) {
        if (n < cap && p.has_skill(h.skill)) out[n++] = h.skill;
    }
    return n;
}

// The handler of `skill` at P under the state's ruleset, or nullptr.
template <class P>
inline typename P::Fn* handler(const State& s, int skill) noexcept {
    for (const auto& h : handlers<P>(s)) {
        if (h.skill == skill) return h.fn;
    }
    return nullptr;
}

}  // namespace nuffle::hooks

// Declares hook point `Type` (a struct) with Python's point name and the handler type.
#define NUFFLE_HOOK_POINT(Type, point_name, ...)                                 \
    struct Type {                                                                \
        static constexpr const char* name = point_name;                          \
        using Fn = __VA_ARGS__;                                                  \
        static ::nuffle::hooks::Table<Fn> lrb6() noexcept; /* skill_rules/ */    \
    }

// A point whose handlers differ under BB2020: its BB2020 table as well (NUFFLE_BB2020_HANDLERS).
#define NUFFLE_HOOK_POINT_BB2020(Type, point_name, ...)                           \
    struct Type {                                                                \
        static constexpr const char* name = point_name;                          \
        using Fn = __VA_ARGS__;                                                  \
        static ::nuffle::hooks::Table<Fn> lrb6() noexcept;   /* skill_rules/ */  \
        static ::nuffle::hooks::Table<Fn> bb2020() noexcept; /* skill_rules/ */  \
    }

// BB2020's whole table of point `Type` (the LRB6 handlers it keeps and its own), in skill order.
#define NUFFLE_BB2020_HANDLERS(Type, ...)                                                        \
    inline ::nuffle::hooks::Table<Type::Fn> Type::bb2020() noexcept {                            \
        static constexpr ::nuffle::hooks::Handler<Type::Fn> table[] = {__VA_ARGS__};             \
        static_assert(::nuffle::hooks::in_skill_order(table), #Type ": handlers in skill order"); \
        return table;                                                                            \
    }

// LRB6's table of point `Type`: {skill, handler} pairs in ascending skill order.
#define NUFFLE_LRB6_HANDLERS(Type, ...)                                                          \
    inline ::nuffle::hooks::Table<Type::Fn> Type::lrb6() noexcept {                              \
        static constexpr ::nuffle::hooks::Handler<Type::Fn> table[] = {__VA_ARGS__};             \
        static_assert(::nuffle::hooks::in_skill_order(table), #Type ": handlers in skill order"); \
        return table;                                                                            \
    }

// A point LRB6 has no handlers at.
#define NUFFLE_LRB6_NO_HANDLERS(Type) \
    inline ::nuffle::hooks::Table<Type::Fn> Type::lrb6() noexcept { return {}; }
