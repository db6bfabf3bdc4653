// `export_net [FILE]`: the net in use written in its file format, which EvalFile
// reads back as the same net; without FILE, under a name made from its checksum.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "eval/net_file.h"
#include "support/files.h"
#include "support/uci_session.h"

using namespace jadoube;
using test::read_bytes;
using test::Session;

namespace {

// The `NNUE evaluation` of `eval` in the session's position, without the net's name.
std::string nnue_line(Session& s) {
    for (const std::string& line : test::split_lines(s.send("eval")))
        if (line.starts_with("NNUE evaluation")) return line.substr(0, line.find(", net "));
    return "";
}

} // namespace

TEST_SUITE("uci") {

TEST_CASE("export_net writes the embedded net byte for byte - and EvalFile reads it back as the same net") {
    const auto path = test::temp_path("exported.nnue");
    Session s;
    CHECK(s.send("export_net " + path.string())
          == "info string export_net: the net (embedded) written to " + path.string() + ", "
                 + std::to_string(nnue::embedded_network_bytes().size()) + " bytes\n");
    const std::vector<std::uint8_t> written = read_bytes(path);
    const auto embedded = nnue::embedded_network_bytes();
    CHECK(written == std::vector<std::uint8_t>(embedded.begin(), embedded.end()));

    s.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    const std::string before = nnue_line(s);
    REQUIRE(!before.empty());
    REQUIRE(s.send("setoption name EvalFile value " + path.string()) == "");
    CHECK(nnue_line(s) == before);
    // The net now in use is the file's; exported again, the same bytes.
    const auto again = test::temp_path("exported-again.nnue");
    CHECK(s.send("export_net " + again.string()).find("the net (" + path.string() + ")") != std::string::npos);
    CHECK(read_bytes(again) == written);
    std::filesystem::remove(path);
    std::filesystem::remove(again);
}

TEST_CASE("export_net without a file name writes the net under a name made from its checksum") {
    const auto dir = test::temp_path("export-dir");
    std::filesystem::create_directories(dir);
    const auto previous = std::filesystem::current_path();
    std::filesystem::current_path(dir);
    Session s;
    const std::string name = nnue::network_file_name(nnue::embedded_network_bytes());
    const std::string reply = s.send("export_net");
    std::filesystem::current_path(previous);
    CHECK(name.starts_with("jadoube-"));
    CHECK(name.size() == std::string("jadoube-").size() + 12 + std::string(".nnue").size());
    CHECK(reply
          == "info string export_net: the net (embedded) written to " + name + ", "
                 + std::to_string(nnue::embedded_network_bytes().size()) + " bytes\n");
    CHECK(std::filesystem::file_size(dir / name) == nnue::embedded_network_bytes().size());
    std::filesystem::remove_all(dir);
}

TEST_CASE("export_net to a place it cannot write is refused with an error line") {
    Session s;
    const std::string reply = s.send("export_net /nonexistent-dir/x/net.nnue");
    CHECK(reply == "info string error: export_net: cannot open /nonexistent-dir/x/net.nnue for writing\n");
}

} // TEST_SUITE
