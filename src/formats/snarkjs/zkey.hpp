// snarkjs .zkey (Groth16 only): reader and writer. Sections by id: 1 protocol,
// 2 Groth16 header (n8q q n8r r nVars nPublic domainSize alpha1 beta1 beta2
// gamma2 delta1 delta2), 3 IC, 4 coefficients, 5 A, 6 B1, 7 B2, 8 C, 9 H,
// 10 contributions (not needed to prove, written empty). Every size is checked
// against the header, and every section's length against the header's counts
// before anything is allocated from them (a small file cannot claim a huge
// domain); points are snarkjs LE Montgomery affine and must lie on
// the curve; header and IC points must also lie in the prime-order subgroup.
// The A, B1, B2, C, H points may instead stay encoded in the mapped file for
// a GPU to check and convert (ZkeyReadOptions::points).
// A coefficient is stored as the canonical value coef * R^2 mod r.
#pragma once
#include <array>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/mapped_file.hpp"
#include "core/parallel.hpp"
#include "core/prefault.hpp"
#include "ec/serialize_snarkjs.hpp"
#include "formats/snarkjs/binfile.hpp"
#include "formats/snarkjs/curve_id.hpp"
#include "groth16/zkey_keys.hpp"

namespace cuzk::formats::snarkjs {

inline constexpr uint32_t kGroth16Protocol = 1;

struct ZkeyHeader {
  Curve curve;
  uint32_t n8q, n8r;
  uint32_t n_vars, n_public, domain_size;
  size_t points_offset;  // where alpha1 starts inside section 2
};

inline const char* protocol_name(uint32_t id) {
  switch (id) {
    case 1: return "groth16";
    case 2: return "plonk";
    case 10: return "fflonk";
    default: return "unknown";
  }
}

// Protocol, primes and counts; refuses anything but a Groth16 key on bn128 or bls12381.
inline ZkeyHeader read_zkey_header(const BinFile& f) {
  auto proto = f.reader(1, "protocol");
  const uint32_t id = proto.u32_le("protocol id");
  if (id != kGroth16Protocol)
    f.fail("unsupported protocol " + std::string(protocol_name(id)) + " (id " + std::to_string(id) +
           "): only groth16 keys can be proved");
  ZkeyHeader h{};
  auto r = f.reader(2, "groth16 header");
  h.n8q = r.u32_le("n8q");
  if (h.n8q != 32 && h.n8q != 48) r.fail("n8q = " + std::to_string(h.n8q) + " is neither 32 (bn128) nor 48 (bls12381)");
  auto q = r.take(h.n8q, "q");
  auto c = curve_from_prime('q', h.n8q, q);
  if (!c) r.fail("base field prime q is neither bn128's nor bls12381's");
  h.curve = *c;
  h.n8r = r.u32_le("n8r");
  if (h.n8r != 32) r.fail("n8r = " + std::to_string(h.n8r) + ", expected 32");
  auto rp = r.take(h.n8r, "r");
  if (curve_from_prime('r', h.n8r, rp) != h.curve)
    r.fail(std::string("scalar field prime r is not the one of ") + curve_name(h.curve) + " (named by q)");
  h.n_vars = r.u32_le("nVars");
  h.n_public = r.u32_le("nPublic");
  h.domain_size = r.u32_le("domainSize");
  if (h.n_vars == 0 || uint64_t(h.n_public) + 1 > h.n_vars)
    r.fail("nPublic = " + std::to_string(h.n_public) + " needs more than nVars = " + std::to_string(h.n_vars) + " wires");
  if (h.domain_size == 0 || (h.domain_size & (h.domain_size - 1)))
    r.fail("domainSize = " + std::to_string(h.domain_size) + " is not a power of two");
  h.points_offset = r.offset();
  const uint64_t g1 = 2ull * h.n8q, g2 = 4ull * h.n8q;
  if (r.remaining() != 3 * g1 + 3 * g2)
    r.fail("header holds " + std::to_string(r.remaining()) + " bytes of points, expected " +
           std::to_string(3 * g1 + 3 * g2) + " (alpha1 beta1 beta2 gamma2 delta1 delta2)");
  return h;
}

// Every section the prover reads has the length the header's counts give it
// (the coefficients' the length their count gives): after this, nothing sized
// from the header can be larger than the file.
inline void check_zkey_sections(const BinFile& f, const ZkeyHeader& h) {
  const uint64_t g1 = 2ull * h.n8q, g2 = 4ull * h.n8q;
  f.section(3, "IC", (uint64_t(h.n_public) + 1) * g1);
  f.section(5, "A", uint64_t(h.n_vars) * g1);
  f.section(6, "B1", uint64_t(h.n_vars) * g1);
  f.section(7, "B2", uint64_t(h.n_vars) * g2);
  f.section(8, "C", (uint64_t(h.n_vars) - h.n_public - 1) * g1);
  f.section(9, "H", uint64_t(h.domain_size) * g1);
  auto sec = f.section(4, "coefficients");
  if (sec.size() < 4) f.fail("section 4 (coefficients) is too short for its count");
  const uint64_t n = uint64_t(sec[0]) | uint64_t(sec[1]) << 8 | uint64_t(sec[2]) << 16 | uint64_t(sec[3]) << 24;
  if (sec.size() != 4 + n * (12 + h.n8r))
    f.fail("section 4 (coefficients) has " + std::to_string(sec.size()) + " bytes but its count of " +
           std::to_string(n) + " coefficients needs " + std::to_string(4 + n * (12 + h.n8r)));
}

inline Curve zkey_curve(std::span<const uint8_t> bytes, const std::string& source) {
  BinFile f(bytes, "zkey", 2, source);
  return read_zkey_header(f).curve;
}

struct ZkeyReadOptions {
  // A, B1, B2, C, H points are always checked to be on the curve; the (costly)
  // subgroup check of every one of them only on request. The prover checks
  // its output points instead, which catches off-subgroup key points.
  bool check_query_subgroups = false;
  // kEncoded: those five sets stay as the file holds them, for a GPU that
  // checks them as it uploads them (groth16/key_points.hpp); the bytes read
  // must lie in `file` (a mapping) or `copy`, which the key then keeps. The
  // rest of the key is read and checked.
  groth16::PointStorage points = groth16::PointStorage::kDecoded;
  std::shared_ptr<const MappedFile> file = nullptr;
  std::shared_ptr<const std::vector<uint8_t>> copy = nullptr;
};

namespace detail {

// Decodes `count` consecutive points of section `id` on all cores; the error
// names the section, index and byte offset of the first bad point.
template <class C>
std::vector<ec::Affine<C>> read_points(const BinFile& f, uint32_t id, const std::string& name, size_t count,
                                       ec::SubgroupCheck check) {
  constexpr size_t w = ec::snarkjs::kPointBytes<C>;
  auto s = f.section(id, name, uint64_t(count) * w);
  std::vector<ec::Affine<C>> pts;
  resize_prefaulted(pts, count);
  // in blocks of tens of milliseconds: a file changed under the load stops it
  const SourceWatch watch(s);
  const size_t block = check == ec::SubgroupCheck::kCheck ? 4096 : 65536;
  for (size_t at = 0; at < count; at += block) {
    if (watch.changed())
      f.fail(name + " (section " + std::to_string(id) + "): the file changed while it was read");
    size_t bad = ec::snarkjs::decode_many<C>(s.data() + at * w, std::min(block, count - at), pts.data() + at, check);
    if (bad == SIZE_MAX) continue;
    bad += at;
    f.fail(name + "[" + std::to_string(bad) + "] (section " + std::to_string(id) + ", byte " +
           std::to_string(bad * w) + "): " + ec::snarkjs::decode_error<C>(s.data() + bad * w, check));
  }
  return pts;
}

// The same points left encoded in `file` (checked by whoever decodes them).
template <class C>
groth16::KeyPoints<C> encoded_points(const BinFile& f, const ZkeyReadOptions& opt, uint32_t id, const std::string& name,
                                     size_t count) {
  constexpr size_t w = ec::snarkjs::kPointBytes<C>;
  auto s = f.section(id, name, uint64_t(count) * w);
  const std::span<const uint8_t> whole = opt.file ? opt.file->bytes() : std::span<const uint8_t>(*opt.copy);
  if (s.data() < whole.data() || s.data() + s.size() > whole.data() + whole.size())
    throw std::logic_error("read_zkey: the bytes do not lie in ZkeyReadOptions::file or ::copy");
  if (opt.file) return groth16::KeyPoints<C>::encoded(opt.file, opt.file.get(), s, f.source(), name, id);
  return groth16::KeyPoints<C>::encoded(opt.copy, nullptr, s, f.source(), name, id);
}

template <class C>
ec::Affine<C> read_point(const BinFile& f, std::span<const uint8_t> sec, size_t& off, const char* name) {
  constexpr size_t w = ec::snarkjs::kPointBytes<C>;
  try {
    auto p = ec::snarkjs::decode<C>(sec.data() + off, ec::SubgroupCheck::kCheck, name);
    off += w;
    return p;
  } catch (const DecodeError& ex) {
    f.fail(std::string("groth16 header: ") + ex.what());
  }
}

// Section 4 into the A and B matrices (rows = domain points). Writers list
// each matrix's entries by row (snarkjs interleaves A and B per constraint;
// write_zkey puts A first): then two parallel passes (check and count per
// chunk, then place each entry and its row's start) build the rows in place.
// Entries out of row order take a counting sort instead.
template <class F>
void read_coefficients(const BinFile& f, const ZkeyHeader& h, groth16::SparseRows<F>& qa,
                       groth16::SparseRows<F>& qb) {
  auto sec = f.section(4, "coefficients");
  if (sec.size() < 4) f.fail("section 4 (coefficients) is too short for its count");
  const uint64_t n = uint64_t(sec[0]) | uint64_t(sec[1]) << 8 | uint64_t(sec[2]) << 16 | uint64_t(sec[3]) << 24;
  const uint64_t entry = 12 + h.n8r;
  if (sec.size() != 4 + n * entry)
    f.fail("section 4 (coefficients) has " + std::to_string(sec.size()) + " bytes but its count of " +
           std::to_string(n) + " coefficients needs " + std::to_string(4 + n * entry));
  auto u32 = [](const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24; };
  auto at = [&](size_t i) { return sec.data() + 4 + i * entry; };
  const F inv_r = F::from_montgomery(ff::Limbs<F::N>{{1}});  // value R^-1
  // raw = coef R^2 read as a Montgomery limb vector is the value coef R
  auto value = [&](const uint8_t* p) {
    ff::Limbs<F::N> raw{};
    for (int k = 0; k < F::kBytes; ++k) raw.v[k / 8] |= uint64_t(p[12 + k]) << (8 * (k % 8));
    return F::from_montgomery(raw) * inv_r;
  };

  // Pass 1: every entry checked; per chunk and matrix, the count and the rows.
  constexpr size_t kChunk = size_t(1) << 15;
  const size_t chunks = (n + kChunk - 1) / kChunk;
  struct Summary {
    uint64_t count[2] = {0, 0};
    int64_t first_row[2] = {-1, -1}, last_row[2] = {-1, -1};
    bool ordered = true;
  };
  std::vector<Summary> sums(chunks);
  std::string err;
  size_t err_at = SIZE_MAX;
  std::mutex mu;
  const SourceWatch watch(sec);
  parallel_for(chunks, 1, [&](size_t cb, size_t ce) {
    for (size_t c = cb; c < ce; ++c) {
      if (watch.changed()) return;
      Summary& sm = sums[c];
      for (size_t i = c * kChunk, e = std::min<size_t>(n, i + kChunk); i < e; ++i) {
        const uint8_t* p = at(i);
        const uint32_t m = u32(p), row = u32(p + 4), sig = u32(p + 8);
        std::string why;
        ff::Limbs<F::N> raw{};
        for (int k = 0; k < F::kBytes; ++k) raw.v[k / 8] |= uint64_t(p[12 + k]) << (8 * (k % 8));
        if (m > 1)
          why = "matrix " + std::to_string(m) + " is neither 0 (A) nor 1 (B)";
        else if (row >= h.domain_size)
          why = "constraint " + std::to_string(row) + " is outside the domain of " + std::to_string(h.domain_size);
        else if (sig >= h.n_vars)
          why = "signal " + std::to_string(sig) + " is not below nVars = " + std::to_string(h.n_vars);
        else if (ff::limbs_geq(raw, F::Params::modulus()))
          why = "value is not below r";
        if (!why.empty()) {
          std::lock_guard lk(mu);
          if (i < err_at) {
            err_at = i;
            err = "coefficient " + std::to_string(i) + " (section 4): " + why;
          }
          break;
        }
        if (sm.last_row[m] > int64_t(row)) sm.ordered = false;
        if (sm.first_row[m] < 0) sm.first_row[m] = row;
        sm.last_row[m] = row;
        ++sm.count[m];
      }
    }
  });
  if (watch.changed()) f.fail("section 4 (coefficients): the file changed while it was read");
  if (!err.empty()) f.fail(err);

  // Where each chunk's entries of each matrix begin, and the row before them.
  std::vector<std::array<uint64_t, 2>> base(chunks);
  std::vector<std::array<int64_t, 2>> row_before(chunks);
  uint64_t total[2] = {0, 0};
  int64_t last[2] = {-1, -1};
  bool ordered = true;
  for (size_t c = 0; c < chunks; ++c) {
    ordered = ordered && sums[c].ordered;
    for (int m = 0; m < 2; ++m) {
      base[c][m] = total[m];
      row_before[c][m] = last[m];
      if (!sums[c].count[m]) continue;
      if (sums[c].first_row[m] < last[m]) ordered = false;
      total[m] += sums[c].count[m];
      last[m] = sums[c].last_row[m];
    }
  }
  groth16::SparseRows<F>* q[2] = {&qa, &qb};
  if (!ordered) {
    using Triple = typename groth16::SparseRows<F>::Triple;
    std::vector<Triple> ts[2];
    for (size_t i = 0; i < n; ++i) {
      const uint8_t* p = at(i);
      ts[u32(p)].push_back(Triple{u32(p + 4), u32(p + 8), value(p)});
    }
    for (int m = 0; m < 2; ++m) *q[m] = groth16::SparseRows<F>::from_triples(h.domain_size, ts[m]);
    return;
  }

  // Pass 2: each entry to its place; each row's start written once, by the
  // entry that opens it (rows without entries take the next one's start).
  for (int m = 0; m < 2; ++m) {
    q[m]->start.assign(size_t(h.domain_size) + 1, 0);
    resize_prefaulted(q[m]->col, total[m]);
    resize_prefaulted(q[m]->val, total[m]);
  }
  parallel_for(chunks, 1, [&](size_t cb, size_t ce) {
    for (size_t c = cb; c < ce; ++c) {
      uint64_t next[2] = {base[c][0], base[c][1]};
      int64_t prev[2] = {row_before[c][0], row_before[c][1]};
      for (size_t i = c * kChunk, e = std::min<size_t>(n, i + kChunk); i < e; ++i) {
        const uint8_t* p = at(i);
        const uint32_t m = u32(p), row = u32(p + 4);
        auto& sr = *q[m];
        for (int64_t r = prev[m] + 1; r <= int64_t(row); ++r) sr.start[size_t(r)] = next[m];
        prev[m] = row;
        sr.col[next[m]] = u32(p + 8);
        sr.val[next[m]] = value(p);
        ++next[m];
      }
    }
  });
  for (int m = 0; m < 2; ++m)
    for (size_t r = size_t(last[m] + 1); r <= h.domain_size; ++r) q[m]->start[r] = total[m];
}

}  // namespace detail

// The whole key of curve E (the header's curve must be E).
template <class E>
groth16::ZkeyProvingKey<E> read_zkey(std::span<const uint8_t> bytes, const std::string& source,
                                     ZkeyReadOptions opt = {}) {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  BinFile f(bytes, "zkey", 2, source);
  const ZkeyHeader h = read_zkey_header(f);
  if (h.curve != curve_of<E>())
    f.fail(std::string("the key is for ") + curve_name(h.curve) + ", not " + curve_name(curve_of<E>()));
  if (int(h.n8q) != ec::PrimeField<G1>::kBytes) f.fail("n8q does not match the curve");
  if (h.domain_size >= (uint64_t(1) << E::Fr::Params::kTwoAdicity))
    f.fail("domainSize " + std::to_string(h.domain_size) + " leaves no 2n-th root of unity for the H coset");
  check_zkey_sections(f, h);

  groth16::ZkeyProvingKey<E> pk;
  pk.n_vars = h.n_vars;
  pk.n_public = h.n_public;
  pk.domain_size = h.domain_size;
  auto s2 = f.section(2, "groth16 header");
  size_t off = h.points_offset;
  pk.vk.alpha_g1 = detail::read_point<G1>(f, s2, off, "alpha1");
  pk.vk.beta_g1 = detail::read_point<G1>(f, s2, off, "beta1");
  pk.vk.beta_g2 = detail::read_point<G2>(f, s2, off, "beta2");
  pk.vk.gamma_g2 = detail::read_point<G2>(f, s2, off, "gamma2");
  pk.vk.delta_g1 = detail::read_point<G1>(f, s2, off, "delta1");
  pk.vk.delta_g2 = detail::read_point<G2>(f, s2, off, "delta2");

  pk.vk.ic = detail::read_points<G1>(f, 3, "IC", size_t(h.n_public) + 1, ec::SubgroupCheck::kCheck);
  detail::read_coefficients<typename E::Fr>(f, h, pk.qap_a, pk.qap_b);
  const size_t n_c = size_t(h.n_vars) - h.n_public - 1;
  if (opt.points == groth16::PointStorage::kEncoded) {
    if (!opt.file == !opt.copy || opt.check_query_subgroups)
      throw std::logic_error("read_zkey: encoded points need one of ZkeyReadOptions::file, ::copy and no subgroup checks");
    pk.a = detail::encoded_points<G1>(f, opt, 5, "A", h.n_vars);
    pk.b1 = detail::encoded_points<G1>(f, opt, 6, "B1", h.n_vars);
    pk.b2 = detail::encoded_points<G2>(f, opt, 7, "B2", h.n_vars);
    pk.c = detail::encoded_points<G1>(f, opt, 8, "C", n_c);
    pk.h = detail::encoded_points<G1>(f, opt, 9, "H", h.domain_size);
    return pk;
  }
  const auto q = opt.check_query_subgroups ? ec::SubgroupCheck::kCheck : ec::SubgroupCheck::kSkip;
  pk.a = detail::read_points<G1>(f, 5, "A", h.n_vars, q);
  pk.b1 = detail::read_points<G1>(f, 6, "B1", h.n_vars, q);
  pk.b2 = detail::read_points<G2>(f, 7, "B2", h.n_vars, q);
  pk.c = detail::read_points<G1>(f, 8, "C", n_c, q);
  pk.h = detail::read_points<G1>(f, 9, "H", h.domain_size, q);
  return pk;
}

template <class E>
groth16::ZkeyProvingKey<E> read_zkey_file(const std::string& path, ZkeyReadOptions opt = {}) {
  auto m = std::make_shared<const MappedFile>(path);
  if (opt.points == groth16::PointStorage::kEncoded) opt.file = m;
  return m->parse([&](auto bytes) { return read_zkey<E>(bytes, "zkey '" + path + "'", opt); });
}

namespace detail {

template <class C>
void put_points(BinFileWriter& w, std::span<const ec::Affine<C>> pts) {
  constexpr size_t pw = ec::snarkjs::kPointBytes<C>;
  std::vector<uint8_t> buf(pts.size() * pw);
  parallel_for(pts.size(), 4096, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) ec::snarkjs::encode(pts[i], buf.data() + i * pw);
  });
  w.bytes(buf);
}

