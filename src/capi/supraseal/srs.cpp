#include "capi/supraseal/srs.hpp"

#include <list>
#include <mutex>
#include <utility>

#include "capi/immortal.hpp"
#include "capi/supraseal/coded_error.hpp"
#include "engine/key_cache.hpp"
#include "engine/memory_budget.hpp"

namespace cuzk::capi::supraseal {

namespace {

constexpr size_t kCachedKeys = 4;

struct CachedList {
  std::mutex mu;
  std::list<std::pair<std::string, SrsRef>> keys;  // most recently used first
};

CachedList& cached() {
  static Immortal<CachedList> c;
  return *c;
}

SrsRef load(const std::string& path) {
  auto host = shared_host();
  engine::JobKey key;
  try {
    key = host->keys().get(path);
  } catch (const engine::KeyNotFound& e) {
    throw CodedError(ENOENT, std::string("create_SRS: ") + e.what());
  } catch (const engine::BudgetExceeded& e) {
    throw CodedError(ENOMEM, "create_SRS: '" + path + "': " + e.what());
  } catch (const engine::BudgetTimeout& e) {
    throw CodedError(ENOMEM, "create_SRS: '" + path + "': " + e.what());
  } catch (const Cancelled& e) {
    throw CodedError(ECANCELED, "create_SRS: '" + path + "': " + e.what());
  } catch (const std::exception& e) {
    throw CodedError(EBADMSG, "create_SRS: '" + path + "': " + e.what());
  }
  auto* bk = std::get_if<std::shared_ptr<const engine::BellpersonKey>>(&key);
  if (!bk) throw CodedError(EBADMSG, "create_SRS: '" + path + "' is a " + engine::key_kind(key) + " key, not bellperson .params");
  return std::make_shared<const Srs>(Srs{std::move(host), path, std::move(*bk)});
}

}  // namespace

std::shared_ptr<engine::ProvingHost> shared_host() {
  struct Shared {
    std::mutex mu;
    std::shared_ptr<engine::ProvingHost> host;
  };
  static Immortal<Shared> shared;
  std::lock_guard lk(shared->mu);
  if (!shared->host) shared->host = engine::make_local_host();
  return shared->host;
}

SrsRef load_srs(const std::string& path, bool cache) {
  if (!cache) return load(path);
  auto& c = cached();
  {
    std::lock_guard lk(c.mu);
    for (auto it = c.keys.begin(); it != c.keys.end(); ++it)
      if (it->first == path) {
        c.keys.splice(c.keys.begin(), c.keys, it);
        return it->second;
      }
  }
  // loaded outside the lock: a large key takes minutes; the key cache loads a
  // path once however many callers ask at the same time
  SrsRef ref = load(path);
  std::lock_guard lk(c.mu);
  for (auto it = c.keys.begin(); it != c.keys.end(); ++it)
    if (it->first == path) {
      c.keys.splice(c.keys.begin(), c.keys, it);
      return it->second;
    }
  c.keys.emplace_front(path, ref);
  while (c.keys.size() > kCachedKeys) c.keys.pop_back();
  return ref;
}

void evict_cached(const std::string& path) {
  auto& c = cached();
  std::list<std::pair<std::string, SrsRef>> gone;  // released after the lock
  std::lock_guard lk(c.mu);
  for (auto it = c.keys.begin(); it != c.keys.end();) {
    auto next = std::next(it);
    if (it->first == path) gone.splice(gone.end(), c.keys, it);
    it = next;
  }
}

SrsRef* new_handle(SrsRef ref) { return std::make_unique<SrsRef>(std::move(ref)).release(); }

void delete_handle(SrsRef* handle) { std::unique_ptr<SrsRef> owned(handle); }

}  // namespace cuzk::capi::supraseal
