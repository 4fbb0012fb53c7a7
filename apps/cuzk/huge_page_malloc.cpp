#include "huge_page_malloc.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace cuzk::app {

namespace {

constexpr const char* kTunable = "glibc.malloc.hugetlb";

bool thp_on_advice_only() {
  std::ifstream f("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string mode;
  std::getline(f, mode);
  return mode.find("[madvise]") != std::string::npos;
}

}  // namespace

void reexec_with_huge_page_malloc(char** argv) {
  const char* set = std::getenv("GLIBC_TUNABLES");
  const std::string tunables = set ? set : "";
  if (tunables.find(kTunable) != std::string::npos || !thp_on_advice_only()) return;
  const std::string with = (tunables.empty() ? "" : tunables + ":") + kTunable + "=1";
  if (setenv("GLIBC_TUNABLES", with.c_str(), 1) != 0) return;
  execv("/proc/self/exe", argv);
  // not re-executed (no /proc, say): run as we are, the environment as it was
  if (set)
    setenv("GLIBC_TUNABLES", set, 1);
  else
    unsetenv("GLIBC_TUNABLES");
}

}  // namespace cuzk::app
