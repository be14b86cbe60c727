// The in-state random number generator: the same xorshift64 stream as nuffle/core/dice.py.
#pragma once

#include <cstdint>

namespace nuffle {

// A 64-bit seed (the Python seed masked to 64 bits) turned into a non-zero generator state
// with the splitmix64 finaliser.
constexpr std::uint64_t seed_state(std::uint64_t seed) noexcept {
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return z != 0 ? z : 0x2545F4914F6CDD1DULL;
}

// One xorshift64 step.
constexpr std::uint64_t next_state(std::uint64_t x) noexcept {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    return x;
}

// A value in 0..k-1 from generator state x (k >= 1; the caller advances the state first).
constexpr std::uint32_t draw(std::uint64_t x, std::uint32_t k) noexcept {
    return static_cast<std::uint32_t>(((x * 0x2545F4914F6CDD1DULL) >> 11) % k);
}

}  // namespace nuffle
