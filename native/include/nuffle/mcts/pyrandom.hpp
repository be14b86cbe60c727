// What the search borrows from CPython so that the C++ search draws and orders exactly as the
// Python one (agents/mcts/search.py): `random.Random`'s Mersenne Twister with its
// `getrandbits` and `random`, the hash of a tuple of small ints (the seeded tie-break of the
// expansion order), and `float(Fraction(num, den))` (a correctly rounded quotient).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace nuffle::mcts {

// random.Random's generator (MT19937, CPython's _randommodule.c): its state is the 624 words
// and the index `Random.getstate()` holds, so a Python generator hands over to C++ and back.
class PyRandom {
public:
    static constexpr int N = 624;
    static constexpr int M = 397;

    // From `Random.getstate()[1]` (624 words and the index).
    void set_state(const std::vector<std::uint64_t>& words) {
        if (words.size() != N + 1 || words[N] > N) throw std::invalid_argument("a Random state is 624 words and an index 0 to 624");
        for (int i = 0; i < N; ++i) mt_[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(words[static_cast<std::size_t>(i)]);
        index_ = static_cast<int>(words[N]);
    }
    std::vector<std::uint64_t> state() const {
        std::vector<std::uint64_t> out(mt_.begin(), mt_.end());
        out.push_back(static_cast<std::uint64_t>(index_));
        return out;
    }

    // Random.seed(n) for a non-negative int given as 32-bit words, least significant first
    // (init_by_array over them; at least one word).
    void seed(const std::uint32_t* key, int words) noexcept {
        mt_[0] = 19650218U;
        for (int i = 1; i < N; ++i) {
            const std::uint32_t prev = mt_[static_cast<std::size_t>(i - 1)];
            mt_[static_cast<std::size_t>(i)] = 1812433253U * (prev ^ (prev >> 30)) + static_cast<std::uint32_t>(i);
        }
        int i = 1, j = 0;
        for (int k = N > words ? N : words; k > 0; --k) {
            const std::uint32_t prev = mt_[static_cast<std::size_t>(i - 1)];
            mt_[static_cast<std::size_t>(i)] = (mt_[static_cast<std::size_t>(i)] ^ ((prev ^ (prev >> 30)) * 1664525U)) +
                                               key[j] + static_cast<std::uint32_t>(j);
            ++i;
            ++j;
            if (i >= N) {
                mt_[0] = mt_[N - 1];
                i = 1;
            }
            if (j >= words) j = 0;
        }
        for (int k = N - 1; k > 0; --k) {
            const std::uint32_t prev = mt_[static_cast<std::size_t>(i - 1)];
            mt_[static_cast<std::size_t>(i)] = (mt_[static_cast<std::size_t>(i)] ^ ((prev ^ (prev >> 30)) * 1566083941U)) -
                                               static_cast<std::uint32_t>(i);
            ++i;
            if (i >= N) {
                mt_[0] = mt_[N - 1];
                i = 1;
            }
        }
        mt_[0] = 0x80000000U;
        index_ = N;
    }

    // Random.seed(n) for an int below 2**128.
    void seed(unsigned __int128 n) noexcept {
        std::uint32_t key[4];
        int words = 0;
        do {
            key[words++] = static_cast<std::uint32_t>(n);
            n >>= 32;
        } while (n != 0);
        seed(key, words);
    }

    // Random.getrandbits(64).
    std::uint64_t bits64() noexcept {
        const std::uint64_t lo = next32();
        const std::uint64_t hi = next32();
        return hi << 32 | lo;
    }

    // Random.randrange(n) for n >= 1 (_randbelow_with_getrandbits: k bits, drawn again while
    // the value is n or more).
    std::uint32_t below(std::uint32_t n) noexcept {
        const int k = 32 - __builtin_clz(n);
        std::uint32_t r = next32() >> (32 - k);
        while (r >= n) r = next32() >> (32 - k);
        return r;
    }

    std::uint32_t next32() noexcept {
        constexpr std::uint32_t upper = 0x80000000U, lower = 0x7fffffffU, matrix = 0x9908b0dfU;
        if (index_ >= N) {
            int k = 0;
            for (; k < N - M; ++k) {
                const std::uint32_t y = (mt_[k] & upper) | (mt_[k + 1] & lower);
                mt_[k] = mt_[k + M] ^ (y >> 1) ^ ((y & 1U) ? matrix : 0U);
            }
            for (; k < N - 1; ++k) {
                const std::uint32_t y = (mt_[k] & upper) | (mt_[k + 1] & lower);
                mt_[k] = mt_[k + (M - N)] ^ (y >> 1) ^ ((y & 1U) ? matrix : 0U);
            }
            const std::uint32_t y = (mt_[N - 1] & upper) | (mt_[0] & lower);
            mt_[N - 1] = mt_[M - 1] ^ (y >> 1) ^ ((y & 1U) ? matrix : 0U);
            index_ = 0;
        }
        std::uint32_t y = mt_[static_cast<std::size_t>(index_++)];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= y >> 18;
        return y;
    }

    // Random.getrandbits(63): the low word first, then 31 bits of the next.
    std::uint64_t bits63() noexcept {
        const std::uint64_t lo = next32();
        const std::uint64_t hi = next32() >> 1;
        return hi << 32 | lo;
    }

    // Random.random(): 53 bits from two words.
    double random() noexcept {
        const std::uint32_t a = next32() >> 5, b = next32() >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }

private:
    std::array<std::uint32_t, N> mt_{};
    int index_ = N;
};

// hash(n) of a Python int that fits in 62 bits: n itself, except that -1 hashes to -2.
constexpr std::int64_t py_int_hash(std::int64_t n) noexcept { return n == -1 ? -2 : n; }

// hash() of a tuple whose items hash to `lanes` (CPython 3.8+'s xxHash-based tuplehash).
template <std::size_t K>
constexpr std::int64_t py_tuple_hash(const std::array<std::int64_t, K>& lanes) noexcept {
    constexpr std::uint64_t p1 = 11400714785074694791ULL, p2 = 14029467366897019727ULL, p5 = 2870177450012600261ULL;
    std::uint64_t acc = p5;
    for (const std::int64_t lane : lanes) {
        acc += static_cast<std::uint64_t>(lane) * p2;
        acc = (acc << 31) | (acc >> 33);
        acc *= p1;
    }
    acc += static_cast<std::uint64_t>(K) ^ (p5 ^ 3527539ULL);
    if (acc == ~0ULL) return 1546275796;
    return static_cast<std::int64_t>(acc);
}

// hash((salt, (a, b, c, d))) for small ints: the expansion order's tie-break.
constexpr std::int64_t salted_hash(std::int64_t salt, const std::array<std::int64_t, 4>& t) noexcept {
    const std::array<std::int64_t, 4> inner = {py_int_hash(t[0]), py_int_hash(t[1]), py_int_hash(t[2]), py_int_hash(t[3])};
    return py_tuple_hash<2>({py_int_hash(salt), py_tuple_hash<4>(inner)});
}

// float(Fraction(num, den)) when both parts are below 2**53 (then the quotient of the two exact
// doubles is the correctly rounded one); false for larger parts (the caller asks Python).
inline bool exact_ratio(unsigned __int128 num, unsigned __int128 den, double& out) noexcept {
    constexpr unsigned __int128 limit = static_cast<unsigned __int128>(1) << 53;
    if (num >= limit || den >= limit || den == 0) return false;
    out = static_cast<double>(static_cast<std::uint64_t>(num)) / static_cast<double>(static_cast<std::uint64_t>(den));
    return true;
}

}  // namespace nuffle::mcts
