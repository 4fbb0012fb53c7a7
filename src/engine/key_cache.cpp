#include "engine/key_cache.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>


namespace cuzk::engine {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct KeyCache::Entry {
  std::string id, path;
  bool pinned = false;
  JobKey key;                           // holds no key while loading
  std::shared_future<void> loaded;      // ready once key is set (or the load failed)
  std::vector<MemoryBudget::Reservation> reservations;
  uint64_t bytes = 0, uses = 0, last_tick = 0;
  Clock::time_point last_used = Clock::now();
};

namespace {

// A job's hold on a key: the last one going away lets blocked budget
// acquirers retry eviction.
struct Lease {
  JobKey key;
  MemoryBudget* budget;
  ~Lease() {
    key = JobKey{};
    budget->poke();
  }
};

// Owners of the key besides the cache itself: the jobs holding a lease.
long holders(const JobKey& k) {
  return std::visit([](const auto& p) { return p ? p.use_count() - 1 : 0L; }, k);
}

std::string canonical_or_throw(const std::string& path) {
  std::error_code ec;
  auto c = fs::canonical(path, ec);
  if (ec || !fs::is_regular_file(c, ec)) throw KeyNotFound("key file '" + path + "' not found");
  return c.string();
}

// The canonical path of the file `name` names, when that is a file other
// than `key_path`: an id must never hide a file of that name.
std::optional<std::string> other_file(const std::string& name, const std::string& key_path) {
  if (name == key_path) return std::nullopt;
  std::error_code ec;
  auto c = fs::canonical(name, ec);
  if (ec || !fs::is_regular_file(c, ec) || c.string() == key_path) return std::nullopt;
  return c.string();
}

// The bytes of a file in the page cache, estimated from up to 1024 pages
// spread over it (a few hundred microseconds for any size): how far a load
// that reads the file through a mapping has come.
uint64_t bytes_in_memory(const std::string& path, uint64_t size) {
  if (size == 0) return 0;
  struct Map {
    int fd = -1;
    void* p = MAP_FAILED;
    size_t size = 0;
    ~Map() {
      if (p != MAP_FAILED) ::munmap(p, size);
      if (fd >= 0) ::close(fd);
    }
  } m;
  m.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (m.fd < 0) return 0;
  m.size = size_t(size);
  m.p = ::mmap(nullptr, m.size, PROT_READ, MAP_SHARED, m.fd, 0);  // nothing is read: mincore only asks
  if (m.p == MAP_FAILED) return 0;
  const size_t page = size_t(::sysconf(_SC_PAGESIZE)), pages = (m.size + page - 1) / page;
  const size_t samples = std::min<size_t>(pages, 1024);
  size_t resident = 0;
  for (size_t i = 0; i < samples; ++i) {
    unsigned char in_core = 0;
    if (::mincore(static_cast<char*>(m.p) + i * pages / samples * page, page, &in_core) == 0 && (in_core & 1))
      ++resident;
  }
  return samples == pages ? std::min<uint64_t>(size, uint64_t(resident) * page) : size / samples * resident;
}

}  // namespace

KeyCache::KeyCache(MemoryBudget& budget, Loader loader, int evict_order)
    : budget_(budget), loader_(loader ? std::move(loader) : Loader([](const std::string& p) { return load_key_file(p); })) {
  evictor_id_ = budget_.add_evictor(evict_order, [this](uint64_t need) { return evict_idle(need); });
}

KeyCache::~KeyCache() { budget_.remove_evictor(evictor_id_); }

std::shared_ptr<KeyCache::Entry> KeyCache::find_locked(const std::string& id_or_path) const {
  if (auto it = by_id_.find(id_or_path); it != by_id_.end()) return it->second;
  std::error_code ec;
  auto c = fs::weakly_canonical(id_or_path, ec);
  if (!ec)
    if (auto it = id_by_path_.find(c.string()); it != id_by_path_.end()) return by_id_.at(it->second);
  return nullptr;
}

void KeyCache::stop_loads(const std::string& why) {
  {
    std::lock_guard lk(mu_);
    loads_stop_why_ = why.empty() ? "key loads are stopped" : why;
  }
  loads_stop_.request_stop();
}

MemoryBudget::Clock::time_point KeyCache::wait_deadline(std::optional<Clock::time_point> caller) const {
  // a limit of a year or more is no limit (and must not overflow the clock)
  const double s = std::min(load_wait_s_.load(), 365 * 86400.0);
  const auto own = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  return caller ? std::min(own, *caller) : own;
}

void KeyCache::wait_loaded(const std::shared_future<void>& loaded, const std::string& name, std::stop_token stop,
                           Clock::time_point deadline) {
  while (loaded.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
    if (stop.stop_requested()) throw Cancelled("waiting for key '" + name + "' to load stopped: the caller cancelled");
    if (loads_stop_.stop_requested()) {
      std::lock_guard lk(mu_);
      throw Cancelled("waiting for key '" + name + "' to load stopped: " + loads_stop_why_);
    }
    if (Clock::now() >= deadline)
      throw BudgetTimeout("key '" + name + "' is still loading for another request past this one's wait limit");
  }
  loaded.get();
}

std::string KeyCache::preload(const std::string& path, const std::string& want_id, bool pin, std::stop_token stop,
                              std::optional<Clock::time_point> caller_deadline) {
  const std::string canon = canonical_or_throw(path);
  // the caller's stop or stop_loads(), whichever comes first
  std::stop_source either;
  std::stop_callback by_caller(stop, [&] { either.request_stop(); });
  std::stop_callback by_drain(loads_stop_.get_token(), [&] { either.request_stop(); });
  const auto deadline = wait_deadline(caller_deadline);
  const auto stopped = [&]() -> Cancelled {
    std::lock_guard lk(mu_);
    return Cancelled("loading key '" + path + "' stopped: " +
                     (loads_stop_why_.empty() ? std::string("the caller cancelled or went away") : loads_stop_why_));
  };
  std::shared_ptr<Entry> e;
  std::promise<void> done;
  bool mine = false;  // this call loads the file
  {
    std::lock_guard lk(mu_);
    if (auto it = id_by_path_.find(canon); it != id_by_path_.end()) {
      e = by_id_.at(it->second);
      if (!want_id.empty() && want_id != e->id)
        throw Error("key file '" + path + "' is already loaded as '" + e->id + "'");
      if (pin && !e->pinned) {
        e->pinned = true;
        for (auto& r : e->reservations) r.pin();
      }
    } else {
      if (!loads_stop_why_.empty()) throw Cancelled("cannot load key '" + path + "': " + loads_stop_why_);
      const std::string id = want_id.empty() ? canon : want_id;
      if (by_id_.count(id)) throw Error("key id '" + id + "' already names '" + by_id_.at(id)->path + "'");
      if (auto other = other_file(id, canon))
        throw Error("key id '" + id + "' is the path of another file ('" + *other + "'): it would hide that file; "
                    "choose an id that is not a path");
      e = std::make_shared<Entry>();
      e->id = id;
      e->path = canon;
      e->pinned = pin;
      e->loaded = done.get_future().share();
      by_id_[id] = e;
      id_by_path_[canon] = id;
      ++loads_;
      mine = true;
      std::error_code ec;
      LoadRecord& rec = load_log_[canon];
      rec = {};
      rec.info.id = id;
      rec.info.path = canon;
      rec.info.bytes_total = fs::file_size(canon, ec);
      rec.started = Clock::now();
    }
  }
  if (!mine) {
    wait_loaded(e->loaded, path, stop, deadline);  // somebody else's load (rethrows its error)
    return e->id;
  }
  try {
    // Reserve before reading, from the file size (points in memory are ~9%
    // larger than their uncompressed encodings), then settle on the real size.
    std::error_code ec;
    const uint64_t file_bytes = fs::file_size(canon, ec);
    const uint64_t estimate = file_bytes / 8 * 9 + 4096;
    const std::string what = "proving key '" + path + "' (a " + std::to_string(file_bytes) + "-byte file)";
    MemoryBudget::Reservation res;
    try {
      res = budget_.acquire(estimate, what, either.get_token(), deadline);
    } catch (const Cancelled&) {
      throw stopped();
    }
    JobKey key = loader_(canon);
    if (!has_key(key)) throw Error("key file '" + path + "': the loader returned no key");
    const uint64_t bytes = key_memory_bytes(key);
    try {
      if (bytes <= estimate)
        res.shrink_to(bytes);
      else
        res.grow(bytes - estimate, what, either.get_token(), deadline);
    } catch (const Cancelled&) {
      throw stopped();
    }
    {
      std::lock_guard lk(mu_);
      if (e->pinned) res.pin();
      e->key = std::move(key);
      e->bytes = bytes;
      e->reservations.push_back(std::move(res));
      e->last_tick = ++tick_;
      e->last_used = Clock::now();
      load_ended_locked(canon, "");
    }
    done.set_value();
  } catch (...) {
    {
      std::lock_guard lk(mu_);
      by_id_.erase(e->id);
      id_by_path_.erase(e->path);
      std::string why = "unknown error";
      try {
        throw;
      } catch (const std::exception& x) {
        why = x.what();
      } catch (...) {
      }
      load_ended_locked(canon, why);
    }
    done.set_exception(std::current_exception());
    throw;
  }
  return e->id;
}

JobKey KeyCache::lease(Entry& e) {
  ++e.uses;
  ++hits_;
  e.last_tick = ++tick_;
  e.last_used = Clock::now();
  auto l = std::make_shared<Lease>(Lease{e.key, &budget_});
  return std::visit([&](const auto& p) -> JobKey { return std::shared_ptr<const std::decay_t<decltype(*p)>>(l, p.get()); },
                    l->key);
}

JobKey KeyCache::get(const std::string& id_or_path, std::stop_token stop, std::optional<Clock::time_point> deadline) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::shared_future<void> loading;
    {
      std::lock_guard lk(mu_);
      if (auto e = find_locked(id_or_path)) {
        if (auto other = other_file(id_or_path, e->path))
          throw Error("'" + id_or_path + "' is both the id of key '" + e->path + "' and the path of another file ('" +
                      *other + "'); name the key by its file, or load it under an id that is not a path");
        if (has_key(e->key)) return lease(*e);
        loading = e->loaded;
      }
    }
    if (loading.valid()) {
      wait_loaded(loading, id_or_path, stop, wait_deadline(deadline));
      continue;
    }
    std::error_code ec;
    if (!fs::is_regular_file(id_or_path, ec))
      throw KeyNotFound("unknown key '" + id_or_path + "': neither a loaded key id nor a params file");
    preload(id_or_path, "", false, stop, deadline);
  }
  // loaded, then evicted before we could lease it, three times over
  throw Error("key '" + id_or_path + "' keeps being evicted before use: the memory budget is too small");
}

