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

    // Runs f while no message can be written: lets a reader look at the stream
    // (tests do) while a search thread is printing.
    template<class F>
    void inspect(F&& f) {
        std::lock_guard lock(mutex_);
        f();
    }

private:
    std::mutex mutex_;
    std::ostream& os_;
};

} // namespace jadoube
