// Zcash's Sprout JoinSplit circuit, rebuilt on these gadgets, against the
// structural digest its upstream Rust test asserts (bellman
// TestConstraintSystem::hash, same field BLS12-381 Fr). The circuit is almost
// all SHA-256 (compression with and without padding, over allocated,
// constant and negated bits), AllocatedBit, Boolean combinations and
// multipack public inputs, so a matching digest pins the exact R1CS of that
// whole stack: variable order, constraint order, every merged coefficient.
// Upstream: zcash/sapling-crypto src/circuit/sprout/{mod,input,output,prfs,
// commitment}.rs (test_sprout_constraints: 1,989,085 constraints, 10
// inputs, digest 1a228d3c...); its test_vectors.dat (four JoinSplits) is
// tests/circuits/data/sprout_joinsplit_vectors.dat. Each vector's witness
// must satisfy the circuit and give the public inputs the vector lists
// (nullifiers, MACs, note commitments: SHA-256 outputs).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "circuits/gadgets/multipack.hpp"
#include "circuits/gadgets/sha256.hpp"
#include "ff/fields.hpp"
#include "r1cs_digest.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
using Bool = Boolean<F>;
using Bit = AllocatedBit<F>;
using U256 = std::array<uint8_t, 32>;

namespace {

constexpr int kTreeDepth = 29;

struct JsInput {
  uint64_t value = 0;
  U256 a_sk{}, rho{}, r{};
  std::array<std::pair<U256, bool>, kTreeDepth> auth_path{};  // (sibling, current node is the right child)
};
struct JsOutput {
  uint64_t value = 0;
  U256 a_pk{}, r{};
};
struct JoinSplit {
  uint64_t vpub_old = 0, vpub_new = 0;
  U256 h_sig{}, phi{}, rt{};
  std::array<JsInput, 2> inputs;
  std::array<JsOutput, 2> outputs;
  // What the vector says the public inputs hash to.
  U256 nf[2]{}, cm[2]{}, mac[2]{};
};

class Reader {
 public:
  explicit Reader(const std::vector<uint8_t>& b) : b_(b) {}
  bool done() const { return pos_ == b_.size(); }
  uint8_t u8() {
    if (pos_ >= b_.size()) throw std::runtime_error("test vector truncated");
    return b_[pos_++];
  }
  uint64_t u64le() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t(u8()) << (8 * i);
    return v;
  }
  U256 u256() {
    U256 r;
    for (auto& x : r) x = u8();
    return r;
  }

 private:
  const std::vector<uint8_t>& b_;
  size_t pos_ = 0;
};

JoinSplit read_joinsplit(Reader& in) {
  JoinSplit js;
  js.phi = in.u256();
  js.rt = in.u256();
  js.h_sig = in.u256();
  for (auto& input : js.inputs) {
    in.u8();
    for (int i = kTreeDepth - 1; i >= 0; --i) {
      in.u8();
      input.auth_path[size_t(i)].first = in.u256();
    }
    const uint64_t position = in.u64le();
    for (int i = 0; i < kTreeDepth; ++i) input.auth_path[size_t(i)].second = ((position >> i) & 1) != 0;
    in.u256();  // a_pk, recomputed by the circuit
    input.value = in.u64le();
    input.rho = in.u256();
    input.r = in.u256();
    input.a_sk = in.u256();
  }
  for (auto& output : js.outputs) {
    output.a_pk = in.u256();
    output.value = in.u64le();
    in.u256();  // rho, recomputed by the circuit
    output.r = in.u256();
  }
  js.vpub_old = in.u64le();
  js.vpub_new = in.u64le();
  js.nf[0] = in.u256();
  js.nf[1] = in.u256();
  js.cm[0] = in.u256();
  js.cm[1] = in.u256();
  js.mac[0] = in.u256();
  js.mac[1] = in.u256();
  return js;
}

