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

std::shared_ptr<const Matrices> MatrixStore::get(const std::string& id, const std::string& folder,
                                                 const std::function<Matrices()>& record, Origin* origin) {
  Origin o;
  Stopwatch sw;
  std::lock_guard lk(mu_);
  if (auto it = entries_.find(id); it != entries_.end()) {
    if (origin) *origin = o;
    return it->second.m;
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
  entries_.emplace(id, std::move(e));
  o.seconds = sw.seconds();
  if (origin) *origin = o;
  return out;
}

}  // namespace cuzk::engine
