#include "capi/supraseal/batch.hpp"

#include <condition_variable>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "capi/supraseal/coded_error.hpp"
#include "engine/proof_job.hpp"
#include "ff/limbs.hpp"
#include "ntt/domain.hpp"
#include "r1cs/density.hpp"

namespace cuzk::capi::supraseal {

using engine::Fr;
using Fp = groth16::Bls12_381::G1::Base;

// The ABI's scalars and coordinates are our fields' Montgomery limbs as they
// are (R = 2^256 for Fr, 2^384 for Fp, little-endian 64-bit limbs), as blst's.
static_assert(sizeof(Fr) == sizeof(supraseal_fr) && Fr::N == 4 && std::is_trivially_copyable_v<Fr>);
static_assert(sizeof(Fp::m) == sizeof(supraseal_fp) && Fp::N == 6);
static_assert(sizeof(supraseal_assignment) == 136 && sizeof(supraseal_proof) == 384);

// The caller's arrays, read by synthesis threads until the batch lets go of
// them: the batch waits for reads in progress before it returns to its caller.
class CallerArrays {
 public:
  // Throws Cancelled once released.
  void begin_read() {
    std::lock_guard lk(mu_);
    if (released_) throw Cancelled("the caller's assignment is no longer available");
    ++reading_;
  }
  void end_read(bool copied) {
    std::lock_guard lk(mu_);
    --reading_;
    copied_ += copied;
    cv_.notify_all();
  }
  void job_ended() {
    std::lock_guard lk(mu_);
    ended_ = true;
    cv_.notify_all();
  }
  // Until all n are copied or the job ended; then no read may start and
  // none is in progress (a failed job's other partitions may still be reading).
  void wait_copied(size_t n) {
    std::unique_lock lk(mu_);
    cv_.wait(lk, [&] { return copied_ >= n || ended_; });
    released_ = true;
    cv_.wait(lk, [&] { return reading_ == 0; });
  }
  void release() {
    std::unique_lock lk(mu_);
    released_ = true;
    cv_.wait(lk, [&] { return reading_ == 0; });
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  size_t reading_ = 0, copied_ = 0;
  bool released_ = false, ended_ = false;
};

namespace {

std::span<const Fr> scalars(const supraseal_fr* p, size_t n) { return {reinterpret_cast<const Fr*>(p), n}; }

size_t words(size_t bits) { return (bits + 63) / 64; }

// One circuit: its synthesis copies the caller's values, a/b/c and densities
// (r1cs::ProvingAssignment::adopt); the input constraints are checked to be
// bellperson's (input_i * 0 = 0), which finish() appends again.
class AssignmentPartition final : public engine::PartitionCircuit {
 public:
  AssignmentPartition(const supraseal_assignment& a, size_t index, std::shared_ptr<CallerArrays> arrays)
      : a_(a), index_(index), arrays_(std::move(arrays)) {
    const auto in = scalars(a.inp_assignment_data, a.inp_assignment_size);
    public_.assign(in.begin() + 1, in.end());
  }

  r1cs::CircuitShape shape() const override {
    r1cs::CircuitShape s;
    s.num_inputs = a_.inp_assignment_size;
    s.num_aux = a_.aux_assignment_size;
    s.num_constraints = a_.abc_size - a_.inp_assignment_size;
    return s;
  }

  void synthesize(r1cs::ProvingAssignment<Fr>& cs) const override {
    arrays_->begin_read();
    bool copied = false;
    struct Done {
      CallerArrays& arrays;
      bool& copied;
      ~Done() { arrays.end_read(copied); }
    } done{*arrays_, copied};
    const size_t ni = a_.inp_assignment_size, na = a_.aux_assignment_size, n = a_.abc_size - ni;
    const auto in = scalars(a_.inp_assignment_data, ni), aux = scalars(a_.aux_assignment_data, na);
    const auto a = scalars(a_.a, a_.abc_size), b = scalars(a_.b, a_.abc_size), c = scalars(a_.c, a_.abc_size);
    for (size_t i = 0; i < ni; ++i)
      if (a[n + i] != in[i] || !b[n + i].is_zero() || !c[n + i].is_zero())
        throw Error("circuit " + std::to_string(index_) + ": constraint " + std::to_string(n + i) +
                    " is not input constraint " + std::to_string(i) +
                    " (input * 0 = 0, which bellperson appends after the circuit's own)");
    cs.adopt(in, aux, a.first(n), b.first(n), c.first(n), r1cs::Density({a_.a_aux_density, words(na)}, na),
             r1cs::Density({a_.b_inp_density, words(ni)}, ni), r1cs::Density({a_.b_aux_density, words(na)}, na));
    copied = true;
  }

