// How much memory the process may still take. Linux overcommits: a huge `new`
// can succeed and the process is OOM-killed only when the pages are touched, so
// big tables (Hash, Threads) are checked against this before they are allocated.
#pragma once

#include <cstddef>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

namespace jadoube {

constexpr std::size_t MiB = std::size_t(1) << 20;

// The kernel's MemAvailable (free memory plus what it can reclaim without swapping;
// sysconf's free pages where /proc/meminfo is missing), capped by the headroom under
// any cgroup memory limit of this process (limit - usage + inactive file cache, the
// working-set rule container runtimes use); on Windows the available physical
// memory (GlobalMemoryStatusEx). nullopt when nothing can be read.
std::optional<std::size_t> available_memory();

// Large tables are aligned to the x86-64 huge page so that the kernel can back them
// with 2 MiB pages: a few hundred times fewer page faults when they are cleared (16 MiB
// of hash is 4,096 small pages) and fewer TLB misses in search.
constexpr std::size_t HugePageSize = 2 * MiB;

// Asks the kernel for transparent huge pages over [p, p + bytes) (Linux madvise;
// a no-op where that does not exist or is switched off). Call before the first touch.
// Windows grants large pages only to a process holding the "Lock pages in memory"
// privilege, which a user must be given by policy; there the tables use small pages.
void advise_huge_pages(void* p, std::size_t bytes);

// Memory for a big table: `bytes` aligned to HugePageSize and advised for huge pages,
// none of it touched yet (the caller clears it, which commits the pages). Null when
// the allocation fails; free it with HugeFree.
void* allocate_huge(std::size_t bytes) noexcept;
struct HugeFree {
    void operator()(void* p) const noexcept;
};

// allocate_huge() for a table of `sizeMiB` MiB, `what` in its messages, refused before
// any page is touched when it exceeds the memory available plus `released` bytes (a
// table the caller frees in its place): under overcommit the allocation succeeds
// anyway and clearing the table would get the process OOM-killed.
std::expected<void*, std::string> allocate_table(std::size_t sizeMiB, std::size_t released, std::string_view what);

} // namespace jadoube
