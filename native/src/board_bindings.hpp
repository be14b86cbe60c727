// The board geometry (included by module.cpp): `BoardGeometry` (nuffle/board.hpp), the square
// flags ON_PITCH .. HOME_HALF and read_boards (data/boards.json's variants).
#pragma once

namespace {

void bind_board(py::module_& m) {
    py::class_<Board, std::shared_ptr<Board>>(m, "BoardGeometry", "The geometry of one board variant.")
        .def_property_readonly("players", [](const Board& b) { return b.variant.players; })
        .def_property_readonly("width", [](const Board& b) { return b.width; })
        .def_property_readonly("height", [](const Board& b) { return b.height; })
        .def_property_readonly("stride", [](const Board& b) { return b.stride; })
        .def_property_readonly("size", [](const Board& b) { return b.size; })
        .def_property_readonly("neighbours", [](const Board& b) { return b.neighbours; })
        .def_property_readonly("endzone_x", [](const Board& b) { return b.endzone_x; })
        .def_property_readonly("variant", [](const Board& b) {
            const Variant& v = b.variant;
            py::dict d;
            d["players"] = v.players;
            d["width"] = v.width;
            d["height"] = v.height;
            d["wide_rows"] = v.wide_rows;
            d["roster_size"] = v.roster_size;
            d["pitch_max"] = v.pitch_max;
            d["los_min"] = v.los_min;
            d["wide_max"] = v.wide_max;
            d["kick_scatter"] = static_cast<int>(v.kick_scatter);
            d["throw_in"] = static_cast<int>(v.throw_in);
            d["turns_per_half"] = v.turns_per_half;
            return d;
        })
        .def_property_readonly("xs", [](const Board& b) {
            return std::vector<int>(b.xs.begin(), b.xs.begin() + b.size);
        })
        .def_property_readonly("ys", [](const Board& b) {
            return std::vector<int>(b.ys.begin(), b.ys.begin() + b.size);
        })
        .def_property_readonly("wide", [](const Board& b) {
            return std::vector<int>(b.wide.begin(), b.wide.begin() + b.size);
        })
        .def_property_readonly("flags", [](const Board& b) {
            return std::vector<int>(b.flags.begin(), b.flags.begin() + b.size);
        })
        .def("sq", &Board::sq, py::arg("x"), py::arg("y"))
        .def("distance", [](const Board& b, int a, int c) {
            if (a < 0 || a >= b.size || c < 0 || c >= b.size) throw std::out_of_range("square out of range");
            return b.distance(a, c);
        })
        .def("scoring_side_at", [](const Board& b, int sq) {
            if (sq < 0 || sq >= b.size) throw std::out_of_range("square out of range");
            return b.scoring_side_at(sq);
        });
    m.attr("ON_PITCH") = static_cast<int>(ON_PITCH);
    m.attr("LOS_HOME") = static_cast<int>(LOS_HOME);
    m.attr("LOS_AWAY") = static_cast<int>(LOS_AWAY);
    m.attr("HOME_HALF") = static_cast<int>(HOME_HALF);

    m.def(
        "read_boards",
        [](const std::string& text) {
            py::dict out;
            for (const Variant& v : read_variants(text)) {
                out[py::int_(v.players)] = std::make_shared<Board>(make_board(v));
            }
            return out;
        },
        py::arg("text"), "Board geometries from the text of data/boards.json, by players a side.");
}

}  // namespace