  std::vector<Fr> public_inputs() const override { return public_; }
  std::string describe_constraint(size_t i) const override {
    return "constraint #" + std::to_string(i) + " of circuit " + std::to_string(index_);
  }

 private:
  supraseal_assignment a_;
  size_t index_;
  std::shared_ptr<CallerArrays> arrays_;
  std::vector<Fr> public_;  // copied: read after synthesis
};

[[noreturn]] void invalid(const std::string& what) { throw CodedError(EINVAL, "generate_groth16_proofs_c: " + what); }

size_t popcount(const uint64_t* w, size_t bits) {
  size_t c = 0;
  for (size_t i = 0; i < bits / 64; ++i) c += size_t(__builtin_popcountll(w[i]));
  if (bits % 64) c += size_t(__builtin_popcountll(w[bits / 64] & ((uint64_t(1) << (bits % 64)) - 1)));
  return c;
}

Fr scalar(const supraseal_fr& x, const char* what, size_t i) {
  ff::Limbs<4> l;
  std::memcpy(l.v, x.l, sizeof l.v);
  if (ff::limbs_geq(l, Fr::Params::modulus()))
    invalid(std::string(what) + "[" + std::to_string(i) + "] is not a scalar in Montgomery form (not below the modulus)");
  return Fr::from_montgomery(l);
}

// What upstream asserts (bit lengths, the key's section sizes), and what it
// trusts: pointers, popcounts, identical shapes, the domain.
void check(const supraseal_assignment& p, size_t i, const supraseal_assignment& first, const engine::BellpersonKey& pk) {
  const std::string c = "circuit " + std::to_string(i) + ": ";
  const size_t ni = p.inp_assignment_size, na = p.aux_assignment_size;
  const auto need_ptr = [&](const void* ptr, size_t n, const char* what) {
    if (!ptr && n) invalid(c + what + " is NULL");
  };
  need_ptr(p.inp_assignment_data, ni, "inp_assignment_data");
  need_ptr(p.aux_assignment_data, na, "aux_assignment_data");
  need_ptr(p.a, p.abc_size, "a");
  need_ptr(p.b, p.abc_size, "b");
  need_ptr(p.c, p.abc_size, "c");
  need_ptr(p.a_aux_density, na, "a_aux_density");
  need_ptr(p.b_inp_density, ni, "b_inp_density");
  need_ptr(p.b_aux_density, na, "b_aux_density");
  if (ni == 0) invalid(c + "inp_assignment_size is 0 (the input ONE comes first)");
  const auto same = [&](const char* what, size_t have, const char* other, size_t want) {
    if (have != want)
      invalid(c + what + " " + std::to_string(have) + " differs from " + other + " " + std::to_string(want));
  };
  same("a_aux_bit_len", p.a_aux_bit_len, "aux_assignment_size", na);
  same("b_aux_bit_len", p.b_aux_bit_len, "aux_assignment_size", na);
  same("b_inp_bit_len", p.b_inp_bit_len, "inp_assignment_size", ni);
  same("a_aux_popcount", p.a_aux_popcount, "the bits set in a_aux_density", popcount(p.a_aux_density, na));
  same("b_inp_popcount", p.b_inp_popcount, "the bits set in b_inp_density", popcount(p.b_inp_density, ni));
  same("b_aux_popcount", p.b_aux_popcount, "the bits set in b_aux_density", popcount(p.b_aux_density, na));
  if (p.abc_size < ni)
    invalid(c + "abc_size " + std::to_string(p.abc_size) + " is less than its " + std::to_string(ni) +
            " input constraints");
  same("inp_assignment_size", ni, "circuit 0's", first.inp_assignment_size);
  same("aux_assignment_size", na, "circuit 0's", first.aux_assignment_size);
  same("abc_size", p.abc_size, "circuit 0's", first.abc_size);
  const size_t domain = size_t(1) << ntt::Domain<Fr>::log_size_for(p.abc_size);
  same("inp_assignment_size", ni, "the key's IC points", pk.vk.ic.size());
  same("aux_assignment_size", na, "the key's L points", pk.l.size());
  same("inp_assignment_size + a_aux_popcount", ni + p.a_aux_popcount, "the key's A points", pk.a.size());
  same("b_inp_popcount + b_aux_popcount", p.b_inp_popcount + p.b_aux_popcount, "the key's B G1 points",
       pk.b_g1.size());
  same("b_inp_popcount + b_aux_popcount", p.b_inp_popcount + p.b_aux_popcount, "the key's B G2 points",
       pk.b_g2.size());
  same("abc_size's domain less one", domain - 1, "the key's H points", pk.h.size());
}

void put(const Fp& f, supraseal_fp& out) { std::memcpy(out.l, f.m.v, sizeof out.l); }

template <class A>
void put_g1(const A& p, supraseal_g1_affine& out) {
  out = {};  // infinity: all zeros, as blst has it
  if (p.is_infinity()) return;
  put(p.x, out.x);
  put(p.y, out.y);
}

template <class A>
void put_g2(const A& p, supraseal_g2_affine& out) {
  out = {};
  if (p.is_infinity()) return;
  put(p.x.c0, out.x[0]);
  put(p.x.c1, out.x[1]);
  put(p.y.c0, out.y[0]);
  put(p.y.c1, out.y[1]);
}

int code_of_job(const engine::JobResult& r) {
  if (r.status == engine::JobStatus::kCancelled) return ECANCELED;
  switch (r.failure) {
    case engine::Failure::kBadInput: return EINVAL;
    case engine::Failure::kUnverified: return EPROTO;
    default: return EIO;
  }
}

}  // namespace

Batch::Batch(std::span<const supraseal_assignment> provers, const supraseal_fr* r_s, const supraseal_fr* s_s, SrsRef srs)
    : srs_(std::move(srs)), arrays_(std::make_shared<CallerArrays>()), count_(provers.size()) {
  if (!srs_ || !srs_->key) invalid("no SRS (create_SRS first)");
  if (provers.empty()) invalid("num_circuits is 0");
  if (!provers.data()) invalid("provers is NULL");
  if (!r_s || !s_s) invalid("r_s or s_s is NULL");
  const auto& pk = *srs_->key;
  engine::JobSpec spec;
  spec.key = srs_->key;
  spec.verify_after = true;  // a proof that does not verify is an error, never an answer
  spec.label = "supraseal batch of " + std::to_string(count_);
  for (size_t i = 0; i < count_; ++i) {
    check(provers[i], i, provers[0], pk);
    spec.blinding.push_back({scalar(r_s[i], "r_s", i), scalar(s_s[i], "s_s", i)});
    spec.partitions.push_back(std::make_shared<AssignmentPartition>(provers[i], i, arrays_));
  }
  spec.on_finished = [arrays = arrays_](uint64_t) { arrays->job_ended(); };
  job_ = srs_->host->engine().submit(std::move(spec));
}

Batch::~Batch() {
  try {
    auto& engine = srs_->host->engine();
    if (!finished_) {
      engine.cancel(job_);
      engine.await(job_);
    }
    arrays_->release();
    engine.forget(job_);
  } catch (...) {
    arrays_->release();  // the engine's own failure: at least no read outlives the caller's arrays
  }
}

void Batch::wait_copied() { arrays_->wait_copied(count_); }

void Batch::finish(supraseal_proof* proofs) {
  if (finished_) invalid("the batch was already finished");
  auto& engine = srs_->host->engine();
  const auto r = engine.await(job_);
  finished_ = true;
  arrays_->release();
  if (r.status != engine::JobStatus::kDone)
    throw CodedError(code_of_job(r), "generate_groth16_proofs_c: " + r.error);
  const auto& ps = r.proofs<groth16::Bls12_381>();
  if (ps.size() != count_) throw CodedError(EIO, "generate_groth16_proofs_c: the job returned " +
                                                     std::to_string(ps.size()) + " proofs for " +
                                                     std::to_string(count_) + " circuits");
  if (!proofs) invalid("proofs is NULL");
  for (size_t i = 0; i < count_; ++i) {
    put_g1(ps[i].a, proofs[i].a);
    put_g2(ps[i].b, proofs[i].b);
    put_g1(ps[i].c, proofs[i].c);
  }
}

}  // namespace cuzk::capi::supraseal
