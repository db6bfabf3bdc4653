// Every line the engine prints goes through here: whole messages under one
// lock, flushed at once, so a search thread's info lines never interleave with
// the protocol loop's replies and a GUI never waits on a buffered answer.
#pragma once

#include <mutex>
#include <ostream>
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
    }

private:
    std::mutex mutex_;
    std::ostream& os_;
};

} // namespace jadoube
