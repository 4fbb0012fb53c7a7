// Visits every value of a vanilla proof (each 32-byte domain, each index,
// layer and node number) with a name, so that tests can corrupt one value
// at a time: visit(proof, f) calls f(name, value&) with value a Domain or an
// unsigned integer.
#pragma once
#include <string>

#include "filecoin/vanilla/seal_commit_phase1.hpp"
#include "filecoin/vanilla/snap_partition_proof.hpp"

namespace vanilla_check_test {

using namespace cuzk::filecoin;

template <class F>
void visit(const std::string& name, MerkleProof& p, F&& f) {
  f(name + ".root", p.root);
  f(name + ".leaf", p.leaf);
  const char* parts[] = {".base", ".sub", ".top"};
  InclusionPath* paths[] = {&p.base, &p.sub, &p.top};
  for (int part = 0; part < 3; ++part)
    for (size_t l = 0; l < paths[part]->size(); ++l) {
      PathElement& e = (*paths[part])[l];
      const std::string at = name + parts[part] + "[" + std::to_string(l) + "]";
      for (size_t k = 0; k < e.hashes.size(); ++k) f(at + ".hashes[" + std::to_string(k) + "]", e.hashes[k]);
      f(at + ".index", e.index);
    }
}

template <class F>
void visit(const std::string& name, ColumnProof& c, F&& f) {
  f(name + ".column.index", c.column.index);
  for (size_t r = 0; r < c.column.rows.size(); ++r)
    f(name + ".column.rows[" + std::to_string(r) + "]", c.column.rows[r]);
  visit(name + ".inclusion_proof", c.inclusion_proof, f);
}

template <class P, class F>
void visit_label_proof(const std::string& name, P& p, F&& f) {
  for (size_t j = 0; j < p.parents.size(); ++j) f(name + ".parents[" + std::to_string(j) + "]", p.parents[j]);
  f(name + ".layer_index", p.layer_index);
  f(name + ".node", p.node);
}

template <class F>
void visit(const std::string& name, StackedProof& p, F&& f) {
  visit(name + ".comm_d_proofs", p.comm_d_proofs, f);
  visit(name + ".comm_r_last_proof", p.comm_r_last_proof, f);
  auto& cols = p.replica_column_proofs;
  visit(name + ".c_x", cols.c_x, f);
  for (size_t j = 0; j < cols.drg_parents.size(); ++j)
    visit(name + ".drg_parents[" + std::to_string(j) + "]", cols.drg_parents[j], f);
  for (size_t j = 0; j < cols.exp_parents.size(); ++j)
    visit(name + ".exp_parents[" + std::to_string(j) + "]", cols.exp_parents[j], f);
  for (size_t l = 0; l < p.labeling_proofs.size(); ++l)
    visit_label_proof(name + ".labeling_proofs[" + std::to_string(l) + "]", p.labeling_proofs[l], f);
  visit_label_proof(name + ".encoding_proof", p.encoding_proof, f);
}

template <class F>
void visit(SealCommitPhase1Output& c1, F&& f) {
  f("comm_r", c1.comm_r);
  f("comm_d", c1.comm_d);
  f("replica_id", c1.replica_id);
  f("seed", c1.seed);
  f("ticket", c1.ticket);
  for (size_t k = 0; k < c1.vanilla_proofs.size(); ++k)
    for (size_t i = 0; i < c1.vanilla_proofs[k].size(); ++i)
      visit("vanilla_proofs[" + std::to_string(k) + "][" + std::to_string(i) + "]", c1.vanilla_proofs[k][i], f);
}

template <class F>
void visit(SnapPartitionProof& p, F&& f) {
  f("comm_c", p.comm_c);
  for (size_t i = 0; i < p.apex_leafs.size(); ++i) f("apex_leafs[" + std::to_string(i) + "]", p.apex_leafs[i]);
  for (size_t i = 0; i < p.challenge_proofs.size(); ++i) {
    const std::string at = "challenge_proofs[" + std::to_string(i) + "]";
    visit(at + ".proof_r_old", p.challenge_proofs[i].proof_r_old, f);
    visit(at + ".proof_d_new", p.challenge_proofs[i].proof_d_new, f);
    visit(at + ".proof_r_new", p.challenge_proofs[i].proof_r_new, f);
  }
}

// How many values visit() reaches.
template <class T>
size_t count_values(T& proof) {
  size_t n = 0;
  visit(proof, [&](const std::string&, auto&) { ++n; });
  return n;
}

// A copy of `proof` with value number `which` (in visit order) changed:
// a domain gets one byte flipped (which byte and how varies with `which`),
// an integer gets 1 added. Returns the value's name.
template <class T>
std::string corrupt_value(T& proof, size_t which) {
  size_t n = 0;
  std::string name;
  visit(proof, [&](const std::string& at, auto& v) {
    if (n++ != which) return;
    name = at;
    if constexpr (std::is_same_v<std::decay_t<decltype(v)>, Domain>) {
      static constexpr uint8_t kMasks[] = {0x01, 0x80, 0xff, 0x10};
      v[(which * 7) % 32] ^= kMasks[which % 4];
    } else {
      v += 1;
    }
  });
  return name;
}

}  // namespace vanilla_check_test
