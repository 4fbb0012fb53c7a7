// The proving key a job names, of either convention and either curve: a
// bellperson `.params` key (BLS12-381, Filecoin) or a snarkjs `.zkey` key
// (BN254 or BLS12-381). The key picks the convention of everything the engine
// does with a job (how a partition's witness and a/b are made, how H is
// computed, how the proof is finished); the stages themselves are shared.
#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <variant>

#include "groth16/curve.hpp"
#include "groth16/keys.hpp"
#include "groth16/zkey_keys.hpp"

namespace cuzk::engine {

using BellpersonKey = groth16::ProvingKey<groth16::Bls12_381>;
template <class E>
using ZkeyKey = groth16::ZkeyProvingKey<E>;

using JobKey = std::variant<std::shared_ptr<const BellpersonKey>, std::shared_ptr<const ZkeyKey<groth16::Bn254>>,
                            std::shared_ptr<const ZkeyKey<groth16::Bls12_381>>>;

// The curve a key type proves on.
template <class K>
struct KeyCurve;
template <class E>
struct KeyCurve<groth16::ProvingKey<E>> {
  using type = E;
};
template <class E>
struct KeyCurve<groth16::ZkeyProvingKey<E>> {
  using type = E;
};
template <class K>
using curve_of_key = typename KeyCurve<std::decay_t<K>>::type;

inline bool has_key(const JobKey& k) {
  return std::visit([](const auto& p) { return p != nullptr; }, k);
}
// The key's address: what backends index their device copies by.
inline const void* key_identity(const JobKey& k) {
  return std::visit([](const auto& p) -> const void* { return p.get(); }, k);
}
// Field elements of one partition's full assignment under the key: ONE,
// inputs and aux (one IC and one L point each) for bellperson, the wires for
// snarkjs.
inline size_t witness_elements(const JobKey& k) {
  return std::visit(
      [](const auto& p) -> size_t {
        if constexpr (std::is_same_v<std::decay_t<decltype(*p)>, BellpersonKey>)
          return p->vk.ic.size() + p->l.size();
        else
          return p->n_vars;
      },
      k);
}
// "bellperson bls12_381" / "snarkjs bn254": for status pages and errors.
std::string key_kind(const JobKey& k);

// Bytes a loaded key occupies in memory (what a key cache's reservation counts).
uint64_t key_memory_bytes(const BellpersonKey& k);
template <class E>
uint64_t key_memory_bytes(const ZkeyKey<E>& k);
uint64_t key_memory_bytes(const JobKey& k);

// Reads a key file of either kind, told apart by its first bytes (a .zkey
// starts with "zkey"); errors name the file and the section at fault. A
// .params file is hashed first (at memory speed): contents `memo` knows to
// have passed every check skip the subgroup checks of their query points,
// and contents that pass them all are remembered (engine/validation_memo.hpp).
// A .zkey's query points stay encoded in the mapped file when `zkey_points`
// says so: for hosts whose every backend is a GPU, which uploads and checks
// them itself (groth16/key_points.hpp).
class ValidationMemo;
JobKey load_key_file(const std::string& path, const ValidationMemo& memo,
                     groth16::PointStorage zkey_points = groth16::PointStorage::kDecoded);
// ... with the process's memo (process_validation_memo()).
JobKey load_key_file(const std::string& path, groth16::PointStorage zkey_points = groth16::PointStorage::kDecoded);
// Refuses, by its first four bytes and before anything is parsed, a key file
// that is not a snarkjs .zkey: a .params file would otherwise be read whole
// (gigabytes) only to be refused by a snarkjs job.
void require_zkey_file(const std::string& path);

}  // namespace cuzk::engine
