// Reads the board variants from the text of data/boards.json (the file the Python engine
// reads), so both engines share one source. A small reader for exactly that file's shape: an
// object of variants, each an object of integers and dice names; keys starting with "_" are
// comments and skipped. Malformed text raises std::invalid_argument naming the problem.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nuffle/board.hpp"

namespace nuffle {

namespace detail {

class BoardsReader {
public:
    explicit BoardsReader(std::string_view text) : text_(text) {}

    std::vector<Variant> read() {
        std::vector<Variant> out;
        expect('{');
        if (peek() == '}') {
            ++pos_;
        } else {
            while (true) {
                const std::string key = string();
                expect(':');
                if (!key.empty() && key[0] == '_') {
                    skip_value(0);
                } else {
                    out.push_back(variant(key));
                }
                if (peek() == ',') { ++pos_; continue; }
                expect('}');
                break;
            }
        }
        if (peek() != '\0') fail("text after the boards object");
        if (out.empty()) fail("no board variants");
        return out;
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;

    [[noreturn]] void fail(const std::string& what) const {
        throw std::invalid_argument("boards.json: " + what + " at character " + std::to_string(pos_));
    }
    char peek() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\r' ||
                                       text_[pos_] == '\t')) {
            ++pos_;
        }
        return pos_ < text_.size() ? text_[pos_] : '\0';
    }
    void expect(char c) {
        if (peek() != c) fail(std::string("expected '") + c + "'");
        ++pos_;
    }
    std::string string() {
        expect('"');
        std::string out;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            if (text_[pos_] == '\\') {
                ++pos_;
                if (pos_ >= text_.size()) break;
            }
            out.push_back(text_[pos_++]);
        }
        if (pos_ >= text_.size()) fail("unterminated string");
        ++pos_;
        return out;
    }
    long long integer() {
        peek();
        bool negative = false;
        if (pos_ < text_.size() && text_[pos_] == '-') { negative = true; ++pos_; }
        const std::size_t start = pos_;
        long long value = 0;
        while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
            if (value > 1000000) fail("number too large");
            value = value * 10 + (text_[pos_] - '0');
            ++pos_;
        }
        if (pos_ == start) fail("expected a number");
        return negative ? -value : value;
    }
    void skip_value(int depth) {
        if (depth > 32) fail("nesting too deep");
        const char c = peek();
        if (c == '"') { string(); return; }
        if (c == '{' || c == '[') {
            const char close = c == '{' ? '}' : ']';
            ++pos_;
            if (peek() == close) { ++pos_; return; }
            while (true) {
                if (c == '{') { string(); expect(':'); }
                skip_value(depth + 1);
                if (peek() == ',') { ++pos_; continue; }
                expect(close);
                return;
            }
        }
        if (c == '-' || (c >= '0' && c <= '9')) { integer(); return; }
        for (const std::string_view word : {"true", "false", "null"}) {
            if (text_.substr(pos_, word.size()) == word) { pos_ += word.size(); return; }
        }
        fail("expected a value");
    }
    static Dice dice_named(const std::string& name, const std::string& field) {
        if (name == "D2") return Dice::D2;
        if (name == "D3") return Dice::D3;
        if (name == "D6") return Dice::D6;
        if (name == "2D6") return Dice::TWO_D6;
        throw std::invalid_argument("boards.json: " + field + " must be D2, D3, D6 or 2D6, got '" + name + "'");
    }
    Variant variant(const std::string& key) {
        Variant v;
        std::size_t used = 0;
        try {
            v.players = std::stoi(key);
        } catch (const std::exception&) {
            fail("board key '" + key + "' is not a number");
        }
        if (v.players < 1 || v.players > 16) fail("board key '" + key + "' is out of range");
        expect('{');
        while (true) {
            const std::string field = string();
            expect(':');
            if (field == "kick_scatter" || field == "throw_in") {
                const Dice d = dice_named(string(), field);
                (field == "kick_scatter" ? v.kick_scatter : v.throw_in) = d;
            } else {
                const long long n = integer();
                if (n < 0 || n > 255) fail(field + " out of range");
                const int value = static_cast<int>(n);
                if (field == "width") v.width = value;
                else if (field == "height") v.height = value;
                else if (field == "wide_rows") v.wide_rows = value;
                else if (field == "roster_size") v.roster_size = value;
                else if (field == "pitch_max") v.pitch_max = value;
                else if (field == "los_min") v.los_min = value;
                else if (field == "wide_max") v.wide_max = value;
                else if (field == "turns_per_half") v.turns_per_half = value;
                else fail("unknown field '" + field + "'");
            }
            ++used;
            if (peek() == ',') { ++pos_; continue; }
            expect('}');
            break;
        }
        if (used != 10) fail("board " + key + " needs 10 fields, has " + std::to_string(used));
        return v;
    }
};

}  // namespace detail

// The variants listed in the text of boards.json, in file order.
inline std::vector<Variant> read_variants(std::string_view text) {
    return detail::BoardsReader(text).read();
}

}  // namespace nuffle
