#include "eval/net_file.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <new>

#include "util/little_endian.h"
#include "util/text.h"

// Generated at build time from nnue/nets/default.nnue (nnue/cmake/embed_net.cmake).
extern const std::uint8_t jadoube_embedded_net[];
extern const std::size_t jadoube_embedded_net_size;

namespace jadoube::nnue {

namespace {

constexpr std::uint32_t ACTIVATION_SCRELU = 1;
constexpr std::uint32_t FLAG_MIRROR = 1;

template<class T>
void put(std::vector<std::uint8_t>& out, T v) {
    using U = std::make_unsigned_t<T>;
    const U u = static_cast<U>(v);
    for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(std::uint8_t(u >> (8 * i)));
}

std::size_t file_bytes(const NetShape& shape, std::size_t hidden, std::size_t header) {
    const std::size_t ob = std::size_t(shape.outputBuckets);
    return header + 2 * (std::size_t(shape.inputs()) * hidden + hidden + ob * 2 * hidden) + 4 * ob + 8;
}

LoadedNetwork parse_embedded() {
    auto parsed = parse_network(embedded_network_bytes());
    if (parsed) return {std::shared_ptr<const Network>(std::move(*parsed)), "embedded"};
    return {std::make_shared<Network>(), "none (the embedded net is unusable: " + parsed.error() + ")"};
}

} // namespace

std::uint64_t fnv1a(std::span<const std::uint8_t> bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ULL;
    return h;
}

bool valid_shape(const NetShape& s) {
    if (s.kingBuckets < 1 || s.kingBuckets > MAX_KING_BUCKETS || s.outputBuckets < 1 || s.outputBuckets > MAX_OUTPUT_BUCKETS)
        return false;
    for (std::uint8_t b : s.kingBucket)
        if (b >= s.kingBuckets) return false;
    return true;
}

Network::Network(const NetShape& s) : shape(s), ftBiases{}, outWeights{}, outBias{} {
    // Rounded up to the alignment (whole cache lines); zeroed like the rest.
    constexpr std::size_t A = FtWeightsAlignment;
    const std::size_t bytes = (std::size_t(shape.inputs()) * HIDDEN * sizeof(std::int16_t) + A - 1) / A * A;
    ftWeights.reset(static_cast<std::int16_t*>(::operator new[](bytes, std::align_val_t{A}))); // throws bad_alloc
    std::memset(ftWeights.get(), 0, bytes);
}

bool Network::operator==(const Network& o) const {
    auto eq = [](auto a, auto b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); };
    return shape == o.shape && eq(ft_weights(), o.ft_weights()) && eq(std::span(ftBiases), std::span(o.ftBiases))
           && eq(out_weights(), o.out_weights()) && eq(out_biases(), o.out_biases()) && qb == o.qb;
}

std::vector<std::uint8_t> serialize_network(const NetShape& shape, int hidden, int qb, std::span<const std::int16_t> ftWeights,
                                            std::span<const std::int16_t> ftBiases, std::span<const std::int16_t> outWeights,
                                            std::span<const std::int32_t> outBiases) {
    const std::size_t h = std::size_t(hidden), ob = std::size_t(shape.outputBuckets);
    if (hidden <= 0 || (qb != QB && qb != QB_LEGACY) || !valid_shape(shape) || ftWeights.size() != std::size_t(shape.inputs()) * h
        || ftBiases.size() != h || outWeights.size() != ob * 2 * h || outBiases.size() != ob)
        return {};
    std::vector<std::uint8_t> out;
    out.reserve(file_bytes(shape, h, FILE_HEADER_BYTES));
    out.insert(out.end(), FILE_MAGIC, FILE_MAGIC + 4);
    put<std::uint32_t>(out, FILE_VERSION);
    put<std::uint32_t>(out, std::uint32_t(shape.inputs()));
    put<std::uint32_t>(out, std::uint32_t(hidden));
    put<std::uint32_t>(out, QA);
    put<std::uint32_t>(out, std::uint32_t(qb));
    put<std::uint32_t>(out, SCALE);
    put<std::uint32_t>(out, ACTIVATION_SCRELU);
    put<std::uint32_t>(out, std::uint32_t(shape.kingBuckets));
    put<std::uint32_t>(out, std::uint32_t(shape.outputBuckets));
    put<std::uint32_t>(out, shape.mirror ? FLAG_MIRROR : 0);
    put<std::uint32_t>(out, 0);
    out.insert(out.end(), shape.kingBucket.begin(), shape.kingBucket.end());
    for (std::int16_t w : ftWeights) put(out, w);
    for (std::int16_t b : ftBiases) put(out, b);
    for (std::int16_t w : outWeights) put(out, w);
    for (std::int32_t b : outBiases) put(out, b);
    put(out, fnv1a(out));
    return out;
}

std::vector<std::uint8_t> serialize_network(const Network& net) {
    return serialize_network(net.shape, HIDDEN, net.qb, net.ft_weights(), net.ftBiases, net.out_weights(), net.out_biases());
}

