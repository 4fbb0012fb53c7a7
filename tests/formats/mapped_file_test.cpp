// MappedFile: a file truncated while it is mapped reads as zeros past its new
// end instead of killing the process (SIGBUS), and check_unchanged() / parse()
// name the file as changed; a file rewritten in place (same size, new mtime)
// is named too; an untouched file parses as it is.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include "core/mapped_file.hpp"
#include "core/parallel.hpp"
#include "support/error_of.hpp"

using namespace cuzk;
namespace fs = std::filesystem;

using testing_support::error_of;

namespace {

struct TempFile {
  std::string path;
  TempFile(const std::string& name, size_t bytes, uint8_t fill) {
    path = (fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()))).string();
    std::ofstream(path, std::ios::binary) << std::string(bytes, char(fill));
    // an old mtime, so a rewrite now is seen whatever the clock's granularity
    const timespec old[2] = {{1000000000, 0}, {1000000000, 0}};
    ::utimensat(AT_FDCWD, path.c_str(), old, 0);
  }
  ~TempFile() { fs::remove(path); }
};

uint64_t sum(std::span<const uint8_t> b) { return std::accumulate(b.begin(), b.end(), uint64_t(0)); }

}  // namespace

TEST(MappedFile, UntouchedFileParses) {
  TempFile t("cuzk_map_same", 3 * 4096, 1);
  MappedFile m(t.path);
  EXPECT_NO_THROW(m.check_unchanged());
  EXPECT_EQ(m.parse([](auto b) { return sum(b); }), 3u * 4096);
}

TEST(MappedFile, TruncatedWhileMappedReadsZerosAndSaysSo) {
  TempFile t("cuzk_map_cut", 64 * 4096, 1);
  MappedFile m(t.path);
  EXPECT_EQ(m.bytes()[0], 1);
  ASSERT_EQ(::truncate(t.path.c_str(), 4096), 0);
  // reading past the new end reads zeros, not SIGBUS
  EXPECT_EQ(sum(m.bytes()), 4096u);
  const std::string e = error_of([&] { m.check_unchanged(); });
  EXPECT_NE(e.find(t.path), std::string::npos) << e;
  EXPECT_NE(e.find("changed while it was being read"), std::string::npos) << e;
  EXPECT_NE(e.find("262144 bytes, now 4096"), std::string::npos) << e;
  // a parse that fails on the zeros reports the change, not its decode error
  const std::string p = error_of([&] {
    m.parse([](auto b) -> int {
      if (b[b.size() - 1] != 1) throw DecodeError("last byte is not 1");
      return 0;
    });
  });
  EXPECT_NE(p.find("changed while it was being read"), std::string::npos) << p;
}

TEST(MappedFile, TruncatedWhileParsedInParallelIsAnError) {
  TempFile t("cuzk_map_par", 1024 * 4096, 1);
  MappedFile m(t.path);
  std::atomic<bool> cut{false};
  const std::string e = error_of([&] {
    m.parse([&](auto b) {
      std::atomic<uint64_t> total{0};
      parallel_for(b.size() / 4096, 1, [&](size_t lo, size_t hi) {
        for (size_t i = lo; i < hi; ++i) {
          if (i == 8 && !cut.exchange(true)) ::truncate(t.path.c_str(), 0);
          total += sum(b.subspan(i * 4096, 4096));
        }
      });
      return total.load();
    });
  });
  EXPECT_NE(e.find(t.path), std::string::npos) << e;
  EXPECT_NE(e.find("changed while it was being read"), std::string::npos) << e;
}

TEST(MappedFile, RewrittenInPlaceIsAnError) {
  TempFile t("cuzk_map_rewrite", 2 * 4096, 1);
  MappedFile m(t.path);
  const int fd = ::open(t.path.c_str(), O_WRONLY);
  ASSERT_GE(fd, 0);
  const char two = 2;
  ASSERT_EQ(::pwrite(fd, &two, 1, 100), 1);
  ::close(fd);
  const std::string e = error_of([&] { m.parse([](auto b) { return sum(b); }); });
  EXPECT_NE(e.find("changed while it was being read"), std::string::npos) << e;
}

// read_whole_file: every byte, in order, past the parallel copy's 4 MiB
// pieces; a missing file is an error naming it.
TEST(MappedFile, ReadWholeFileCopiesEveryByte) {
  TempFile t("read_whole", (size_t(9) << 20) + 123, 0);
  {
    std::fstream f(t.path, std::ios::binary | std::ios::in | std::ios::out);
    for (size_t i = 0; i < (size_t(9) << 20) + 123; i += 4093) {
      f.seekp(std::streamoff(i));
      f.put(char(i * 7 + 1));
    }
  }
  const auto b = read_whole_file(t.path);
  ASSERT_EQ(b.size(), (size_t(9) << 20) + 123);
  MappedFile m(t.path);
  EXPECT_TRUE(std::equal(b.begin(), b.end(), m.bytes().begin()));
  EXPECT_EQ(b[4093], uint8_t(4093 * 7 + 1));
  const std::string e = error_of([&] { (void)read_whole_file(t.path + ".missing"); });
  EXPECT_NE(e.find(t.path + ".missing"), std::string::npos) << e;
}
