#include "eval/net_file.h"

#include <cstring>
#include <fstream>
#include <iterator>

#include "util/little_endian.h"

// Generated at build time from nnue/nets/default.nnue (nnue/cmake/embed_net.cmake).
extern const std::uint8_t jadoube_embedded_net[];
extern const std::size_t jadoube_embedded_net_size;

namespace jadoube::nnue {

namespace {

constexpr std::uint32_t ACTIVATION_SCRELU = 1;

std::uint64_t fnv1a(std::span<const std::uint8_t> bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ULL;
    return h;
}

template<class T>
void put(std::vector<std::uint8_t>& out, T v) {
    using U = std::make_unsigned_t<T>;
    const U u = static_cast<U>(v);
    for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(std::uint8_t(u >> (8 * i)));
}

std::size_t file_bytes(std::size_t hidden) {
    return FILE_HEADER_BYTES + 2 * (std::size_t(INPUTS) * hidden + hidden + 2 * hidden) + 4 + 8;
}

LoadedNetwork parse_embedded() {
    auto parsed = parse_network(embedded_network_bytes());
    if (parsed) return {std::shared_ptr<const Network>(std::move(*parsed)), "embedded"};
    auto zero = std::make_shared<Network>();
    std::memset(zero.get(), 0, sizeof(Network));
    return {std::move(zero), "none (the embedded net is unusable: " + parsed.error() + ")"};
}

} // namespace

std::vector<std::uint8_t> serialize_network(int hidden, std::span<const std::int16_t> ftWeights,
                                            std::span<const std::int16_t> ftBiases, std::span<const std::int16_t> outWeights,
                                            std::int32_t outBias) {
    const std::size_t h = std::size_t(hidden);
    if (hidden <= 0 || ftWeights.size() != std::size_t(INPUTS) * h || ftBiases.size() != h || outWeights.size() != 2 * h)
        return {};
    std::vector<std::uint8_t> out;
    out.reserve(file_bytes(h));
    out.insert(out.end(), FILE_MAGIC, FILE_MAGIC + 4);
    put<std::uint32_t>(out, FILE_VERSION);
    put<std::uint32_t>(out, INPUTS);
    put<std::uint32_t>(out, std::uint32_t(hidden));
    put<std::uint32_t>(out, QA);
    put<std::uint32_t>(out, QB);
    put<std::uint32_t>(out, SCALE);
    put<std::uint32_t>(out, ACTIVATION_SCRELU);
    for (std::int16_t w : ftWeights) put(out, w);
    for (std::int16_t b : ftBiases) put(out, b);
    for (std::int16_t w : outWeights) put(out, w);
    put(out, outBias);
    put(out, fnv1a(out));
    return out;
}

std::expected<std::unique_ptr<Network>, std::string> parse_network(std::span<const std::uint8_t> bytes) {
    using Err = std::unexpected<std::string>;
    if (bytes.size() < FILE_HEADER_BYTES) return Err("not a Jadoube net: " + std::to_string(bytes.size()) + " bytes");
    const std::uint8_t* p = bytes.data();
    if (std::memcmp(p, FILE_MAGIC, 4) != 0) return Err("not a Jadoube net (bad magic)");
    const auto version = le::load<std::uint32_t>(p + 4), inputs = le::load<std::uint32_t>(p + 8),
               hidden = le::load<std::uint32_t>(p + 12), qa = le::load<std::uint32_t>(p + 16),
               qb = le::load<std::uint32_t>(p + 20), scale = le::load<std::uint32_t>(p + 24),
               activation = le::load<std::uint32_t>(p + 28);
    if (version != FILE_VERSION)
        return Err("net format version " + std::to_string(version) + ", expected " + std::to_string(FILE_VERSION));
    if (inputs != INPUTS || qa != QA || qb != QB || scale != SCALE || activation != ACTIVATION_SCRELU)
        return Err("net has inputs/QA/QB/scale/activation " + std::to_string(inputs) + "/" + std::to_string(qa) + "/"
                   + std::to_string(qb) + "/" + std::to_string(scale) + "/" + std::to_string(activation) + ", this build needs "
                   + std::to_string(INPUTS) + "/" + std::to_string(QA) + "/" + std::to_string(QB) + "/" + std::to_string(SCALE)
                   + "/1");
    if (hidden != HIDDEN)
        return Err("net has hidden size " + std::to_string(hidden) + ", this build is for " + std::to_string(HIDDEN)
                   + " (CMake JADOUBE_NNUE_HIDDEN)");
    if (bytes.size() != file_bytes(HIDDEN))
        return Err("net file is " + std::to_string(bytes.size()) + " bytes, expected " + std::to_string(file_bytes(HIDDEN)));
    const std::size_t payloadEnd = bytes.size() - 8;
    if (fnv1a(bytes.first(payloadEnd)) != le::load<std::uint64_t>(p + payloadEnd))
        return Err("net checksum mismatch (corrupt file)");

    auto net = std::make_unique<Network>();
    const std::uint8_t* q = p + FILE_HEADER_BYTES;
    for (auto& w : net->ftWeights) w = le::load<std::int16_t>(q), q += 2;
    for (auto& b : net->ftBiases) b = le::load<std::int16_t>(q), q += 2;
    for (auto& w : net->outWeights) {
        w = le::load<std::int16_t>(q), q += 2;
        if (w > MAX_OUTPUT_WEIGHT || w < -MAX_OUTPUT_WEIGHT)
            return Err("net output weight " + std::to_string(w) + " is beyond +-" + std::to_string(MAX_OUTPUT_WEIGHT));
    }
    net->outBias = le::load<std::int32_t>(q);
    return net;
}

std::expected<LoadedNetwork, std::string> read_network_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::unexpected("cannot open " + path);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return std::unexpected("cannot read " + path);
    auto net = parse_network(bytes);
    if (!net) return std::unexpected(path + ": " + net.error());
    return LoadedNetwork{std::shared_ptr<const Network>(std::move(*net)), path};
}

const LoadedNetwork& embedded_network() {
    static const LoadedNetwork embedded = parse_embedded(); // thread-safe, once
    return embedded;
}

std::span<const std::uint8_t> embedded_network_bytes() { return {jadoube_embedded_net, jadoube_embedded_net_size}; }

} // namespace jadoube::nnue
