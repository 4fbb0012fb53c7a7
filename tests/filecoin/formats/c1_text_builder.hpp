// Builds a SealCommitPhase1Output twice over: as the JSON text serde_json
// writes for it (transcribed from the Rust struct definitions, not produced
// by the codec under test) and as the C++ value that text stands for. Every
// Domain is distinct ([n mod 256, n / 256, 2, 3, ..., 31] for a counter n),
// so a test can find any field's text.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "filecoin/vanilla/seal_commit_phase1.hpp"

namespace c1_text {

using namespace cuzk::filecoin;

struct Shape {
  size_t partitions = 2, challenges = 2;
  size_t layers = 2, drg = 6, exp = 8;
  size_t r_levels = 2, r_hashes = 7;  // tree R / C base path
  MerkleProof::Kind r_kind = MerkleProof::Kind::kSingle;
  size_t d_levels = 6;  // tree D: binary, one sibling per level
  std::string registered_proof = "StackedDrg2KiBV1_1";
  VanillaSealProofKind kind = VanillaSealProofKind::k2KiB;
};

class Builder {
 public:
  explicit Builder(Shape s) : s_(std::move(s)) {}

  // The document with its members in Rust's declaration order (serde_json's output).
  std::string serde_text() {
    build();
    return "{\"registered_proof\":" + members_["registered_proof"] + ",\"vanilla_proofs\":" +
           members_["vanilla_proofs"] + ",\"comm_r\":" + members_["comm_r"] + ",\"comm_d\":" + members_["comm_d"] +
           ",\"replica_id\":" + members_["replica_id"] + ",\"seed\":" + members_["seed"] +
           ",\"ticket\":" + members_["ticket"] + "}";
  }
  // The same document with its members as Go's encoding/json orders Commit1OutRaw's fields.
  std::string go_text() {
    build();
    return "{\"comm_d\":" + members_["comm_d"] + ",\"comm_r\":" + members_["comm_r"] +
           ",\"registered_proof\":" + members_["registered_proof"] + ",\"replica_id\":" + members_["replica_id"] +
           ",\"seed\":" + members_["seed"] + ",\"ticket\":" + members_["ticket"] +
           ",\"vanilla_proofs\":" + members_["vanilla_proofs"] + "}";
  }
  const SealCommitPhase1Output& value() {
    build();
    return value_;
  }

 private:
  void build() {
    if (built_) return;
    built_ = true;
    value_.registered_proof = s_.registered_proof;
    members_["registered_proof"] = "\"" + s_.registered_proof + "\"";
    value_.vanilla_proofs_kind = s_.kind;
    std::string v = "{\"" + std::string(vanilla_seal_proof_name(s_.kind)) + "\":[";
    for (size_t p = 0; p < s_.partitions; ++p) {
      v += p ? ",[" : "[";
      auto& part = value_.vanilla_proofs.emplace_back();
      for (size_t c = 0; c < s_.challenges; ++c) {
        if (c) v += ',';
        part.push_back(proof(v));
      }
      v += ']';
    }
    v += "]}";
    members_["vanilla_proofs"] = v;
    value_.comm_r = domain(members_["comm_r"]);
    value_.comm_d = domain(members_["comm_d"]);
    value_.replica_id = domain(members_["replica_id"]);
    value_.seed = domain(members_["seed"]);
    value_.ticket = domain(members_["ticket"]);
  }

  Domain domain(std::string& t) {
    Domain d;
    d[0] = uint8_t(n_ & 255);
    d[1] = uint8_t(n_ >> 8);
    for (size_t i = 2; i < 32; ++i) d[i] = uint8_t(i);
    ++n_;
    t += '[';
    for (size_t i = 0; i < 32; ++i) t += (i ? "," : "") + std::to_string(d[i]);
    t += ']';
    return d;
  }

  std::vector<Domain> domains(std::string& t, size_t n) {
    std::vector<Domain> v;
    t += '[';
    for (size_t i = 0; i < n; ++i) {
      if (i) t += ',';
      v.push_back(domain(t));
    }
    t += ']';
    return v;
  }

