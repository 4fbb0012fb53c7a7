// Wall-clock phase timing: PhaseTimer records named phases in order, for the
// per-phase tables the CLI and benchmarks print.
#pragma once
#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace cuzk {

class Stopwatch {
 public:
  Stopwatch() : t0_(std::chrono::steady_clock::now()) {}
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }
  void restart() { t0_ = std::chrono::steady_clock::now(); }

 private:
  std::chrono::steady_clock::time_point t0_;
};

class PhaseTimer {
 public:
  // Times fn() as phase `name`; returns what fn returns.
  template <class Fn>
  decltype(auto) run(const std::string& name, Fn&& fn) {
    Stopwatch sw;
    struct Record {
      PhaseTimer& t;
      const std::string& n;
      Stopwatch& s;
      ~Record() { t.phases_.emplace_back(n, s.seconds()); }
    } rec{*this, name, sw};
    return fn();
  }
  void add(const std::string& name, double s) { phases_.emplace_back(name, s); }
  const std::vector<std::pair<std::string, double>>& phases() const { return phases_; }
  double total() const {
    double t = 0;
    for (auto& p : phases_) t += p.second;
    return t;
  }

 private:
  std::vector<std::pair<std::string, double>> phases_;
};

}  // namespace cuzk
