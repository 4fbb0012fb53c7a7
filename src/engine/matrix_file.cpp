#include "engine/matrix_file.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "core/mapped_file.hpp"
#include "engine/content_digest.hpp"
#include "ff/limbs.hpp"

namespace cuzk::engine {

namespace {

constexpr char kMagic[8] = {'C', 'U', 'Z', 'K', 'M', 'T', 'X', '1'};
constexpr uint32_t kVersion = 1;

struct Writer {
  std::vector<uint8_t> out;
  void bytes(const void* p, size_t n) {
    const auto* b = static_cast<const uint8_t*>(p);
    out.insert(out.end(), b, b + n);
  }
  template <class T>
  void pod(const T& v) { bytes(&v, sizeof v); }
  template <class T>
  void array(const std::vector<T>& v) { bytes(v.data(), v.size() * sizeof(T)); }
  void rows(const r1cs::CompactRows<Fr>& m) {
    pod(uint64_t(m.rows()));
    pod(uint64_t(m.entries()));
    pod(uint64_t(m.table.size()));
    array(m.start);
    array(m.col);
    array(m.coeff);
    array(m.table);
  }
  void density(const r1cs::Density& d) {
    pod(uint64_t(d.size()));
    for (size_t w = 0; w < d.size(); w += 64) {
      uint64_t word = 0;
      for (size_t j = w; j < std::min(d.size(), w + 64); ++j) word |= uint64_t(d.get(j)) << (j - w);
      pod(word);
    }
  }
};

struct Reader {
  std::span<const uint8_t> in;
  size_t at = 0;
  const std::string& path;
  void need(size_t n, const char* what) {
    if (n > in.size() - at) throw Error("matrix file '" + path + "' is cut short in " + what);
  }
  template <class T>
  T pod(const char* what) {
    need(sizeof(T), what);
    T v;
    std::memcpy(&v, in.data() + at, sizeof v);
    at += sizeof v;
    return v;
  }
  template <class T>
  void array(std::vector<T>& v, uint64_t n, const char* what) {
    if (n > (in.size() - at) / sizeof(T)) throw Error("matrix file '" + path + "' is cut short in " + what);
    v.resize(n);
    std::memcpy(v.data(), in.data() + at, n * sizeof(T));
    at += n * sizeof(T);
  }
  void rows(r1cs::CompactRows<Fr>& m, const char* what) {
    const auto rows = pod<uint64_t>(what), entries = pod<uint64_t>(what), table = pod<uint64_t>(what);
    if (rows >= UINT32_MAX || entries > r1cs::CompactRows<Fr>::kMaxEntries || table > r1cs::CompactRows<Fr>::kMaxTable)
      throw Error("matrix file '" + path + "': " + what + " sized beyond what a matrix holds");
    array(m.start, rows + 1, what);
    array(m.col, entries, what);
    array(m.coeff, entries, what);
    array(m.table, table, what);
    for (const Fr& t : m.table)
      if (ff::limbs_geq(t.m, Fr::Params::modulus()))
        throw Error("matrix file '" + path + "': " + what + " holds a coefficient not below the modulus");
    m.classify();
  }
  r1cs::Density density(const char* what) {
    const auto n = pod<uint64_t>(what);
    if (n > in.size() * 8) throw Error("matrix file '" + path + "' is cut short in " + what);
    std::vector<uint64_t> words;
    array(words, (n + 63) / 64, what);
    return r1cs::Density(words, n);
  }
};

}  // namespace

void write_matrix_file(const std::string& path, const std::string& circuit_id, const Matrices& m) {
  Writer w;
  w.bytes(kMagic, sizeof kMagic);
  w.pod(kVersion);
  w.pod(uint32_t(sizeof(Fr)));
  w.pod(uint32_t(circuit_id.size()));
  w.bytes(circuit_id.data(), circuit_id.size());
  w.pod(uint64_t(m.shape.num_inputs));
  w.pod(uint64_t(m.shape.num_aux));
  w.pod(uint64_t(m.shape.num_constraints));
  w.rows(m.a);
  w.rows(m.b);
  w.rows(m.c);
  w.density(m.a_aux);
  w.density(m.b_input);
  w.density(m.b_aux);
  const ContentDigest d = content_digest(w.out);
  w.bytes(d.data(), d.size());
  const std::string tmp = path + ".partial";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(w.out.data()), std::streamsize(w.out.size()));
    if (!f.flush()) throw Error("cannot write matrix file '" + tmp + "'");
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    throw Error("cannot move matrix file into place at '" + path + "'");
  }
}

Matrices read_matrix_file(const std::string& path, const std::string& circuit_id) {
  const MappedFile file(path);
  const std::span<const uint8_t> all = file.bytes();
  if (all.size() < sizeof kMagic + 32 || std::memcmp(all.data(), kMagic, sizeof kMagic) != 0)
    throw Error("'" + path + "' is not a cuzk matrix file");
  const auto body = all.first(all.size() - 32);
  const ContentDigest want = content_digest(body);
  if (std::memcmp(want.data(), all.data() + body.size(), 32) != 0)
    throw Error("matrix file '" + path + "' fails its content digest (changed or damaged since it was written)");
  Reader r{body, sizeof kMagic, path};
  if (r.pod<uint32_t>("the header") != kVersion || r.pod<uint32_t>("the header") != sizeof(Fr))
    throw Error("matrix file '" + path + "' is of another version or field");
  std::vector<char> id;
  r.array(id, r.pod<uint32_t>("the circuit id"), "the circuit id");
  if (std::string(id.begin(), id.end()) != circuit_id)
    throw Error("matrix file '" + path + "' holds circuit '" + std::string(id.begin(), id.end()) + "', not '" +
                circuit_id + "'");
  Matrices m;
  m.shape.num_inputs = r.pod<uint64_t>("the shape");
  m.shape.num_aux = r.pod<uint64_t>("the shape");
  m.shape.num_constraints = r.pod<uint64_t>("the shape");
  r.rows(m.a, "A");
  r.rows(m.b, "B");
  r.rows(m.c, "C");
  m.a_aux = r.density("the densities");
  m.b_input = r.density("the densities");
  m.b_aux = r.density("the densities");
  if (r.at != body.size()) throw Error("matrix file '" + path + "' has bytes past its matrices");
  m.check("matrix file '" + path + "'");
  return m;
}

}  // namespace cuzk::engine
