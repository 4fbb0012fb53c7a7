// The proving keys behind supraseal_srs handles: leases on bellperson keys in
// the process's ProvingHost (its KeyCache loads each path once and counts it
// in the memory budget), and the list of the 4 most recently created keys
// that create_SRS(..., cache = true) keeps, as upstream's SRS_cache does.
#pragma once
#include <memory>
#include <string>

#include "engine/proving_host.hpp"

namespace cuzk::capi::supraseal {

// The process's host (the GPU when there is one, else the CPU), made on first
// use; every key and batch holds it, so it outlives them.
std::shared_ptr<engine::ProvingHost> shared_host();

struct Srs {
  std::shared_ptr<engine::ProvingHost> host;  // declared first: goes after the key's lease
  std::string path;                           // as the caller named it
  std::shared_ptr<const engine::BellpersonKey> key;
};
using SrsRef = std::shared_ptr<const Srs>;

// Throws CodedError: ENOENT (no file), EBADMSG (not a well-formed bellperson
// .params file), ENOMEM (cannot fit the budget).
SrsRef load_srs(const std::string& path, bool cache);
// Drops `path` from the cached list.
void evict_cached(const std::string& path);

// What a supraseal_srs's ptr points at: one reference, made and freed by
// the C functions (create_SRS / clone_SRS, drop_SRS).
SrsRef* new_handle(SrsRef ref);
void delete_handle(SrsRef* handle);

}  // namespace cuzk::capi::supraseal
