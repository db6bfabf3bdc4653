#include "util/line_reader.h"

namespace jadoube {

bool read_line(std::istream& in, std::string& line, std::size_t cap) {
    line.clear();
    std::streambuf* buf = in.rdbuf();
    if (!in.good() || !buf) return false;
    bool any = false;
    for (;;) {
        const int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            return any;
        }
        any = true;
        if (c == '\n') return true;
        if (line.size() <= cap) line.push_back(static_cast<char>(c));
    }
}

} // namespace jadoube