uint64_t KeyCache::evict(const std::string& id) {
  std::shared_ptr<Entry> e;
  {
    std::lock_guard lk(mu_);
    auto it = by_id_.find(id);
    if (it == by_id_.end()) throw KeyNotFound("unknown key id '" + id + "'");
    e = it->second;
    if (!no_eviction_.empty()) throw Error("key '" + id + "' cannot be evicted: " + no_eviction_);
    if (!has_key(e->key)) throw Error("key '" + id + "' is still loading");
    if (holders(e->key) > 0) throw Error("key '" + id + "' is in use by " + std::to_string(holders(e->key)) + " job(s)");
    by_id_.erase(it);
    id_by_path_.erase(e->path);
    ++evictions_;
  }
  const uint64_t bytes = e->bytes;
  if (on_evict_) on_evict_(e->key);
  e.reset();  // reservations and memory released outside the lock
  return bytes;
}

uint64_t KeyCache::evict_idle(uint64_t need) {
  std::vector<std::shared_ptr<Entry>> victims;
  uint64_t freed = 0;
  {
    std::lock_guard lk(mu_);
    if (!no_eviction_.empty()) return 0;
    std::vector<std::shared_ptr<Entry>> idle;
    for (auto& [id, e] : by_id_)
      // no new lease can appear while we hold mu_, so holders() == 0 is stable
      if (has_key(e->key) && !e->pinned && holders(e->key) == 0 &&
          std::chrono::duration<double>(Clock::now() - e->last_used).count() >= min_idle_s_)
        idle.push_back(e);
    std::sort(idle.begin(), idle.end(), [](auto& a, auto& b) { return a->last_tick < b->last_tick; });
    for (auto& e : idle) {
      if (freed >= need) break;
      freed += e->bytes;
      by_id_.erase(e->id);
      id_by_path_.erase(e->path);
      ++evictions_;
      victims.push_back(std::move(e));
    }
  }
  for (const auto& v : victims)
    if (on_evict_) on_evict_(v->key);
  victims.clear();
  return freed;
}