template <class C>
void put_points(BinFileWriter& w, const std::vector<ec::Affine<C>>& pts) {
  put_points(w, std::span<const ec::Affine<C>>(pts));
}

template <class C>
void put_points(BinFileWriter& w, const groth16::KeyPoints<C>& pts) {
  if (pts.is_encoded())
    w.bytes(pts.encoded());
  else
    put_points(w, pts.decoded());
}

template <class F>
void put_le(std::vector<uint8_t>& out, const ff::Limbs<F::N>& l) {
  for (int i = 0; i < F::kBytes; ++i) out.push_back(uint8_t(l.v[i / 8] >> (8 * (i % 8))));
}

}  // namespace detail

// Writes pk as a version-1 .zkey that snarkjs reads (prove, export verificationkey).
template <class E>
void write_zkey(const groth16::ZkeyProvingKey<E>& pk, const std::string& path) {
  using F = typename E::Fr;
  using Fq = ec::PrimeField<typename E::G1>;
  BinFileWriter w(path, "zkey", 1, 10);
  w.begin_section(1);
  w.u32(kGroth16Protocol);
  w.end_section();

  w.begin_section(2);
  std::vector<uint8_t> hdr;
  w.u32(Fq::kBytes);
  detail::put_le<Fq>(hdr, Fq::Params::modulus());
  w.bytes(hdr);
  hdr.clear();
  w.u32(F::kBytes);
  detail::put_le<F>(hdr, F::Params::modulus());
  w.bytes(hdr);
  w.u32(pk.n_vars);
  w.u32(pk.n_public);
  w.u32(pk.domain_size);
  detail::put_points(w, std::vector{pk.vk.alpha_g1, pk.vk.beta_g1});
  detail::put_points(w, std::vector{pk.vk.beta_g2, pk.vk.gamma_g2});
  detail::put_points(w, std::vector{pk.vk.delta_g1});
  detail::put_points(w, std::vector{pk.vk.delta_g2});
  w.end_section();

  w.begin_section(3);
  detail::put_points(w, pk.vk.ic);
  w.end_section();

  w.begin_section(4);
  const F r_val = F::from_canonical(F::Params::r_mod_p());  // the value R: (v R) has limbs v R^2
  std::vector<uint8_t> coefs;
  coefs.reserve((pk.qap_a.entries() + pk.qap_b.entries()) * (12 + F::kBytes));
  auto put_u32 = [&](uint32_t v) {
    for (int i = 0; i < 4; ++i) coefs.push_back(uint8_t(v >> (8 * i)));
  };
  put_u32(uint32_t(pk.qap_a.entries() + pk.qap_b.entries()));
  for (uint32_t m = 0; m < 2; ++m) {
    const auto& q = m == 0 ? pk.qap_a : pk.qap_b;
    for (size_t row = 0; row < q.rows(); ++row)
      for (uint64_t k = q.start[row]; k < q.start[row + 1]; ++k) {
        put_u32(m);
        put_u32(uint32_t(row));
        put_u32(q.col[k]);
        detail::put_le<F>(coefs, (q.val[k] * r_val).m);
      }
  }
  w.bytes(coefs);
  w.end_section();

  const std::pair<uint32_t, const groth16::KeyPoints<typename E::G1>*> g1s[] = {{5, &pk.a}, {6, &pk.b1}};
  for (auto [id, pts] : g1s) {
    w.begin_section(id);
    detail::put_points(w, *pts);
    w.end_section();
  }
  w.begin_section(7);
  detail::put_points(w, pk.b2);
  w.end_section();
  w.begin_section(8);
  detail::put_points(w, pk.c);
  w.end_section();
  w.begin_section(9);
  detail::put_points(w, pk.h);
  w.end_section();

  // No MPC contributions: a zero circuit hash and an empty list.
  w.begin_section(10);
  const uint8_t zeros[64] = {};
  w.bytes(zeros, sizeof zeros);
  w.u32(0);
  w.end_section();
  w.close();
}

}  // namespace cuzk::formats::snarkjs
