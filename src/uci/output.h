// Every line the engine prints goes through here: whole messages under one
// lock, flushed at once, so a search thread's info lines never interleave with
// the protocol loop's replies and a GUI never waits on a buffered answer.
// With `Debug Log File` set, the same lock keeps a copy of the traffic in a file,
// in the order it happened: each line read marked "<< ", each line printed ">> ".
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <expected>
#include <fstream>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

namespace jadoube {

class Output {
public:
    explicit Output(std::ostream& os) : os_(os) {}
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    // text is one or more complete lines, each ending in '\n'.
    void send(std::string_view text) {
        std::lock_guard lock(mutex_);
        os_ << text;
        os_.flush();
        if (log_.is_open()) write_log(">> ", text);
    }

    // A line the engine read (without its '\n'), for the log.
    void log_input(std::string_view line) {
        std::lock_guard lock(mutex_);
        if (log_.is_open()) write_log("<< ", line);
    }

    // Starts copying the traffic to the end of the file at path (created if
    // missing); an empty path stops. A file that cannot be opened for writing is
    // refused and the log stays as it was.
    std::expected<void, std::string> set_log(const std::string& path) {
        std::lock_guard lock(mutex_);
        if (path.empty()) {
            log_.close();
            return {};
        }
        std::ofstream next(path, std::ios::app | std::ios::binary);
        if (!next) return std::unexpected("cannot open " + path + " for writing: " + std::strerror(errno));
        log_ = std::move(next);
        return {};
    }

    // Runs f while no message can be written: lets a reader look at the stream
    // (tests do) while a search thread is printing.
    template<class F>
    void inspect(F&& f) {
        std::lock_guard lock(mutex_);
        f();
    }

private:
    // Each line of text behind the marker, an empty text as one empty line (the
    // caller holds the lock).
    void write_log(std::string_view marker, std::string_view text) {
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t end = std::min(text.find('\n', at), text.size());
            log_ << marker << text.substr(at, end - at) << '\n';
            at = end + 1;
        }
        if (text.empty()) log_ << marker << '\n';
        log_.flush();
    }

    std::mutex mutex_;
    std::ostream& os_;
    std::ofstream log_; // Debug Log File, when set
};

} // namespace jadoube
