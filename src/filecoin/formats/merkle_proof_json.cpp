#include "filecoin/formats/merkle_proof_json.hpp"

#include "filecoin/formats/json_writer.hpp"
#include "filecoin/formats/merkle_proof_bincode.hpp"

namespace cuzk::filecoin {

namespace {

InclusionPath read_path(JsonReader& r) {
  InclusionPath path;
  r.object({"path"}, [&](size_t) {
    r.array([&](size_t) {
      PathElement e;
      r.object({"hashes", "index"}, [&](size_t k) {
        if (k == 0)
          r.array([&](size_t) { e.hashes.push_back(r.domain()); });
        else
          e.index = r.u64();
      });
      path.push_back(std::move(e));
    });
  });
  return path;
}

void write_path(std::string& out, const InclusionPath& path) {
  out += "{\"path\":";
  put_array(out, path, [](std::string& o, const PathElement& e) {
    o += "{\"hashes\":";
    put_array(o, e.hashes, [](std::string& o2, const Domain& d) { put_domain(o2, d); });
    put_key(o, "index");
    put_u64(o, e.index);
    o += '}';
  });
  out += '}';
}

}  // namespace

MerkleProof read_merkle_proof_json(JsonReader& r) {
  MerkleProof p;
  r.object({"data"}, [&](size_t) {
    r.variant({"Single", "Sub", "Top"}, [&](size_t v) {
      switch (v) {
        case 0:
          p.kind = MerkleProof::Kind::kSingle;
          r.object({"root", "leaf", "path"}, [&](size_t k) {
            if (k == 0) p.root = r.domain();
            if (k == 1) p.leaf = r.domain();
            if (k == 2) p.base = read_path(r);
          });
          break;
        case 1:
          p.kind = MerkleProof::Kind::kSub;
          r.object({"base_proof", "sub_proof", "root", "leaf"}, [&](size_t k) {
            if (k == 0) p.base = read_path(r);
            if (k == 1) p.sub = read_path(r);
            if (k == 2) p.root = r.domain();
            if (k == 3) p.leaf = r.domain();
          });
          break;
        default:
          p.kind = MerkleProof::Kind::kTop;
          r.object({"base_proof", "sub_proof", "top_proof", "root", "leaf"}, [&](size_t k) {
            if (k == 0) p.base = read_path(r);
            if (k == 1) p.sub = read_path(r);
            if (k == 2) p.top = read_path(r);
            if (k == 3) p.root = r.domain();
            if (k == 4) p.leaf = r.domain();
          });
      }
    });
  });
  return p;
}

void write_merkle_proof_json(std::string& out, const MerkleProof& p) {
  check_merkle_proof_shape(p);
  out += "{\"data\":";
  switch (p.kind) {
    case MerkleProof::Kind::kSingle:
      out += "{\"Single\":{\"root\":";
      put_domain(out, p.root);
      put_key(out, "leaf");
      put_domain(out, p.leaf);
      put_key(out, "path");
      write_path(out, p.base);
      break;
    case MerkleProof::Kind::kSub:
      out += "{\"Sub\":{\"base_proof\":";
      write_path(out, p.base);
      put_key(out, "sub_proof");
      write_path(out, p.sub);
      put_key(out, "root");
      put_domain(out, p.root);
      put_key(out, "leaf");
      put_domain(out, p.leaf);
      break;
    case MerkleProof::Kind::kTop:
      out += "{\"Top\":{\"base_proof\":";
      write_path(out, p.base);
      put_key(out, "sub_proof");
      write_path(out, p.sub);
      put_key(out, "top_proof");
      write_path(out, p.top);
      put_key(out, "root");
      put_domain(out, p.root);
      put_key(out, "leaf");
      put_domain(out, p.leaf);
      break;
  }
  out += "}}}";
}

}  // namespace cuzk::filecoin
