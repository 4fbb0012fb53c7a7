#include "engine/matrix_store.hpp"

#include <filesystem>

#include "core/timer.hpp"
#include "engine/content_digest.hpp"

#ifndef CUZK_CIRCUIT_SOURCE_DIGEST
#error "the build defines CUZK_CIRCUIT_SOURCE_DIGEST (src/engine/CMakeLists.txt)"
#endif

namespace cuzk::engine {

namespace fs = std::filesystem;

const std::string& circuit_code_digest() {
  static const std::string d = CUZK_CIRCUIT_SOURCE_DIGEST;
  return d;
}

std::string MatrixStore::path_for(const std::string& folder, const std::string& id) {
  if (folder.empty()) return "";
  const std::string named = id + "\n" + circuit_code_digest();
  const auto d = to_hex(content_digest({reinterpret_cast<const uint8_t*>(named.data()), named.size()}));
  std::string file = id;
  for (char& c : file)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
  return (fs::path(folder) / (file + "." + d.substr(0, 16) + ".cuzk-matrices")).string();
}

MatrixStore::MatrixStore(MemoryBudget* budget, int evict_order) : budget_(budget) {
  if (budget_) evictor_id_ = budget_->add_evictor(evict_order, [this](uint64_t need) { return evict_idle(need); });
}

MatrixStore::~MatrixStore() {
  if (budget_) budget_->remove_evictor(evictor_id_);
}

uint64_t MatrixStore::evict_idle(uint64_t need) {
  std::vector<Entry> gone;  // released after the lock
  uint64_t freed = 0;
  {
    std::lock_guard lk(mu_);
    for (auto it = entries_.begin(); it != entries_.end() && freed < need;) {
      if (it->second.m.use_count() == 1) {
        freed += it->second.held.bytes();
        gone.push_back(std::move(it->second));
        it = entries_.erase(it);
      } else {
        ++it;
      }
    }
  }
  return freed;
}

size_t MatrixStore::size() const {
  std::lock_guard lk(mu_);
  return entries_.size();
}

std::vector<MatrixStore::Info> MatrixStore::list() const {
  std::lock_guard lk(mu_);
  std::vector<Info> out;
  for (const auto& [id, e] : entries_) out.push_back({id, e.m->bytes(), e.m.use_count() - 1});
  return out;
}

std::shared_ptr<const Matrices> MatrixStore::get(const std::string& id, const std::string& folder,
                                                 const std::function<Matrices()>& record, Origin* origin) {
  Origin o;
  Stopwatch sw;
  auto cached = [&]() -> std::shared_ptr<const Matrices> {
    std::lock_guard lk(mu_);
    auto it = entries_.find(id);
    return it == entries_.end() ? nullptr : it->second.m;
  };
  if (auto m = cached()) {
    if (origin) *origin = o;
    return m;
  }
  std::lock_guard load(load_mu_);
  if (auto m = cached()) {  // read or recorded while this call waited
    if (origin) *origin = o;
    return m;
  }
  std::optional<Matrices> m;
  const std::string path = path_for(folder, id);
  std::error_code ec;
  if (!path.empty() && fs::exists(path, ec)) {
    try {
      m = read_matrix_file(path, id);
      o.kind = Origin::Kind::kFile;
      o.path = path;
    } catch (const Error& e) {
      o.note = std::string(e.what()) + "; recorded afresh";
    }
  }
  if (!m) {
    m = record();
    o.kind = Origin::Kind::kRecorded;
    if (!path.empty()) {
      fs::create_directories(folder, ec);
      try {
        write_matrix_file(path, id, *m);
        o.path = path;
      } catch (const Error& e) {
        o.note += (o.note.empty() ? "" : "; ") + std::string(e.what());
      }
    }
  }
  Entry e;
  if (budget_) e.held = budget_->acquire(m->bytes(), "matrices of " + id);
  e.m = std::make_shared<const Matrices>(std::move(*m));
  auto out = e.m;
  {
    std::lock_guard lk(mu_);
    entries_.emplace(id, std::move(e));
  }
  o.seconds = sw.seconds();
  if (origin) *origin = o;
  return out;
}

}  // namespace cuzk::engine
