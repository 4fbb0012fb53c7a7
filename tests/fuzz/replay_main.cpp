// Replays inputs through a fuzz target's LLVMFuzzerTestOneInput once each,
// as `<libFuzzer binary> FILE...` does, so that ctest checks the committed
// seeds and regression inputs in the default build (g++, no libFuzzer).
// Arguments: files, or directories whose regular files are all replayed
// (sorted, for a stable order). The input's name is printed before it runs,
// so a crash names it. Exits 1 when an argument does not exist or when there
// is no input at all: a replay of nothing would pass without checking
// anything. A crash, or an exception escaping the target, ends the process
// abnormally, and the test fails.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg = argv[i];
    if (fs::is_directory(arg)) {
      std::vector<fs::path> files;
      for (const auto& e : fs::directory_iterator(arg))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      inputs.insert(inputs.end(), files.begin(), files.end());
    } else if (fs::is_regular_file(arg)) {
      inputs.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: %s does not exist\n", argv[i]);
      return 1;
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "replay: no inputs (give files or directories of them)\n");
    return 1;
  }
  for (const auto& p : inputs) {
    std::ifstream f(p, std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (!f.good() && !f.eof()) {
      std::fprintf(stderr, "replay: cannot read %s\n", p.c_str());
      return 1;
    }
    std::printf("replay: %s (%zu bytes)\n", p.c_str(), bytes.size());
    std::fflush(stdout);
    // libFuzzer accepts 0 and -1 (do not add to the corpus); anything else is a harness bug
    const int rc = LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
    if (rc != 0 && rc != -1) {
      std::fprintf(stderr, "replay: %s: LLVMFuzzerTestOneInput returned %d\n", p.c_str(), rc);
      return 1;
    }
  }
  std::printf("replay: %zu input(s), no crash\n", inputs.size());
  return 0;
}
