// The engine binary driven over pipes, as a GUI drives it: for integration tests
// that need real processes, real threads and real time.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace jadoube::test {

class EngineProcess {
public:
    using Clock = std::chrono::steady_clock;

#ifdef JADOUBE_BINARY
    explicit EngineProcess(std::vector<std::string> args = {}) : EngineProcess(JADOUBE_BINARY, std::move(args)) {}
#endif
    // Any program spoken to the same way, such as an adapter in front of the engine
    // or an emulator in front of a cross-built one (a name without '/' is looked up
    // in PATH: `wine`).
    EngineProcess(std::string program, std::vector<std::string> args) {
        int in[2], out[2];
        // Close-on-exec, so that a second process started beside this one does not
        // hold this one's pipes open and keep it from seeing the end of its input.
        if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ < 0) throw std::runtime_error("fork failed");
        if (pid_ == 0) {
            dup2(in[0], STDIN_FILENO);
            dup2(out[1], STDOUT_FILENO);
            std::vector<char*> argv{program.data()};
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execvp(program.c_str(), argv.data());
            _exit(127);
        }
        close(in[0]), close(out[1]);
        toEngine_ = in[1], fromEngine_ = out[0];
        signal(SIGPIPE, SIG_IGN);
    }
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;
    ~EngineProcess() {
        close_input();
        close(fromEngine_);
        if (exitCode_ < 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }

    void send(const std::string& line) {
        const std::string text = line + '\n';
        if (write(toEngine_, text.data(), text.size()) != ssize_t(text.size())) throw std::runtime_error("engine input closed");
    }
    void close_input() {
        if (toEngine_ >= 0) close(toEngine_), toEngine_ = -1;
    }

    // The next line, or nullopt when none arrives before the deadline or the engine exits.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout) {
        const auto deadline = Clock::now() + timeout;
        while (true) {
            if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return line;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0) return std::nullopt;
            pollfd p{fromEngine_, POLLIN, 0};
            if (poll(&p, 1, int(left)) <= 0) continue;
            char chunk[4096];
            const ssize_t n = read(fromEngine_, chunk, sizeof chunk);
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, std::size_t(n));
        }
    }

    // Reads until a line starting with prefix; returns it (nullopt on timeout).
    std::optional<std::string> wait_for(const std::string& prefix, std::chrono::milliseconds timeout,
                                        std::vector<std::string>* seen = nullptr) {
        const auto deadline = Clock::now() + timeout;
        while (Clock::now() < deadline) {
            auto line = read_line(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
            if (!line) return std::nullopt;
            if (seen) seen->push_back(*line);
            if (line->starts_with(prefix)) return line;
        }
        return std::nullopt;
    }

    // Exit status after the input is closed, or -1 if it does not end in time.
    int wait_exit(std::chrono::milliseconds timeout) {
        close_input();
        const auto deadline = Clock::now() + timeout;
        while (Clock::now() < deadline) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_)
                return exitCode_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            usleep(1000);
        }
        return -1;
    }

private:
    pid_t pid_ = -1;
    int toEngine_ = -1, fromEngine_ = -1;
    int exitCode_ = -1;
    std::string buffer_;
};

} // namespace jadoube::test
