// The grod bot's purpose values and modifiers (agents/grod/values.py): the numbers come from
// the caller, read from data/grod/purposes.json and any `values=` / `tweak=` overrides by the
// Python loader, never written here; this only names the fields the scorer reads.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

namespace nuffle::bots {

struct GrodValues {
    double score, score_later, carrier_progress, carrier_marked, carrier_threat, carrier_sideline, carrier_min_prob,
        pickup, to_ball, handoff, pass, pass_interception, receive, cage, screen_offence, mark_carrier,
        screen_defence, sweep, tackle_zone, tackle_zone_near_ball, block_knockdown, block_carrier,
        block_push_sideline, blitz_knockdown, blitz_carrier, blitz_free_carrier, blitz_spent, foul_injury,
        foul_sent_off, stand_up, turnover, ball_loss, pending_share, reroll, reroll_turns, negatrait_fail, stab,
        vomit, breathe_fire,        piling_on_armour, pass_unused_mate, pass_near_endzone, sweep_depth, screen_depth, receive_depth,
        last_turn_score, kick_depth;

    // Every field from `table` (values.default_table's names); std::invalid_argument naming a
    // name the table lacks. Names the scorer does not read are ignored.
    static GrodValues from(const std::map<std::string, double>& table) {
        GrodValues v{};
        auto get = [&](const char* name) {
            const auto it = table.find(name);
            if (it == table.end()) throw std::invalid_argument(std::string("grod value ") + name + " is missing");
            return it->second;
        };
#define NUFFLE_GROD_VALUE(name) v.name = get(#name)
        NUFFLE_GROD_VALUE(score);
        NUFFLE_GROD_VALUE(score_later);
        NUFFLE_GROD_VALUE(carrier_progress);
        NUFFLE_GROD_VALUE(carrier_marked);
        NUFFLE_GROD_VALUE(carrier_threat);
        NUFFLE_GROD_VALUE(carrier_sideline);
        NUFFLE_GROD_VALUE(carrier_min_prob);
        NUFFLE_GROD_VALUE(pickup);
        NUFFLE_GROD_VALUE(to_ball);
        NUFFLE_GROD_VALUE(handoff);
        NUFFLE_GROD_VALUE(pass);
        NUFFLE_GROD_VALUE(pass_interception);
        NUFFLE_GROD_VALUE(receive);
        NUFFLE_GROD_VALUE(cage);
        NUFFLE_GROD_VALUE(screen_offence);
        NUFFLE_GROD_VALUE(mark_carrier);
        NUFFLE_GROD_VALUE(screen_defence);
        NUFFLE_GROD_VALUE(sweep);
        NUFFLE_GROD_VALUE(tackle_zone);
        NUFFLE_GROD_VALUE(tackle_zone_near_ball);
        NUFFLE_GROD_VALUE(block_knockdown);
        NUFFLE_GROD_VALUE(block_carrier);
        NUFFLE_GROD_VALUE(block_push_sideline);
        NUFFLE_GROD_VALUE(blitz_knockdown);
        NUFFLE_GROD_VALUE(blitz_carrier);
        NUFFLE_GROD_VALUE(blitz_free_carrier);
        NUFFLE_GROD_VALUE(blitz_spent);
        NUFFLE_GROD_VALUE(foul_injury);
        NUFFLE_GROD_VALUE(foul_sent_off);
        NUFFLE_GROD_VALUE(stand_up);
        NUFFLE_GROD_VALUE(turnover);
        NUFFLE_GROD_VALUE(ball_loss);
        NUFFLE_GROD_VALUE(pending_share);
        NUFFLE_GROD_VALUE(reroll);
        NUFFLE_GROD_VALUE(reroll_turns);
        NUFFLE_GROD_VALUE(negatrait_fail);
        NUFFLE_GROD_VALUE(stab);
        NUFFLE_GROD_VALUE(vomit);
        NUFFLE_GROD_VALUE(breathe_fire);
        NUFFLE_GROD_VALUE(piling_on_armour);
        NUFFLE_GROD_VALUE(pass_unused_mate);
        NUFFLE_GROD_VALUE(pass_near_endzone);
        NUFFLE_GROD_VALUE(sweep_depth);
        NUFFLE_GROD_VALUE(screen_depth);
        NUFFLE_GROD_VALUE(receive_depth);
        NUFFLE_GROD_VALUE(last_turn_score);
        NUFFLE_GROD_VALUE(kick_depth);
#undef NUFFLE_GROD_VALUE
        return v;
    }
};

}  // namespace nuffle::bots