// num_bits allocated bits of bytes (each byte most significant bit first),
// skipping the first skip_bits.
template <class CS>
std::vector<Bool> witness_bits(CS& cs, const char* name, const U256& bytes, size_t num_bits, size_t skip_bits) {
  r1cs::Namespace ns(cs, name);
  std::vector<Bool> bits;
  for (size_t i = 0; i < num_bits; ++i) {
    const size_t k = i + skip_bits;
    const bool v = ((bytes[k / 8] >> (7 - k % 8)) & 1) != 0;
    bits.push_back(Bit::alloc(cs, [i] { return "bit " + std::to_string(i); }, std::optional<bool>(v)));
  }
  return bits;
}
template <class CS>
std::vector<Bool> witness_u256(CS& cs, const char* name, const U256& b) {
  return witness_bits(cs, name, b, 256, 0);
}
template <class CS>
std::vector<Bool> witness_u252(CS& cs, const char* name, const U256& b) {
  return witness_bits(cs, name, b, 252, 4);
}

struct NoteValue {
  std::vector<Bit> bits;  // least significant first

  template <class CS>
  NoteValue(CS& cs, const char* name, uint64_t value) {
    r1cs::Namespace ns(cs, name);
    for (int i = 0; i < 64; ++i)
      bits.push_back(Bit::alloc(cs, [i] { return "bit " + std::to_string(i); },
                                std::optional<bool>(((value >> i) & 1) != 0)));
  }
  // Little-endian byte order, each byte most significant bit first.
  std::vector<Bool> bits_le() const {
    std::vector<Bool> out;
    for (size_t byte = 0; byte < 8; ++byte)
      for (size_t j = 8; j-- > 0;) out.push_back(bits[8 * byte + j]);
    return out;
  }
  LC<F> lc() const {
    LC<F> r;
    F coeff = F::one();
    for (const auto& b : bits) {
      r.add(b.variable(), coeff);
      coeff = coeff.dbl();
    }
    return r;
  }
};

template <class CS>
std::vector<Bool> prf(CS& cs, const char* name, bool a, bool b, bool c, bool d, const std::vector<Bool>& x,
                      const std::vector<Bool>& y) {
  std::vector<Bool> image{Bool::constant(a), Bool::constant(b), Bool::constant(c), Bool::constant(d)};
  image.insert(image.end(), x.begin(), x.end());
  image.insert(image.end(), y.begin(), y.end());
  return sha256_block_no_padding(cs, name, std::span<const Bool>(image));
}

template <class CS>
std::vector<Bool> note_comm(CS& cs, const char* name, const std::vector<Bool>& a_pk, const std::vector<Bool>& value,
                            const std::vector<Bool>& rho, const std::vector<Bool>& r) {
  std::vector<Bool> image;
  for (bool b : {true, false, true, true, false, false, false, false}) image.push_back(Bool::constant(b));
  for (const auto* part : {&a_pk, &value, &rho, &r}) image.insert(image.end(), part->begin(), part->end());
  return sha256(cs, name, std::span<const Bool>(image));
}

// (lhs, rhs) or, when condition, (rhs, lhs), as one 512-bit preimage.
template <class CS>
std::vector<Bool> conditionally_swap_u256(CS& cs, const char* name, const std::vector<Bool>& lhs,
                                          const std::vector<Bool>& rhs, const Bit& condition) {
  r1cs::Namespace ns(cs, name);
  std::vector<Bool> x_bits, y_bits;
  for (size_t i = 0; i < 256; ++i) {
    r1cs::Namespace bns(cs, [i] { return "bit " + std::to_string(i); });
    auto pick = [&](bool swap_side) -> std::optional<bool> {
      if (!condition.value()) return std::nullopt;
      return (*condition.value() == swap_side ? rhs[i] : lhs[i]).value();
    };
    const Bool x = Bit::alloc(cs, "x", pick(true));
    LC<F> a = rhs[i].lc() - lhs[i].lc();
    cs.enforce("conditional swap for x", a, LC<F>(condition.variable()), x.lc() - lhs[i].lc());
    const Bool y = Bit::alloc(cs, "y", pick(false));
    LC<F> b = lhs[i].lc() - rhs[i].lc();
    cs.enforce("conditional swap for y", b, LC<F>(condition.variable()), y.lc() - rhs[i].lc());
    x_bits.push_back(x);
    y_bits.push_back(y);
  }
  x_bits.insert(x_bits.end(), y_bits.begin(), y_bits.end());
  return x_bits;
}