void KeyCache::disable_eviction(const std::string& why) {
  std::lock_guard lk(mu_);
  no_eviction_ = why.empty() ? "eviction is disabled" : why;
}

std::vector<KeyCache::Info> KeyCache::list() const {
  std::lock_guard lk(mu_);
  std::vector<Info> out;
  const auto now = Clock::now();
  for (const auto& [id, e] : by_id_) {
    Info i;
    i.id = id;
    i.path = e->path;
    i.bytes = e->bytes;
    i.users = holders(e->key);
    if (has_key(e->key)) i.kind = key_kind(e->key);
    i.pinned = e->pinned;
    i.uses = e->uses;
    i.idle_s = std::chrono::duration<double>(now - e->last_used).count();
    out.push_back(std::move(i));
  }
  return out;
}

void KeyCache::load_ended_locked(const std::string& path, const std::string& error) {
  auto it = load_log_.find(path);
  if (it == load_log_.end()) return;
  LoadInfo& i = it->second.info;
  i.state = error.empty() ? LoadInfo::State::kLoaded : LoadInfo::State::kFailed;
  i.error = error;
  i.bytes_read = error.empty() ? i.bytes_total : 0;
  it->second.ended = Clock::now();
  i.seconds = std::chrono::duration<double>(it->second.ended - it->second.started).count();
  // the oldest ended loads go beyond kLoadsKept
  std::vector<std::pair<Clock::time_point, std::string>> ended;
  for (const auto& [p, r] : load_log_)
    if (r.info.state != LoadInfo::State::kLoading) ended.emplace_back(r.ended, p);
  if (ended.size() <= kLoadsKept) return;
  std::sort(ended.begin(), ended.end());
  for (size_t k = 0; k < ended.size() - kLoadsKept; ++k) load_log_.erase(ended[k].second);
}

std::vector<KeyCache::LoadInfo> KeyCache::loads() const {
  std::vector<LoadInfo> out, ended;
  {
    std::lock_guard lk(mu_);
    const auto now = Clock::now();
    for (const auto& [p, r] : load_log_) {
      if (r.info.state != LoadInfo::State::kLoading) {
        ended.push_back(r.info);
        continue;
      }
      out.push_back(r.info);
      out.back().seconds = std::chrono::duration<double>(now - r.started).count();
    }
  }
  // the file's pages are asked for outside the lock
  for (auto& i : out) i.bytes_read = bytes_in_memory(i.path, i.bytes_total);
  out.insert(out.end(), ended.begin(), ended.end());
  return out;
}

KeyCache::Stats KeyCache::stats() const {
  std::lock_guard lk(mu_);
  Stats s;
  s.keys = by_id_.size();
  for (const auto& [id, e] : by_id_) s.bytes += e->bytes;
  s.loads = loads_;
  s.hits = hits_;
  s.evictions = evictions_;
  return s;
}

}  // namespace cuzk::engine
