#include "util/mapped_file.h"

#ifdef _WIN32
#include "util/windows_api.h"
#else
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include <cerrno>
#include <cstring>

namespace jadoube {

#ifdef _WIN32

namespace {

// The system's message for GetLastError(), as strerror gives errno's.
std::string last_error() {
    char text[256] = {};
    const DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr, GetLastError(), 0, text,
                                   sizeof text, nullptr);
    std::string s(text, n);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == '.')) s.pop_back();
    return s;
}

} // namespace

MappedFile::~MappedFile() {
    if (data_) UnmapViewOfFile(data_);
}

std::expected<void, std::string> MappedFile::open(const std::string& path) {
    // FILE_FLAG_RANDOM_ACCESS: probes jump about the file (madvise MADV_RANDOM on POSIX).
    const HANDLE file = CreateFileA(path.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING, FILE_FLAG_RANDOM_ACCESS,
                                    nullptr);
    if (file == INVALID_HANDLE_VALUE) return std::unexpected(path + ": cannot be opened: " + last_error());
    LARGE_INTEGER bytes{};
    if (!GetFileSizeEx(file, &bytes) || bytes.QuadPart <= 0) {
        CloseHandle(file);
        return std::unexpected(path + ": empty or unreadable");
    }
    const HANDLE mapping = CreateFileMappingA(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
    CloseHandle(file); // the mapping keeps the file open
    if (!mapping) return std::unexpected(path + ": cannot be mapped: " + last_error());
    void* p = MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0);
    CloseHandle(mapping); // the view keeps the mapping
    if (!p) return std::unexpected(path + ": cannot be mapped: " + last_error());
    data_ = static_cast<const std::uint8_t*>(p);
    size_ = std::size_t(bytes.QuadPart);
    return {};
}

#else

MappedFile::~MappedFile() {
    if (data_) munmap(const_cast<std::uint8_t*>(data_), size_);
}

std::expected<void, std::string> MappedFile::open(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return std::unexpected(path + ": cannot be opened: " + std::strerror(errno));
    struct stat st{};
    if (fstat(fd, &st) != 0 || st.st_size <= 0) {
        ::close(fd);
        return std::unexpected(path + ": empty or unreadable");
    }
    void* p = mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    if (p == MAP_FAILED) return std::unexpected(path + ": cannot be mapped: " + std::strerror(errno));
    madvise(p, std::size_t(st.st_size), MADV_RANDOM); // probes jump about the file
    data_ = static_cast<const std::uint8_t*>(p);
    size_ = std::size_t(st.st_size);
    return {};
}

#endif

} // namespace jadoube