struct InputNote {
  std::vector<Bool> nf, mac;
};

template <class CS>
InputNote input_note(CS& cs, const JsInput& in, const NoteValue& value, const std::vector<Bool>& h_sig, bool nonce,
                     const std::vector<Bool>& rt) {
  const auto a_sk = witness_u252(cs, "a_sk", in.a_sk);
  const auto rho = witness_u256(cs, "rho", in.rho);
  const auto r = witness_u256(cs, "r", in.r);
  const std::vector<Bool> zeros(256, Bool::constant(false));
  const auto a_pk = prf(cs, "a_pk computation", true, true, false, false, a_sk, zeros);
  const auto nf = prf(cs, "nf computation", true, true, true, false, a_sk, rho);
  const auto mac = prf(cs, "mac computation", false, nonce, false, false, a_sk, h_sig);
  const auto cm = note_comm(cs, "cm computation", a_pk, value.bits_le(), rho, r);

  std::vector<Bool> cur = cm;
  for (int layer = 0; layer < kTreeDepth; ++layer) {
    r1cs::Namespace lns(cs, [layer] { return "layer " + std::to_string(layer); });
    const auto& [sibling, is_right] = in.auth_path[size_t(layer)];
    const Bit cur_is_right = Bit::alloc(cs, "cur is right", std::optional<bool>(is_right));
    const auto rhs = witness_u256(cs, "sibling", sibling);
    const auto preimage = conditionally_swap_u256(cs, "conditional swap", cur, rhs, cur_is_right);
    cur = sha256_block_no_padding(cs, "hash of this layer", std::span<const Bool>(preimage));
  }

  const Bit enforce = Bit::alloc(cs, "enforce", std::optional<bool>(in.value != 0));
  cs.enforce("enforce validity", value.lc(), one_minus<F>(enforce.variable()), LC<F>());
  for (size_t i = 0; i < 256; ++i)
    cs.enforce([i] { return "conditionally enforce correct root for bit " + std::to_string(i); },
               cur[i].lc() - rt[i].lc(), LC<F>(enforce.variable()), LC<F>());
  return {nf, mac};
}

template <class CS>
std::vector<Bool> output_note(CS& cs, const JsOutput& out, const NoteValue& value, const std::vector<Bool>& phi,
                              const std::vector<Bool>& h_sig, bool nonce) {
  const auto rho = prf(cs, "rho", false, nonce, true, false, phi, h_sig);
  const auto a_pk = witness_u256(cs, "a_pk", out.a_pk);
  const auto r = witness_u256(cs, "r", out.r);
  return note_comm(cs, "cm computation", a_pk, value.bits_le(), rho, r);
}

