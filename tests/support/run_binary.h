// Runs the engine binary (JADOUBE_BINARY) once with arguments and a whole
// standard input, and returns its standard output, standard error and exit code.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

namespace jadoube::test {

struct BinaryResult {
    std::string out, err;
    int exitCode = -1; // 128 + signal when killed
};

inline BinaryResult run_binary(std::vector<std::string> args, const std::string& input,
                               std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    int in[2], out[2], err[2];
    if (pipe(in) != 0 || pipe(out) != 0 || pipe(err) != 0) throw std::runtime_error("pipe failed");
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        dup2(err[1], STDERR_FILENO);
        for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
        std::vector<char*> argv{const_cast<char*>(JADOUBE_BINARY)};
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(JADOUBE_BINARY, argv.data());
        _exit(127);
    }
    close(in[0]), close(out[1]), close(err[1]);
    signal(SIGPIPE, SIG_IGN);

    BinaryResult r;
    std::size_t written = 0;
    int toChild = in[1];
    if (input.empty()) close(toChild), toChild = -1;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    bool outOpen = true, errOpen = true;
    while ((outOpen || errOpen) && std::chrono::steady_clock::now() < deadline) {
        std::vector<pollfd> fds;
        if (outOpen) fds.push_back({out[0], POLLIN, 0});
        if (errOpen) fds.push_back({err[0], POLLIN, 0});
        if (toChild >= 0) fds.push_back({toChild, POLLOUT, 0});
        if (poll(fds.data(), fds.size(), 100) <= 0) continue;
        for (const pollfd& p : fds) {
            if (!p.revents) continue;
            if (p.fd == toChild) {
                const ssize_t n = write(toChild, input.data() + written, input.size() - written);
                if (n > 0) written += std::size_t(n);
                if (n < 0 || written == input.size()) close(toChild), toChild = -1;
                continue;
            }
            char chunk[4096];
            const ssize_t n = read(p.fd, chunk, sizeof chunk);
            std::string& dest = p.fd == out[0] ? r.out : r.err;
            if (n > 0) dest.append(chunk, std::size_t(n));
            else (p.fd == out[0] ? outOpen : errOpen) = false;
        }
    }
    if (toChild >= 0) close(toChild);
    close(out[0]), close(err[0]);
    int status = 0;
    if (outOpen || errOpen) kill(pid, SIGKILL); // timed out
    waitpid(pid, &status, 0);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return r;
}

} // namespace jadoube::test
