// A read-only memory map of a whole file (the Syzygy tables): POSIX mmap, or a
// file mapping on Windows. Unmapped on destruction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <string>

namespace jadoube {

class MappedFile {
public:
    MappedFile() = default;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();
    // Maps the file; an empty, missing or unreadable file is an error naming it.
    std::expected<void, std::string> open(const std::string& path);
    const std::uint8_t* data() const { return data_; }
    std::size_t size() const { return size_; }

private:
    const std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

} // namespace jadoube
