#include "filecoin/formats/seal_commit_phase1_json.hpp"

#include "core/error.hpp"
#include "filecoin/formats/json_writer.hpp"
#include "filecoin/formats/merkle_proof_json.hpp"

namespace cuzk::filecoin {

namespace {

std::vector<Domain> read_domains(JsonReader& r) {
  std::vector<Domain> v;
  r.array([&](size_t) { v.push_back(r.domain()); });
  return v;
}

void put_domains(std::string& out, const std::vector<Domain>& v) {
  put_array(out, v, [](std::string& o, const Domain& d) { put_domain(o, d); });
}

ColumnProof read_column_proof(JsonReader& r) {
  ColumnProof c;
  r.object({"column", "inclusion_proof"}, [&](size_t k) {
    if (k == 1) {
      c.inclusion_proof = read_merkle_proof_json(r);
      return;
    }
    r.object({"index", "rows", "_h"}, [&](size_t j) {
      if (j == 0) c.column.index = r.u32();
      if (j == 1) c.column.rows = read_domains(r);
      if (j == 2) r.null();  // PhantomData
    });
  });
  return c;
}

void write_column_proof(std::string& out, const ColumnProof& c) {
  out += "{\"column\":{\"index\":";
  put_u64(out, c.column.index);
  put_key(out, "rows");
  put_domains(out, c.column.rows);
  out += ",\"_h\":null},\"inclusion_proof\":";
  write_merkle_proof_json(out, c.inclusion_proof);
  out += '}';
}

std::vector<ColumnProof> read_column_proofs(JsonReader& r) {
  std::vector<ColumnProof> v;
  r.array([&](size_t) { v.push_back(read_column_proof(r)); });
  return v;
}

// LabelingProof and EncodingProof share their serde shape.
template <class P>
P read_label_proof(JsonReader& r) {
  P p;
  r.object({"parents", "layer_index", "node"}, [&](size_t k) {
    if (k == 0) p.parents = read_domains(r);
    if (k == 1) p.layer_index = r.u32();
    if (k == 2) p.node = r.u64();
  });
  return p;
}

template <class P>
void write_label_proof(std::string& out, const P& p) {
  out += "{\"parents\":";
  put_domains(out, p.parents);
  put_key(out, "layer_index");
  put_u64(out, p.layer_index);
  put_key(out, "node");
  put_u64(out, p.node);
  out += '}';
}

// Every RegisteredSealProof of a shape ("StackedDrg32GiBV1", "..._1",
// "..._1_Feat_SyntheticPoRep", "..._2_Feat_NonInteractivePoRep") begins with
// the name of its VanillaSealProof variant.
bool sizes_agree(const std::string& registered_proof, VanillaSealProofKind kind) {
  const std::string_view variant = vanilla_seal_proof_name(kind);
  return std::string_view(registered_proof).substr(0, variant.size()) == variant;
}

std::string size_mismatch(const SealCommitPhase1Output& c1) {
  return "registered_proof '" + c1.registered_proof + "' is not of the sector size of vanilla_proofs' variant " +
         std::string(vanilla_seal_proof_name(c1.vanilla_proofs_kind));
}

}  // namespace

StackedProof read_stacked_proof_json(JsonReader& r) {
  StackedProof p;
  r.object({"comm_d_proofs", "comm_r_last_proof", "replica_column_proofs", "labeling_proofs", "encoding_proof"},
           [&](size_t k) {
             switch (k) {
               case 0: p.comm_d_proofs = read_merkle_proof_json(r); break;
               case 1: p.comm_r_last_proof = read_merkle_proof_json(r); break;
               case 2:
                 r.object({"c_x", "drg_parents", "exp_parents"}, [&](size_t j) {
                   auto& rc = p.replica_column_proofs;
                   if (j == 0) rc.c_x = read_column_proof(r);
                   if (j == 1) rc.drg_parents = read_column_proofs(r);
                   if (j == 2) rc.exp_parents = read_column_proofs(r);
                 });
                 break;
               case 3:
                 r.array([&](size_t) { p.labeling_proofs.push_back(read_label_proof<LabelingProof>(r)); });
                 break;
               default: p.encoding_proof = read_label_proof<EncodingProof>(r);
             }
           });
  return p;
}

void write_stacked_proof_json(std::string& out, const StackedProof& p) {
  out += "{\"comm_d_proofs\":";
  write_merkle_proof_json(out, p.comm_d_proofs);
  put_key(out, "comm_r_last_proof");
  write_merkle_proof_json(out, p.comm_r_last_proof);
  out += ",\"replica_column_proofs\":{\"c_x\":";
  write_column_proof(out, p.replica_column_proofs.c_x);
  put_key(out, "drg_parents");
  put_array(out, p.replica_column_proofs.drg_parents, write_column_proof);
  put_key(out, "exp_parents");
  put_array(out, p.replica_column_proofs.exp_parents, write_column_proof);
  out += "},\"labeling_proofs\":";
  put_array(out, p.labeling_proofs, write_label_proof<LabelingProof>);
  put_key(out, "encoding_proof");
  write_label_proof(out, p.encoding_proof);
  out += '}';
}

SealCommitPhase1Output read_seal_commit_phase1_json(std::string_view text, const std::string& source) {
  JsonReader r(text, source);
  SealCommitPhase1Output c1;
  r.object({"registered_proof", "vanilla_proofs", "comm_r", "comm_d", "replica_id", "seed", "ticket"}, [&](size_t k) {
    switch (k) {
      case 0: c1.registered_proof = r.string(); break;
      case 1:
        r.variant({"StackedDrg2KiBV1", "StackedDrg8MiBV1", "StackedDrg512MiBV1", "StackedDrg32GiBV1",
                   "StackedDrg64GiBV1"},
                  [&](size_t v) {
                    c1.vanilla_proofs_kind = VanillaSealProofKind(v);
                    r.array([&](size_t) {
                      auto& partition = c1.vanilla_proofs.emplace_back();
                      r.array([&](size_t) { partition.push_back(read_stacked_proof_json(r)); });
                    });
                  });
        break;
      case 2: c1.comm_r = r.domain(); break;
      case 3: c1.comm_d = r.domain(); break;
      case 4: c1.replica_id = r.domain(); break;
      case 5: c1.seed = r.domain(); break;
      default: c1.ticket = r.domain();
    }
  });
  r.expect_end();
  if (!sizes_agree(c1.registered_proof, c1.vanilla_proofs_kind)) throw DecodeError(source + ": " + size_mismatch(c1));
  return c1;
}

std::string write_seal_commit_phase1_json(const SealCommitPhase1Output& c1) {
  if (!sizes_agree(c1.registered_proof, c1.vanilla_proofs_kind))
    throw Error("SealCommitPhase1Output: " + size_mismatch(c1));
  std::string out;
  out += "{\"registered_proof\":";
  put_string(out, c1.registered_proof);
  out += ",\"vanilla_proofs\":{";
  put_string(out, vanilla_seal_proof_name(c1.vanilla_proofs_kind));
  out += ':';
  put_array(out, c1.vanilla_proofs, [](std::string& o, const std::vector<StackedProof>& partition) {
    put_array(o, partition, write_stacked_proof_json);
  });
  out += "},\"comm_r\":";
  put_domain(out, c1.comm_r);
  put_key(out, "comm_d");
  put_domain(out, c1.comm_d);
  put_key(out, "replica_id");
  put_domain(out, c1.replica_id);
  put_key(out, "seed");
  put_domain(out, c1.seed);
  put_key(out, "ticket");
  put_domain(out, c1.ticket);
  out += '}';
  return out;
}

}  // namespace cuzk::filecoin