std::expected<std::unique_ptr<Network>, std::string> parse_network(std::span<const std::uint8_t> bytes) {
    using Err = std::unexpected<std::string>;
    if (bytes.size() < FILE_HEADER_BYTES_PLAIN) return Err("not a Jadoube net: " + std::to_string(bytes.size()) + " bytes");
    const std::uint8_t* p = bytes.data();
    if (std::memcmp(p, FILE_MAGIC, 4) != 0) return Err("not a Jadoube net (bad magic)");
    const auto version = le::load<std::uint32_t>(p + 4), inputs = le::load<std::uint32_t>(p + 8),
               hidden = le::load<std::uint32_t>(p + 12), qa = le::load<std::uint32_t>(p + 16),
               qb = le::load<std::uint32_t>(p + 20), scale = le::load<std::uint32_t>(p + 24),
               activation = le::load<std::uint32_t>(p + 28);
    if (version != FILE_VERSION && version != FILE_VERSION_PLAIN)
        return Err("net format version " + std::to_string(version) + ", expected " + std::to_string(FILE_VERSION_PLAIN) + " or "
                   + std::to_string(FILE_VERSION));
    NetShape shape = PlainShape;
    std::size_t header = FILE_HEADER_BYTES_PLAIN;
    if (version == FILE_VERSION) {
        if (bytes.size() < FILE_HEADER_BYTES) return Err("net header is truncated");
        const auto kb = le::load<std::uint32_t>(p + 32), ob = le::load<std::uint32_t>(p + 36),
                   flags = le::load<std::uint32_t>(p + 40), reserved = le::load<std::uint32_t>(p + 44);
        if (kb < 1 || kb > MAX_KING_BUCKETS || ob < 1 || ob > MAX_OUTPUT_BUCKETS || (flags & ~FLAG_MIRROR) || reserved)
            return Err("net has king buckets/output buckets/flags " + std::to_string(kb) + "/" + std::to_string(ob) + "/"
                       + std::to_string(flags) + "; this build reads 1-" + std::to_string(MAX_KING_BUCKETS) + "/1-"
                       + std::to_string(MAX_OUTPUT_BUCKETS) + "/0-1");
        shape.kingBuckets = int(kb), shape.outputBuckets = int(ob), shape.mirror = flags & FLAG_MIRROR;
        std::copy(p + 48, p + 48 + SQUARE_NB, shape.kingBucket.begin());
        if (!valid_shape(shape)) return Err("net's king bucket map names a bucket beyond its " + std::to_string(kb));
        header = FILE_HEADER_BYTES;
    }
    if (inputs != std::uint32_t(shape.inputs()) || qa != QA || (qb != QB && qb != QB_LEGACY) || scale != SCALE
        || activation != ACTIVATION_SCRELU)
        return Err("net has inputs/QA/QB/scale/activation " + std::to_string(inputs) + "/" + std::to_string(qa) + "/"
                   + std::to_string(qb) + "/" + std::to_string(scale) + "/" + std::to_string(activation) + ", this build needs "
                   + std::to_string(shape.inputs()) + "/" + std::to_string(QA) + "/" + std::to_string(QB) + "/"
                   + std::to_string(SCALE) + "/1");
    if (hidden != HIDDEN)
        return Err("net has hidden size " + std::to_string(hidden) + ", this build is for " + std::to_string(HIDDEN)
                   + " (CMake JADOUBE_NNUE_HIDDEN)");
    if (bytes.size() != file_bytes(shape, HIDDEN, header))
        return Err("net file is " + std::to_string(bytes.size()) + " bytes, expected "
                   + std::to_string(file_bytes(shape, HIDDEN, header)));
    const std::size_t payloadEnd = bytes.size() - 8;
    if (fnv1a(bytes.first(payloadEnd)) != le::load<std::uint64_t>(p + payloadEnd))
        return Err("net checksum mismatch (corrupt file)");

    auto net = std::make_unique<Network>(shape);
    const std::uint8_t* q = p + header;
    for (auto& w : net->ft_weights()) w = le::load<std::int16_t>(q), q += 2;
    for (auto& b : net->ftBiases) b = le::load<std::int16_t>(q), q += 2;
    net->qb = int(qb);
    const int bound = max_output_weight(net->qb);
    for (auto& w : net->out_weights()) {
        w = le::load<std::int16_t>(q), q += 2;
        if (w > bound || w < -bound)
            return Err("net output weight " + std::to_string(w) + " is beyond +-" + std::to_string(bound));
    }
    for (auto& b : net->out_biases()) b = le::load<std::int32_t>(q), q += 4;
    net->sum_output_weights();
    return net;
}

void Network::sum_output_weights() {
    for (int b = 0; b < MAX_OUTPUT_BUCKETS; ++b) {
        outWeightSum[b] = 0;
        for (std::int16_t w : outWeights[b]) outWeightSum[b] += w;
    }
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

std::expected<std::size_t, std::string> write_network_file(std::span<const std::uint8_t> fileBytes, const std::string& path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) return std::unexpected("cannot open " + path + " for writing");
    out.write(reinterpret_cast<const char*>(fileBytes.data()), std::streamsize(fileBytes.size()));
    out.close();
    if (!out) return std::unexpected("cannot write " + path);
    return fileBytes.size();
}

std::string network_file_name(std::span<const std::uint8_t> fileBytes) {
    constexpr int NameDigits = 12; // 48 bits: enough to tell a project's nets apart, short enough to type
    const std::uint64_t checksum = le::load<std::uint64_t>(fileBytes.data() + fileBytes.size() - 8);
    return "jadoube-" + text::hex(checksum >> (64 - 4 * NameDigits), NameDigits) + ".nnue";
}

const LoadedNetwork& embedded_network() {
    static const LoadedNetwork embedded = parse_embedded(); // thread-safe, once
    return embedded;
}

std::span<const std::uint8_t> embedded_network_bytes() { return {jadoube_embedded_net, jadoube_embedded_net_size}; }

} // namespace jadoube::nnue
