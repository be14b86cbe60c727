// What the block, push, foul and block-substitute procedures (namespace `contact`) share beyond
// the helpers of ball.hpp, injury.hpp, rolls.hpp and engine_base.hpp: movement.gfi_first.
#pragma once

#include <cstdint>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/prayers.hpp"
#include "nuffle/procs/rolls.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs::contact {

constexpr int STANDING = static_cast<int>(Status::STANDING);

inline const Player& pl(const State& s, int pid) noexcept { return s.players[pid]; }

// movement.gfi_first over a frame whose phases are START 0, GFI_ROLLED 1, GO_AHEAD 2, DONE 99:
// true while something was pushed (the GFI roll, or the fall after a failed one).
constexpr int GF_START = 0, GF_GFI_ROLLED = 1, GF_GO_AHEAD = 2, GF_DONE = 99;
inline bool gfi_first(State& s, Frame& f, int pid, bool gfi) {
    if (f.phase == GF_START) {
        f.phase = GF_GO_AHEAD;
        if (gfi) {
            f.phase = GF_GFI_ROLLED;
            push_player_roll(s, frames::roll::GFI, pid, gfi_target(s), rush_modifier(s, pid), false);
            return true;
        }
        return false;
    }
    if (s.ok == 0) {
        f.phase = GF_DONE;
        push_knock_down(s, pid);
        return true;
    }
    f.phase = GF_GO_AHEAD;
    return false;
}

}  // namespace nuffle::procs::contact
