// The native state (included by module.cpp after pystate.hpp): `State`, its layout, the engine
// loop (step, resolve, advance), the rule queries and the pathfinder, and `State.clone` as a
// plain CPython method (pystate.hpp's clone_def).
#pragma once

namespace {

void bind_state(py::module_& m) {
    py::class_<PyState>(m, "State", "A fixed-size native state (tests inspect its layout).")
        .def(py::init([](std::shared_ptr<Board> board, std::uint64_t rng) {
                 if (!board) throw std::invalid_argument("a state needs a board");
                 return PyState{make_state(*board, rng), board, {}};
             }),
             py::arg("board"), py::arg("rng") = 0)
        .def("__eq__", [](const PyState& a, const PyState& b) { return same_state(a.s, b.s); })
        .def("to_bytes", [](const PyState& st) {
            return py::bytes(reinterpret_cast<const char*>(&st.s), sizeof(State));
        })
        .def_property("rng", [](const PyState& st) { return st.s.rng; },
                      [](PyState& st, std::uint64_t v) { st.s.rng = v; })
        .def_property_readonly("board", [](const PyState& st) { return st.board; })
        .def_property_readonly("player_count", [](const PyState& st) { return st.s.player_count; })
        .def_property_readonly("frame_count", [](const PyState& st) { return st.s.frame_count; })
        .def("add_player",
             [](PyState& st, int team, int number, int ma, int s, int ag, int av) {
                 return add_player(st.s, team, number, ma, s, ag, av);
             },
             py::arg("team"), py::arg("number"), py::arg("ma"), py::arg("st"), py::arg("ag"), py::arg("av"))
        .def("place_player",
             [](PyState& st, int pid, int x, int y) {
                 if (x < -1 || x > st.board->width || y < -1 || y > st.board->height) {
                     throw std::invalid_argument("square (" + std::to_string(x) + ", " + std::to_string(y) +
                                                 ") is off the pitch");
                 }
                 place_player(st.s, *st.board, pid, st.board->sq(x, y));
             },
             py::arg("pid"), py::arg("x"), py::arg("y"))
        .def("player", [](const PyState& st, int pid) {
            check_pid(st, pid);
            const Player& p = st.s.players[pid];
            py::dict d;
            d["square"] = p.square;
            d["team"] = p.team;
            d["number"] = p.number;
            d["status"] = p.status;
            d["ma"] = p.ma;
            d["st"] = p.st;
            d["ag"] = p.ag;
            d["av"] = p.av;
            d["flags"] = p.flags;
            return d;
        })
        .def("set_skill", [](PyState& st, int pid, int skill) {
            check_pid(st, pid);
            if (skill < 0 || skill >= 64 * SKILL_WORDS) throw std::out_of_range("no skill " + std::to_string(skill));
            st.s.players[pid].skills[skill / 64] |= 1ULL << (skill % 64);
        })
        .def("has_skill", [](const PyState& st, int pid, int skill) {
            check_pid(st, pid);
            return st.s.players[pid].has_skill(skill);
        })
        .def("at", [](const PyState& st, int square) {
            if (square < 0 || square >= MAX_SQUARES) throw std::out_of_range("square out of range");
            return static_cast<int>(st.s.grid[square]);
        }, "The grid value of a flat square: a player id, -1 empty, -2 off the pitch.")
        .def("push_frame",
             [](PyState& st, int proc, int phase, const std::vector<py::handle>& args) {
                 if (args.size() > FRAME_ARGS) {
                     throw std::invalid_argument("a frame holds at most " + std::to_string(FRAME_ARGS) + " ints");
                 }
                 std::array<std::int16_t, FRAME_ARGS> vals{};
                 for (std::size_t i = 0; i < args.size(); ++i) vals[i] = small_int(args[i], "a frame value");
                 push_frame(st.s, proc, phase);
                 Frame& f = st.s.stack[st.s.frame_count - 1];
                 for (std::size_t i = 0; i < FRAME_ARGS; ++i) f.arg[i] = vals[i];
             },
             py::arg("proc"), py::arg("phase"), py::arg("args") = std::vector<py::handle>{})
        .def("pop_frame", [](PyState& st) { pop_frame(st.s); })
        .def("frames", [](const PyState& st) {
            py::list out;
            for (int i = 0; i < st.s.frame_count; ++i) {
                const Frame& f = st.s.stack[i];
                py::tuple args(FRAME_ARGS);
                for (std::size_t k = 0; k < FRAME_ARGS; ++k) args[k] = py::int_(f.arg[k]);
                out.append(py::make_tuple(f.proc, f.phase, args));
            }
            return out;
        }, "The stack, bottom first, as (procedure id, phase, args).")
        .def_static("load",
                    [](std::shared_ptr<Board> board, const py::handle& data) {
                        if (!board) throw std::invalid_argument("a state needs a board");
                        return PyState{bridge::load(*board, data), board, bridge::load_log(data)};
                    },
                    py::arg("board"), py::arg("data"),
                    "A state from the plain data of a Python position (nuffle.core.native_state).")
        .def("dump", [](const PyState& st) {
            py::dict d = bridge::dump(st.s);
            d["log"] = bridge::dump_log(st.log.get());
            return d;
        }, "The state as the data `load` takes.")
        .def_property_readonly("log", [](const PyState& st) { return bridge::dump_log(st.log.get()); },
                               "The event log (GameState.log): [event, a, b, c] entries, oldest first.")
        .def_property_readonly("decider", [](const PyState& st) { return static_cast<int>(st.s.decider); })
        .def_property_readonly("waiting", [](const PyState& st) { return static_cast<int>(st.s.waiting); })
        .def("top_frame", [](const PyState& st) -> py::object {
            if (st.s.frame_count == 0) return py::none();
            return py::str(frames::PROCS[st.s.stack[st.s.frame_count - 1].proc].frame);
        }, "The frame id of the top procedure (None for an empty stack).")
        .def("advance", [](PyState& st, bool explicit_chance) {
            guarded(st, [&] { advance(st.s, *st.board, explicit_chance); });
        }, py::arg("explicit_chance") = false,
           "Game._advance: run until a decision, an explicit chance node or the end.")
        // frame-by-frame lockstep from positions (frame_steps.hpp; the parity tests)
        .def("run_ported", [](PyState& st, int min_depth) { guarded(st, [&] { run_ported(st.s, *st.board, min_depth); }); },
             py::arg("min_depth") = 1,
             "Run the ported frames only: stop at a decision, a chance node, an unported frame or a stack shorter than min_depth.")
        .def("act_only", &act_checked, py::arg("type"), py::arg("player") = -1, py::arg("square") = -1,
             "Apply a legal decision to the top frame and run nothing after it.")
        .def("resolve_only", [](PyState& st, const py::handle& outcome) {
            const Outcome o = outcome_from_py(outcome);
            if (st.s.pending == 0) throw IllegalActionError("there is no pending chance event");
            if (!is_valid_outcome(st.s.chance.event, o)) throw IllegalActionError("not an outcome of the pending event");
            resolve_only(st.s, o);
        }, py::arg("outcome"), "Resolve the pending chance event with `outcome` and run nothing after it.")
        .def("passing_action_choices", [](const PyState& st, int kind, int pid) {
            check_pid(st, pid);
            if (st.s.players[pid].square < 0) throw std::invalid_argument("player " + std::to_string(pid) + " is not on the pitch");
            Legal groups;
            procs::passing::passing_action_choices(st.s, *st.board, kind, pid, groups);
            py::list out;
            for (const Choice& g : groups) {
                out.append(py::make_tuple(g.type, py::tuple(py::cast(g.players)), py::tuple(py::cast(g.squares))));
            }
            return out;
        }, py::arg("kind"), py::arg("pid"),
           "The Hail Mary Pass, Bombardier and Throw Team-Mate choices of a player action (type, players, squares).")
        .def("dump_off_before_dice", [](PyState& st, int asking, int defender, bool second) {
            check_pid(st, asking);
            check_pid(st, defender);
            if (st.s.players[defender].square < 0) throw std::invalid_argument("player " + std::to_string(defender) + " is not on the pitch");
            bool pushed = false;
            guarded(st, [&] { pushed = procs::passing::dump_off_before_dice(st.s, *st.board, asking, defender, second); });
            return pushed;
        }, py::arg("asking"), py::arg("defender"), py::arg("second") = false,
           "block.BEFORE_DICE's Dump-Off: push DumpOff for the blocked ball carrier; whether it did.")
        .def("passing_skill_action", [](PyState& st, int type, int player, int square) {
            if (st.s.frame_count == 0 || st.s.stack[st.s.frame_count - 1].proc != frames::PLAYER_ACTION) {
                throw std::invalid_argument("the top frame is not a player action");
            }
            bool done = false;
            guarded(st, [&] {
                done = procs::passing::passing_skill_action(st.s, st.s.stack[st.s.frame_count - 1], Act{type, player, square});
            });
            return done;
        }, py::arg("type"), py::arg("player") = -1, py::arg("square") = -1,
           "Apply a HAIL_MARY, BOMB or THROW_TEAM_MATE choice to the player action on top; False for other types.")
        .def("legal_actions", [](PyState& st) {
            const Legal legal = legal_actions(st.s, *st.board);
            py::list out(legal.size());
            for (std::size_t i = 0; i < legal.size(); ++i) {
                const Choice& g = legal[i];
                PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i),
                                py::make_tuple(g.type, tuple_of(g.players), tuple_of(g.squares), tuple_of(g.probabilities))
                                    .release().ptr());
            }
            return out;
        }, "The legal action groups: (type, players, flat squares, probabilities).")
        .def("step", [](PyState& st, int type, int player, int square, bool explicit_chance) {
            check_act(st, type, player, square);
            guarded(st, [&] { step(st.s, *st.board, Act{type, player, square}, explicit_chance); });
        }, py::arg("type"), py::arg("player") = -1, py::arg("square") = -1, py::arg("explicit_chance") = false,
           "Game.step: apply a legal decision and advance (the state is unchanged on any error).")
        .def("run_top", [](PyState& st) {
            if (st.s.decider != D_RUNNING || st.s.frame_count == 0) throw IllegalActionError("the engine is not running");
            guarded(st, [&] {
                Ctx c{st.s, *st.board};
                run_top(c);
            });
        }, "One `run` of the top procedure (the engine must be running), as Game._advance's loop body.")
        .def("resolve", [](PyState& st, const py::handle& outcome, bool explicit_chance) {
            const Outcome o = outcome_from_py(outcome);
            if (st.s.pending == 0) throw IllegalActionError("there is no pending chance event");
            if (!is_valid_outcome(st.s.chance.event, o)) throw IllegalActionError("not an outcome of the pending event");
            guarded(st, [&] { resolve(st.s, *st.board, o, explicit_chance); });
        }, py::arg("outcome"), py::arg("explicit_chance") = false,
           "Resolve the pending chance event with `outcome` and advance.")
        .def("decision_detail", [](PyState& st) {
            const Detail d = decision_detail(st.s, *st.board);
            py::dict out;
            out["player"] = d.player;
            out["target"] = d.target;
            out["skill"] = d.skill;
            out["roll"] = d.roll;
            out["need"] = d.need;
            out["dice"] = d.dice;
            out["faces"] = py::tuple(py::cast(d.faces));
            out["action"] = d.action;
            out["moved"] = d.moved;
            out["square"] = d.square;
            return out;
        }, "What the waiting decision concerns (-1 for none).")
        .def("exerts_tz", [](const PyState& st, int pid) {
            check_player(st, pid);
            return exerts_tz(st.s, pid);
        }, py::arg("pid"))
        .def("tz_players", [](const PyState& st, int sq, int side) {
            check_square(st, sq);
            check_side(side);
            int qs[8];
            const int n = tz_players(st.s, *st.board, sq, side, qs);
            return std::vector<int>(qs, qs + n);
        }, py::arg("sq"), py::arg("side"))
        .def("tackle_zones", [](const PyState& st, int sq, int side) {
            check_square(st, sq);
            check_side(side);
            return tackle_zones(st.s, *st.board, sq, side);
        }, py::arg("sq"), py::arg("side"))
        .def("assists", [](const PyState& st, int helper_side, int target, int opponent) {
            check_side(helper_side);
            check_on_pitch(st, target);
            if (opponent != -1) check_player(st, opponent);
            return assists(st.s, *st.board, helper_side, target, opponent);
        }, py::arg("helper_side"), py::arg("target"), py::arg("opponent"))
        .def("assists_when_marked", [](const PyState& st, int helper) {
            check_player(st, helper);
            return assists_when_marked(st.s, helper);
        }, py::arg("helper"))
        .def("dodge_modifier", [](const PyState& st, int pid, int dest, int start) {
            check_on_pitch(st, pid);
            check_square(st, dest);
            if (start < 0) start = st.s.players[pid].square;
            check_square(st, start);
            return dodge_modifier(st.s, *st.board, pid, dest, start);
        }, py::arg("pid"), py::arg("dest"), py::arg("start") = -1)
        .def("reaction_modifier", [](const PyState& st, int pid, int dest, int start) {
            check_on_pitch(st, pid);
            if (start < 0) start = st.s.players[pid].square;
            check_square(st, start);
            check_square(st, dest);
            return reaction_modifier(st.s, *st.board, pid, dest, start);
        }, py::arg("pid"), py::arg("dest"), py::arg("start") = -1)
        .def("dodge_reroll_blocked", [](const PyState& st, int pid, int start) {
            check_player(st, pid);
            check_square(st, start);
            return dodge_reroll_blocked(st.s, *st.board, pid, start);
        }, py::arg("pid"), py::arg("start"))
        .def("gfi_target", [](const PyState& st) { return gfi_target(st.s); })
        .def("max_gfi", [](const PyState& st, int pid) {
            check_player(st, pid);
            return max_gfi(st.s, pid);
        }, py::arg("pid"))
        .def("stand_up_cost", [](const PyState& st, int pid) {
            check_player(st, pid);
            return stand_up_cost(st.s, pid);
        }, py::arg("pid"))
        .def("can_handle_ball", [](const PyState& st, int pid) {
            check_player(st, pid);
            return can_handle_ball(st.s, pid);
        }, py::arg("pid"))
        .def("can_catch", [](const PyState& st, int pid) {
            check_player(st, pid);
            return can_catch(st.s, pid);
        }, py::arg("pid"))
        .def("pickup_roll_modifier", [](const PyState& st, int pid) {
            check_on_pitch(st, pid);
            return pickup_roll_modifier(st.s, *st.board, pid);
        }, py::arg("pid"))
        .def("catch_modifier", [](const PyState& st, int pid, int bonus, bool accurate) {
            check_on_pitch(st, pid);
            if (bonus < -9 || bonus > 9) throw std::invalid_argument("a catch bonus is -9 to 9, got " + std::to_string(bonus));
            return catch_modifier(st.s, *st.board, pid, bonus, accurate);
        }, py::arg("pid"), py::arg("bonus"), py::arg("accurate") = false)
        .def("team_reroll_available", [](const PyState& st, int side) {
            check_side(side);
            return team_reroll_available(st.s, side);
        }, py::arg("side"))
        .def("reroll_sources", [](const PyState& st, int pid, int kind, bool blocked_skill, std::optional<bool> team) {
            check_player(st, pid);
            check_kind(kind);
            const RerollSources r = reroll_sources(st.s, pid, kind, blocked_skill, team ? int(*team) : -1);
            return py::make_tuple(r.skill, r.skill_once, r.team, r.pro, r.loner);
        }, py::arg("pid"), py::arg("kind"), py::arg("blocked_skill") = false, py::arg("team") = py::none(),
           "(skill, skill_once, team, pro, loner) as rolls.reroll_sources.")
        .def("paths", &path_search, py::arg("pid"), py::arg("moves_used") = 0, py::arg("team_reroll") = py::none(),
             py::arg("pickup") = true, py::arg("compensated") = false,
             "One pathfinder search (core/paths.py) for `pid`: {'all', 'endzone', 'blitz', 'handoff', 'foul'}, "
             "each route (steps, prob, moves, moves_after, step keys, target square); `compensated`: "
             "sum floats as Python 3.12+ does.")
        .def("path_odds", &path_odds, py::arg("pid"), py::arg("moves_used") = 0, py::arg("team_reroll") = py::none(),
             py::arg("pickup") = true, py::arg("compensated") = false,
             "{flat square: chance of the safest route} for every square `pid` can reach (no routes built).");

    {
        const py::object state_cls = m.attr("State");
        PyObject* clone = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(state_cls.ptr()), &clone_def);
        if (clone == nullptr) throw py::error_already_set();
        state_cls.attr("clone") = py::reinterpret_steal<py::object>(clone);
    }
}

}  // namespace