template <class CS>
void synthesize(CS& cs, const JoinSplit& js) {
  const NoteValue vpub_old(cs, "vpub_old", js.vpub_old);
  const NoteValue vpub_new(cs, "vpub_new", js.vpub_new);
  LC<F> lhs = vpub_old.lc(), rhs = vpub_new.lc();
  const auto rt = witness_u256(cs, "rt", js.rt);
  const auto h_sig = witness_u256(cs, "h_sig", js.h_sig);
  const auto phi = witness_u252(cs, "phi", js.phi);

  std::vector<InputNote> input_notes;
  uint64_t lhs_total = js.vpub_old;
  for (size_t i = 0; i < 2; ++i) {
    r1cs::Namespace ins(cs, [i] { return "input " + std::to_string(i); });
    lhs_total += js.inputs[i].value;
    const NoteValue value(cs, "value", js.inputs[i].value);
    {
      r1cs::Namespace nns(cs, "note");
      input_notes.push_back(input_note(cs, js.inputs[i], value, h_sig, i == 1, rt));
    }
    lhs += value.lc();
  }
  {
    const NoteValue total(cs, "total value of left hand side", lhs_total);
    cs.enforce("left hand side can be expressed as a 64-bit unsigned integer", lhs, LC<F>(Variable::one()),
               total.lc());
  }
  std::vector<std::vector<Bool>> cms;
  for (size_t i = 0; i < 2; ++i) {
    r1cs::Namespace ons(cs, [i] { return "output " + std::to_string(i); });
    const NoteValue value(cs, "value", js.outputs[i].value);
    {
      r1cs::Namespace nns(cs, "note");
      cms.push_back(output_note(cs, js.outputs[i], value, phi, h_sig, i == 1));
    }
    rhs += value.lc();
  }
  cs.enforce("balance equation", lhs, LC<F>(Variable::one()), rhs);

  std::vector<Bool> pub(rt);
  pub.insert(pub.end(), h_sig.begin(), h_sig.end());
  for (const auto& note : input_notes) {
    pub.insert(pub.end(), note.nf.begin(), note.nf.end());
    pub.insert(pub.end(), note.mac.begin(), note.mac.end());
  }
  for (const auto& cm : cms) pub.insert(pub.end(), cm.begin(), cm.end());
  for (const auto* v : {&vpub_old, &vpub_new}) {
    const auto b = v->bits_le();
    pub.insert(pub.end(), b.begin(), b.end());
  }
  multipack::pack_into_inputs(cs, "input packing", std::span<const Bool>(pub));
}

std::vector<F> expected_inputs(const JoinSplit& js) {
  std::vector<uint8_t> bytes;
  for (const U256* p : {&js.rt, &js.h_sig, &js.nf[0], &js.mac[0], &js.nf[1], &js.mac[1], &js.cm[0], &js.cm[1]})
    bytes.insert(bytes.end(), p->begin(), p->end());
  for (uint64_t v : {js.vpub_old, js.vpub_new})
    for (int i = 0; i < 8; ++i) bytes.push_back(uint8_t(v >> (8 * i)));
  return multipack::compute_multipacking<F>(multipack::bytes_to_bits(bytes));
}

std::vector<JoinSplit> load_vectors() {
  std::ifstream f(std::string(CUZK_SOURCE_DIR) + "/tests/circuits/data/sprout_joinsplit_vectors.dat", std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  Reader in(bytes);
  std::vector<JoinSplit> out;
  while (!in.done()) out.push_back(read_joinsplit(in));
  return out;
}

}  // namespace

TEST(SproutCircuit, MatchesUpstreamDigestAndEveryVector) {
  const auto vectors = load_vectors();
  ASSERT_EQ(vectors.size(), 4u);
  for (size_t v = 0; v < vectors.size(); ++v) {
    SCOPED_TRACE("vector " + std::to_string(v));
    const auto d = test::r1cs_digest<F>([&](auto& cs) { synthesize(cs, vectors[v]); }, true);
    EXPECT_TRUE(d.passes_agree);
    EXPECT_EQ(d.shape.num_constraints, 1'989'085u);
    EXPECT_EQ(d.shape.num_inputs, 10u);
    EXPECT_EQ(d.hex, "1a228d3c6377130d1778c7885811dc8b8864049cb5af8aff7e6cd46c5bc4b84c");
    EXPECT_FALSE(d.first_unsatisfied) << "constraint #" << *d.first_unsatisfied;
    const std::vector<F> want = expected_inputs(vectors[v]);
    ASSERT_EQ(d.inputs.size(), want.size() + 1);
    for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(d.inputs[i + 1], want[i]) << "public input " << i;
  }
}
