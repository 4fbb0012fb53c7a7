#include "filecoin/formats/merkle_proof_bincode.hpp"

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

constexpr size_t kPathElementMinBytes = 8 + 8;

InclusionPath read_path(BincodeReader& r) {
  auto f = r.field("path");
  InclusionPath path(r.length(kPathElementMinBytes));
  for (size_t i = 0; i < path.size(); ++i) {
    auto e = r.element(i);
    {
      auto h = r.field("hashes");
      path[i].hashes.resize(r.length(32));
      for (auto& d : path[i].hashes) d = r.domain();
    }
    auto x = r.field("index");
    path[i].index = r.u64();
  }
  return path;
}

InclusionPath read_named_path(BincodeReader& r, const char* name) {
  auto f = r.field(name);
  return read_path(r);
}

void read_root_leaf(BincodeReader& r, MerkleProof& p) {
  {
    auto f = r.field("root");
    p.root = r.domain();
  }
  auto f = r.field("leaf");
  p.leaf = r.domain();
}

void write_path(BincodeWriter& w, const InclusionPath& path) {
  w.length(path.size());
  for (const auto& e : path) {
    w.length(e.hashes.size());
    for (const auto& d : e.hashes) w.domain(d);
    w.u64(e.index);
  }
}

}  // namespace

MerkleProof read_merkle_proof(BincodeReader& r) {
  auto f = r.field("data");
  MerkleProof p;
  const uint32_t variant = r.u32();
  switch (variant) {
    case uint32_t(MerkleProof::Kind::kSingle): {
      auto v = r.field("Single");
      p.kind = MerkleProof::Kind::kSingle;
      read_root_leaf(r, p);
      p.base = read_named_path(r, "path");
      break;
    }
    case uint32_t(MerkleProof::Kind::kSub): {
      auto v = r.field("Sub");
      p.kind = MerkleProof::Kind::kSub;
      p.base = read_named_path(r, "base_proof");
      p.sub = read_named_path(r, "sub_proof");
      read_root_leaf(r, p);
      break;
    }
    case uint32_t(MerkleProof::Kind::kTop): {
      auto v = r.field("Top");
      p.kind = MerkleProof::Kind::kTop;
      p.base = read_named_path(r, "base_proof");
      p.sub = read_named_path(r, "sub_proof");
      p.top = read_named_path(r, "top_proof");
      read_root_leaf(r, p);
      break;
    }
    default:
      r.fail("unknown proof variant " + std::to_string(variant) + " (0 Single, 1 Sub, 2 Top)");
  }
  return p;
}

void check_merkle_proof_shape(const MerkleProof& p) {
  switch (p.kind) {
    case MerkleProof::Kind::kSingle:
      if (!p.sub.empty() || !p.top.empty()) throw Error("merkle proof: a Single proof holds a sub or top path");
      return;
    case MerkleProof::Kind::kSub:
      if (!p.top.empty()) throw Error("merkle proof: a Sub proof holds a top path");
      return;
    case MerkleProof::Kind::kTop:
      return;
  }
  throw Error("merkle proof: unknown kind " + std::to_string(uint32_t(p.kind)));
}

void write_merkle_proof(BincodeWriter& w, const MerkleProof& p) {
  check_merkle_proof_shape(p);
  w.u32(uint32_t(p.kind));
  if (p.kind == MerkleProof::Kind::kSingle) {
    w.domain(p.root);
    w.domain(p.leaf);
    write_path(w, p.base);
    return;
  }
  write_path(w, p.base);
  write_path(w, p.sub);
  if (p.kind == MerkleProof::Kind::kTop) write_path(w, p.top);
  w.domain(p.root);
  w.domain(p.leaf);
}

}  // namespace cuzk::filecoin
