#include "util/memory.h"

#ifdef _WIN32
#include "util/windows_api.h"
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <charconv>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <string_view>

namespace jadoube {

#ifdef _WIN32

// Windows commits memory when it is allocated, so an oversized table fails at once
// rather than later; the check still keeps it from pushing the machine into paging.
// Physical memory available now (free plus standby), as Task Manager shows it.
std::optional<std::size_t> available_memory() {
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof status;
    if (!GlobalMemoryStatusEx(&status)) return std::nullopt;
    return std::size_t(status.ullAvailPhys);
}

#else

namespace {

std::optional<std::size_t> number(std::string_view text) {
    std::size_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end == text.data()) return std::nullopt;
    return v;
}

std::optional<std::size_t> read_number(const std::string& path) {
    std::ifstream in(path);
    std::string word;
    if (!(in >> word)) return std::nullopt;
    return number(word); // cgroup v2 writes "max" for no limit: nullopt
}

// The value of `key` in a "key value [kB]" file such as /proc/meminfo or memory.stat.
std::optional<std::size_t> read_field(const std::string& path, std::string_view key) {
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string k, v;
        if (!(fields >> k >> v)) continue;
        if (k.ends_with(':')) k.pop_back();
        if (k == key) return number(v);
    }
    return std::nullopt;
}

struct CgroupFiles {
    std::string mount, limit, usage, inactiveKey;
};

// A limit can be set on any ancestor of the process's cgroup, so every level up to
// the mount's root counts; the tightest wins.
std::optional<std::size_t> cgroup_headroom() {
    std::ifstream self("/proc/self/cgroup");
    std::optional<std::size_t> best;
    for (std::string line; std::getline(self, line);) {
        const auto a = line.find(':'), b = line.find(':', a + 1);
        if (a == std::string::npos || b == std::string::npos) continue;
        const std::string controllers = "," + line.substr(a + 1, b - a - 1) + ",";
        std::string path = line.substr(b + 1);
        CgroupFiles f;
        if (line.starts_with("0::")) f = {"/sys/fs/cgroup", "memory.max", "memory.current", "inactive_file"};
        else if (controllers.find(",memory,") != std::string::npos)
            f = {"/sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file"};
        else continue;
        while (true) {
            const std::string dir = f.mount + (path == "/" ? "" : path) + "/";
            const auto limit = read_number(dir + f.limit), usage = read_number(dir + f.usage);
            if (limit && usage) {
                const std::size_t inactive = read_field(dir + "memory.stat", f.inactiveKey).value_or(0);
                const std::size_t used = *usage - std::min(*usage, inactive);
                const std::size_t room = *limit - std::min(*limit, used);
                best = best ? std::min(*best, room) : room;
            }
            if (path.empty() || path == "/") break;
            path.erase(std::max<std::size_t>(path.rfind('/'), 1));
        }
    }
    return best;
}

} // namespace

std::optional<std::size_t> available_memory() {
    std::optional<std::size_t> avail;
    if (const auto kib = read_field("/proc/meminfo", "MemAvailable")) avail = *kib * 1024;
    else if (const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE); pages > 0 && page > 0)
        avail = std::size_t(pages) * std::size_t(page);
    if (const auto room = cgroup_headroom()) avail = avail ? std::min(*avail, *room) : *room;
    return avail;
}

#endif

void advise_huge_pages([[maybe_unused]] void* p, [[maybe_unused]] std::size_t bytes) {
#if defined(MADV_HUGEPAGE)
    (void)madvise(p, bytes, MADV_HUGEPAGE); // advice only: small pages work the same
#endif
}

void* allocate_huge(std::size_t bytes) noexcept {
    void* p = ::operator new[](bytes, std::align_val_t{HugePageSize}, std::nothrow);
    if (p) advise_huge_pages(p, bytes);
    return p;
}

void HugeFree::operator()(void* p) const noexcept { ::operator delete[](p, std::align_val_t{HugePageSize}); }

std::expected<void*, std::string> allocate_table(std::size_t sizeMiB, std::size_t released, std::string_view what) {
    const std::size_t bytes = sizeMiB * MiB;
    if (const auto avail = available_memory(); avail && bytes > *avail + released) {
        std::string msg = std::to_string(sizeMiB) + " MiB asked, but only " + std::to_string((*avail + released) / MiB)
                          + " MiB of memory is available";
        if (released)
            msg += " (" + std::to_string(*avail / MiB) + " MiB free + " + std::to_string(released / MiB) + " MiB of the current "
                   + std::string(what) + ")";
        return std::unexpected(msg);
    }
    if (void* p = allocate_huge(bytes)) return p;
    return std::unexpected("cannot allocate " + std::to_string(sizeMiB) + " MiB for the " + std::string(what));
}

} // namespace jadoube
