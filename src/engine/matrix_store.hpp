// MatrixStore: the recorded matrices of the circuits a process proves, one per
// circuit id, shared by every job of that circuit. Recorded on first use
// (a blank synthesis into r1cs::MatrixRecorder) and, given a folder (beside
// the circuit's parameter file), cached there as "<id>.<digest>.cuzk-matrices"
// (engine/matrix_file.hpp), where the
// digest covers the id and this build's circuit code: a build with changed
// circuits never reads an older build's file. A cached file that fails its
// checks is logged, recorded afresh and replaced. Each set of matrices holds
// a MemoryBudget reservation for its size while the store keeps it; when the
// budget needs room, sets no job holds are dropped (a budget evictor) and
// read again from their file on next use.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/matrix_file.hpp"
#include "engine/memory_budget.hpp"

namespace cuzk::engine {

class MatrixStore {
 public:
  // budget: where their bytes count (may be null); evict_order: position
  // among its evictors (with the keys', after the pool's).
  explicit MatrixStore(MemoryBudget* budget = nullptr, int evict_order = 1);
  ~MatrixStore();
  MatrixStore(const MatrixStore&) = delete;
  MatrixStore& operator=(const MatrixStore&) = delete;

  struct Origin {
    enum class Kind { kMemory, kFile, kRecorded } kind = Kind::kMemory;
    double seconds = 0;
    std::string path;  // the file read or written, if any
    std::string note;  // why a cached file was not used, if it was not
  };

  // The matrices of circuit `id`, from memory, the file in `folder` ("":
  // none), or `record` (then written there, where the folder allows).
  std::shared_ptr<const Matrices> get(const std::string& id, const std::string& folder,
                                      const std::function<Matrices()>& record, Origin* origin = nullptr);
  // The file in `folder` a circuit's matrices are cached in ("" without a folder).
  static std::string path_for(const std::string& folder, const std::string& id);
  // Drops sets no one else holds until `need` bytes are freed; returns the bytes freed.
  uint64_t evict_idle(uint64_t need);
  size_t size() const;
  // The sets kept now: circuit id, bytes (as counted in the budget), holders besides the store.
  struct Info {
    std::string id;
    uint64_t bytes = 0;
    long users = 0;
  };
  std::vector<Info> list() const;

 private:
  struct Entry {
    std::shared_ptr<const Matrices> m;
    MemoryBudget::Reservation held;
  };
  MemoryBudget* budget_;
  int evictor_id_ = -1;
  std::mutex load_mu_;  // held while one circuit is read or recorded: others wait for it, not redo it
  mutable std::mutex mu_;  // entries_ (never held while waiting on the budget)
  std::map<std::string, Entry> entries_;
};

// A digest of this build's circuit code (its r1cs, gadget and Filecoin
// circuit sources), hex: part of every cached matrix file's name.
const std::string& circuit_code_digest();

}  // namespace cuzk::engine
