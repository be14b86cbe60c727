// The binding of the environments' encoder (included by module.cpp after PyState):
// `Encoder(board, spec)` writes the observation and the action mask of a native state
// (encode.hpp, mask.hpp) straight into numpy arrays the caller owns. envs/native_encoder.py
// builds the spec from envs/features.py, envs/layout.py and envs/codec.py.
#pragma once

#include <pybind11/numpy.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "nuffle/encode.hpp"
#include "nuffle/mask.hpp"

namespace {

// The observer and the codec of one board, with the scratch lists of one call.
struct PyEncoder {
    std::shared_ptr<const nuffle::Board> board;
    nuffle::encode::Observer observer;
    nuffle::encode::Codec codec;
    std::vector<std::int64_t> idx;
    std::vector<int> cells;
};

std::string shape_text(const std::vector<py::ssize_t>& shape) {
    std::string out = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + (shape.size() == 1 ? ",)" : ")");
}

// The data of `obj` when it is a writeable C-contiguous numpy array of T with `shape`; else a
// one-line TypeError (not an array, another dtype) or ValueError (shape, layout, read-only).
template <class T>
T* out_buffer(const py::handle& obj, const char* name, const char* dtype, const std::vector<py::ssize_t>& shape) {
    const std::string want = std::string(name) + " must be a writeable C-contiguous " + dtype + " array of shape " +
                             shape_text(shape);
    if (!py::isinstance<py::array>(obj)) {
        throw py::type_error(want + ", got " + std::string(py::str(py::type::of(obj).attr("__name__"))));
    }
    auto arr = py::reinterpret_borrow<py::array>(obj);
    if (!arr.dtype().is(py::dtype::of<T>())) throw py::type_error(want + ", got dtype " + std::string(py::str(arr.dtype())));
    std::vector<py::ssize_t> got(arr.shape(), arr.shape() + arr.ndim());
    if (got != shape) throw py::value_error(want + ", got shape " + shape_text(got));
    if ((arr.flags() & py::array::c_style) == 0) throw py::value_error(want + ", got a non-contiguous array");
    if (!arr.writeable()) throw py::value_error(want + ", got a read-only array");
    return static_cast<T*>(arr.mutable_data());
}

nuffle::encode::Spec spec_from_py(const py::dict& d) {
    nuffle::encode::Spec s;
    s.layers = d["layers"].cast<std::vector<std::string>>();
    s.features = d["features"].cast<std::vector<std::string>>();
    s.n_decisions = d["n_decisions"].cast<int>();
    s.weather = d["weather"].cast<std::vector<std::pair<int, std::string>>>();
    s.ball_states = d["ball_states"].cast<std::vector<std::pair<int, std::string>>>();
    s.acting_kinds = d["acting_kinds"].cast<std::vector<std::pair<int, std::string>>>();
    s.moving_kinds = d["moving_kinds"].cast<std::vector<int>>();
    for (const auto& [skill, layer, feature] : d["key_skills"].cast<std::vector<std::tuple<int, std::string, std::string>>>()) {
        s.key_skills.push_back({skill, {layer, feature}});
    }
    if (d.contains("prayers")) {  // BB2020's layout
        for (const auto& [bit, own, opp] : d["prayers"].cast<std::vector<std::tuple<int, std::string, std::string>>>()) {
            s.prayers.push_back({bit, {own, opp}});
        }
    }
    const auto geo = d["geometry"].cast<std::vector<std::tuple<std::vector<int>, std::vector<int>, std::vector<int>>>>();
    if (geo.size() != 2) throw std::invalid_argument("the spec's geometry has one entry per side");
    for (std::size_t side = 0; side < 2; ++side) {
        s.geometry[side] = {std::get<0>(geo[side]), std::get<1>(geo[side]), std::get<2>(geo[side])};
    }
    return s;
}

nuffle::encode::CodecSpec codec_from_py(const py::dict& d) {
    nuffle::encode::CodecSpec c;
    c.types = d["types"].cast<int>();
    c.rows = d["rows"].cast<int>();
    c.targets = d["targets"].cast<int>();
    c.cells = d["cells"].cast<int>();
    c.squares = d["squares"].cast<int>();
    c.roster = d["roster"].cast<int>();
    c.joint_types = d["joint_types"].cast<std::vector<int>>();
    c.player_types = d["player_types"].cast<std::vector<int>>();
    return c;
}

void bind_encoder(py::module_& m) {
    py::class_<PyEncoder>(m, "Encoder",
                          "The environments' observation and action mask of one board (envs/native_encoder.py).")
        .def(py::init([](std::shared_ptr<nuffle::Board> board, const py::dict& spec, const py::dict& codec) {
                 auto enc = std::unique_ptr<PyEncoder>(new PyEncoder{
                     board, nuffle::encode::Observer(*board, spec_from_py(spec)),
                     nuffle::encode::Codec(codec_from_py(codec), *board), {}, {}});
                 for (int side = 0; side < 2; ++side) {  // every index the tables give stays in its array
                     const nuffle::encode::SideGeometry& g = enc->observer.geometry(side);
                     for (std::size_t q = 0; q < g.target.size(); ++q) {
                         if (g.target[q] < 0 || g.target[q] >= enc->codec.spec().squares || g.col[q] < 0 ||
                             g.col[q] >= board->width) {
                             throw std::invalid_argument("the layout tables give square " + std::to_string(q) +
                                                         " a target or column outside the board");
                         }
                     }
                 }
                 return enc;
             }),
             py::arg("board"), py::arg("spec"), py::arg("codec"))
        .def_property_readonly("spatial_shape", [](const PyEncoder& e) {
            return py::make_tuple(e.observer.layers(), e.observer.height(), e.observer.width());
        })
        .def_property_readonly("non_spatial_size", [](const PyEncoder& e) { return e.observer.non_spatial_size(); })
        .def_property_readonly("mask_size", [](const PyEncoder& e) { return e.codec.spec().size(); })
        .def("observe", [](PyEncoder& e, PyState& st, int side, const py::handle& spatial, const py::handle& non_spatial,
                           const py::handle& mask, const py::handle& indices) {
            check_side(side);
            if (st.s.board != e.board->variant.players) {
                throw std::invalid_argument("the state is on board " + std::to_string(st.s.board) + ", the encoder on board " +
                                            std::to_string(e.board->variant.players));
            }
            const nuffle::encode::Observer& o = e.observer;
            const py::ssize_t n = e.codec.spec().size();
            float* sp = out_buffer<float>(spatial, "spatial", "float32", {o.layers(), o.height(), o.width()});
            float* ns = out_buffer<float>(non_spatial, "non_spatial", "float32", {o.non_spatial_size()});
            bool* mk = out_buffer<bool>(mask, "mask", "bool", {n});
            std::int64_t* ix = indices.is_none() ? nullptr : out_buffer<std::int64_t>(indices, "indices", "int64", {n});
            const nuffle::encode::SideGeometry& g = o.geometry(side);
            e.codec.indices(st.s, *st.board, g, side, e.idx);
            e.codec.cells(e.idx, e.cells);
            o.observe(st.s, side, e.cells, sp, ns);
            e.codec.mask(e.idx, mk);
            if (ix != nullptr) std::copy(e.idx.begin(), e.idx.end(), ix);
            return e.idx.size();
        }, py::arg("state"), py::arg("side"), py::arg("spatial"), py::arg("non_spatial"), py::arg("mask"),
           py::arg("indices") = py::none(),
           "Write the observation of `state` seen by `side` into `spatial` and `non_spatial`, its legal "
           "actions into `mask` (and, in order, into the first entries of `indices`); returns how many are legal.");
    m.def("time_encoding", [](const PyEncoder& e, const std::vector<const PyState*>& states,
                              const std::vector<std::tuple<int, int, int>>& moves, int rounds) {
        if (states.empty() || states.size() != moves.size() || rounds < 1) {
            throw std::invalid_argument("time_encoding takes one move per state (at least one) and rounds >= 1");
        }
        const nuffle::encode::Observer& o = e.observer;
        const std::size_t n = states.size();
        const auto sp_size = static_cast<std::size_t>(o.layers() * o.height() * o.width());
        const auto ns_size = static_cast<std::size_t>(o.non_spatial_size());
        const auto mk_size = static_cast<std::size_t>(e.codec.spec().size());
        std::vector<nuffle::State> base;
        for (const PyState* st : states) {
            if (st->s.board != e.board->variant.players || (st->s.decider != nuffle::D_HOME && st->s.decider != nuffle::D_AWAY)) {
                throw std::invalid_argument("time_encoding takes states of the encoder's board with a coach to decide");
            }
            base.push_back(st->s);
        }
        // each position its own arrays, as the batched environment's rows
        std::vector<float> sp(n * sp_size), ns(n * ns_size);
        std::vector<char> mk(n * mk_size, 0);
        std::vector<nuffle::encode::Written> written(n);
        std::vector<std::vector<std::int64_t>> shown(n);
        std::vector<std::int64_t> idx;
        std::vector<int> cells;
        std::vector<nuffle::State> work(n);
        double encode = std::numeric_limits<double>::infinity(), step = encode;
        using clock = std::chrono::steady_clock;
        for (int r = 0; r <= rounds; ++r) {  // round 0 primes the arrays and is not counted
            auto t0 = clock::now();
            for (std::size_t i = 0; i < n; ++i) {
                nuffle::State& s = base[i];
                const nuffle::encode::SideGeometry& g = o.geometry(s.decider);
                e.codec.indices(s, *e.board, g, s.decider, idx);
                e.codec.cells(idx, cells);
                o.observe(s, s.decider, cells, sp.data() + i * sp_size, ns.data() + i * ns_size, &written[i]);
                nuffle::encode::Codec::keep_mask(idx, shown[i], reinterpret_cast<bool*>(mk.data() + i * mk_size));
            }
            const double enc_ns = std::chrono::duration<double, std::nano>(clock::now() - t0).count();
            std::copy(base.begin(), base.end(), work.begin());
            t0 = clock::now();
            for (std::size_t i = 0; i < n; ++i) {
                const auto& [type, player, square] = moves[i];
                nuffle::step(work[i], *e.board, nuffle::Act{type, player, square}, false);
            }
            const double step_ns = std::chrono::duration<double, std::nano>(clock::now() - t0).count();
            if (r > 0) {
                encode = std::min(encode, enc_ns / static_cast<double>(n));
                step = std::min(step, step_ns / static_cast<double>(n));
            }
        }
        return py::make_tuple(encode, step);
    }, py::arg("encoder"), py::arg("states"), py::arg("moves"), py::arg("rounds") = 5,
       "(encode_ns, step_ns) per position, best of `rounds`, timed in C++: the batched environment's encoding "
       "(legal indices, the observation into the position's own arrays cleared by what it set last, the mask by "
       "index) and the engine's step of the move (its legality checked by listing, then the engine run on).");
    // What the environments' reward tracker compares between decisions (envs/rewards.py).
    py::reinterpret_borrow<py::class_<PyState>>(m.attr("State"))
        .def("places", [](const PyState& st) {
            py::list squares(st.s.player_count);
            py::list statuses(st.s.player_count);
            for (int p = 0; p < st.s.player_count; ++p) {
                squares[static_cast<std::size_t>(p)] = py::int_(st.s.players[p].square);
                statuses[static_cast<std::size_t>(p)] = py::int_(static_cast<int>(st.s.players[p].status));
            }
            return py::make_tuple(squares, statuses, nuffle::carrier(st.s));
        }, "(squares, statuses, carrier): every player's square (-1 off the pitch) and status, and the ball "
           "carrier (-1 none), as GameState.pos, .status and .carrier() give them.");
}

}  // namespace
