// `bench` as text, for UCI `bench` and `jadoube bench` alike: its arguments, a line
// per position as it is searched, and the totals in Stockfish's layout, then the
// line OpenBench's older parser reads last.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <string_view>

#include "engine/bench.h"

namespace jadoube {

// [depth [threads [hash MiB]]]
std::expected<BenchConfig, std::string> parse_bench_args(std::span<const std::string_view> args);

// "Position 3/46: 1234 nodes"
std::string bench_position_line(std::size_t index, std::uint64_t nodes);

// Stockfish's totals (time, nodes, nodes a second), with several threads each
// thread's nodes and where the main thread completed the depth, and last
// "N nodes M nps": OpenBench's older bench parser reads the last line of that shape.
std::string bench_summary(const BenchResult& r);

} // namespace jadoube
