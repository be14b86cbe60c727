// BB2020's Weather Mage (core/procedures/weather_mage.py): once a match, after the pre-game's
// weather roll or a Changing Weather kick-off's, a team with its mage (home first) is asked
// whether to raise the result by one, then whether to lower it, each only where the change
// gives other weather; using it spends the mage and sets the new weather.
#pragma once

#include "nuffle/engine_base.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fwm = frames::p_weather_mage;

// weather_mage.changes: whether change `d` (+1 or -1) of result `total` gives other weather.
inline bool weather_change_helps(const State& s, int total, int d) noexcept {
    const int to = total + d;
    return to >= 2 && to <= 12 && rules_of(s).weather[to] != rules_of(s).weather[total];
}

// weather_mage.push_weather_mage: the offer after a weather roll of `total`, when a team has
// its mage; whether it was pushed.
inline bool push_weather_mage(State& s, int total) {
    if (s.teams[0].weather_mage == 0 && s.teams[1].weather_mage == 0) return false;
    Frame& f = push(s, frames::WEATHER_MAGE);
    f.arg[fwm::F_TOTAL] = static_cast<std::int16_t>(total);
    f.arg[fwm::F_SIDE] = 0;
    f.arg[fwm::F_STEP] = 0;
    return true;
}

inline int weather_mage_delta(const Frame& f) noexcept { return f.arg[fwm::F_STEP] == 0 ? 1 : -1; }

inline void weather_mage_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    while (f.arg[fwm::F_SIDE] < 2) {
        if (s.teams[f.arg[fwm::F_SIDE]].weather_mage != 0) {
            while (f.arg[fwm::F_STEP] < 2) {
                if (weather_change_helps(s, f.arg[fwm::F_TOTAL], weather_mage_delta(f))) {
                    f.phase = fwm::ASKING;
                    wait(s, f.arg[fwm::F_SIDE], frames::dk::USE_SKILL);
                    return;
                }
                ++f.arg[fwm::F_STEP];
            }
        }
        ++f.arg[fwm::F_SIDE];
        f.arg[fwm::F_STEP] = 0;
    }
    pop(s);
}

inline Legal weather_mage_legal(Ctx&) {
    return {Choice{frames::at::USE_SKILL, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void weather_mage_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (a.type == frames::at::USE_SKILL) {
        f.arg[fwm::F_TOTAL] = static_cast<std::int16_t>(f.arg[fwm::F_TOTAL] + weather_mage_delta(f));
        s.teams[f.arg[fwm::F_SIDE]].weather_mage = 0;
        s.weather = static_cast<std::uint8_t>(rules_of(s).weather[f.arg[fwm::F_TOTAL]]);
        note(s, frames::ev::WEATHER, -1, s.weather, 0);
        ++f.arg[fwm::F_SIDE];
        f.arg[fwm::F_STEP] = 0;
    } else {
        ++f.arg[fwm::F_STEP];
    }
}

// WeatherMage.decision_detail: the result the change would give.
inline Detail weather_mage_detail(Ctx& c) {
    Detail d;
    d.need = c.top().arg[fwm::F_TOTAL] + weather_mage_delta(c.top());
    return d;
}

}  // namespace nuffle::procs