  InclusionPath path(std::string& t, size_t levels, size_t hashes) {
    InclusionPath p;
    t += "{\"path\":[";
    for (size_t l = 0; l < levels; ++l) {
      if (l) t += ',';
      PathElement e;
      t += "{\"hashes\":";
      e.hashes = domains(t, hashes);
      e.index = (n_ * 5 + l) % (hashes + 1);
      t += ",\"index\":" + std::to_string(e.index) + "}";
      p.push_back(std::move(e));
    }
    t += "]}";
    return p;
  }

  MerkleProof merkle(std::string& t, MerkleProof::Kind kind, size_t levels, size_t hashes) {
    MerkleProof m;
    m.kind = kind;
    switch (kind) {
      case MerkleProof::Kind::kSingle:
        t += "{\"data\":{\"Single\":{\"root\":";
        m.root = domain(t);
        t += ",\"leaf\":";
        m.leaf = domain(t);
        t += ",\"path\":";
        m.base = path(t, levels, hashes);
        break;
      case MerkleProof::Kind::kSub:
        t += "{\"data\":{\"Sub\":{\"base_proof\":";
        m.base = path(t, levels, hashes);
        t += ",\"sub_proof\":";
        m.sub = path(t, 1, hashes);
        t += ",\"root\":";
        m.root = domain(t);
        t += ",\"leaf\":";
        m.leaf = domain(t);
        break;
      case MerkleProof::Kind::kTop:
        t += "{\"data\":{\"Top\":{\"base_proof\":";
        m.base = path(t, levels, hashes);
        t += ",\"sub_proof\":";
        m.sub = path(t, 1, hashes);
        t += ",\"top_proof\":";
        m.top = path(t, 1, 1);
        t += ",\"root\":";
        m.root = domain(t);
        t += ",\"leaf\":";
        m.leaf = domain(t);
        break;
    }
    t += "}}}";
    return m;
  }

  ColumnProof column_proof(std::string& t) {
    ColumnProof c;
    c.column.index = uint32_t(n_ * 3 % 64);
    t += "{\"column\":{\"index\":" + std::to_string(c.column.index) + ",\"rows\":";
    c.column.rows = domains(t, s_.layers);
    t += ",\"_h\":null},\"inclusion_proof\":";
    c.inclusion_proof = merkle(t, s_.r_kind, s_.r_levels, s_.r_hashes);
    t += '}';
    return c;
  }

  std::vector<ColumnProof> column_proofs(std::string& t, size_t n) {
    std::vector<ColumnProof> v;
    t += '[';
    for (size_t i = 0; i < n; ++i) {
      if (i) t += ',';
      v.push_back(column_proof(t));
    }
    t += ']';
    return v;
  }

  template <class P>
  P label_proof(std::string& t, uint32_t layer, size_t parents) {
    P p;
    t += "{\"parents\":";
    p.parents = domains(t, parents);
    p.layer_index = layer;
    p.node = n_ * 11 % 64;
    t += ",\"layer_index\":" + std::to_string(layer) + ",\"node\":" + std::to_string(p.node) + "}";
    return p;
  }

  StackedProof proof(std::string& t) {
    StackedProof p;
    t += "{\"comm_d_proofs\":";
    p.comm_d_proofs = merkle(t, MerkleProof::Kind::kSingle, s_.d_levels, 1);
    t += ",\"comm_r_last_proof\":";
    p.comm_r_last_proof = merkle(t, s_.r_kind, s_.r_levels, s_.r_hashes);
    t += ",\"replica_column_proofs\":{\"c_x\":";
    p.replica_column_proofs.c_x = column_proof(t);
    t += ",\"drg_parents\":";
    p.replica_column_proofs.drg_parents = column_proofs(t, s_.drg);
    t += ",\"exp_parents\":";
    p.replica_column_proofs.exp_parents = column_proofs(t, s_.exp);
    t += "},\"labeling_proofs\":[";
    for (size_t l = 1; l <= s_.layers; ++l) {
      if (l > 1) t += ',';
      p.labeling_proofs.push_back(label_proof<LabelingProof>(t, uint32_t(l), l == 1 ? s_.drg : s_.drg + s_.exp));
    }
    t += "],\"encoding_proof\":";
    p.encoding_proof = label_proof<EncodingProof>(t, uint32_t(s_.layers), s_.drg + s_.exp);
    t += '}';
    return p;
  }

  Shape s_;
  bool built_ = false;
  size_t n_ = 0;
  std::map<std::string, std::string> members_;
  SealCommitPhase1Output value_;
};

}  // namespace c1_text
