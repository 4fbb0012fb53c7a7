// ProvingAssignment: the prover's constraint system. Records the input and aux
// values and the evaluations a_i = <A_i, z>, b_i of every constraint straight
// into storage the caller supplies (plain vectors, or pinned pool buffers)
// with no reallocation and no copy; tracks A/B densities. Exceeding the
// supplied capacity throws (the shape must be known).
// c_i = <C_i, z> is evaluated and checked against a_i * b_i as each constraint
// arrives, but not kept: for a satisfied assignment c = a * b element-wise, so
// provers compute it where they need it (a quarter less host memory per
// partition, a third fewer bytes to the device). first_unsatisfied() names the
// first broken constraint.
// With an AbcStream (r1cs/abc_stream.hpp) a/b are written into the stream's
// windows and shipped as each fills; only the witness stays here.
#pragma once
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "ff/limbs.hpp"
#include "r1cs/abc_stream.hpp"
#include "r1cs/assignment_piece.hpp"
#include "r1cs/constraint_matrices.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"
#include "r1cs/lc_eval.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

template <class F>
struct AssignmentBuffers {
  std::span<F> inputs, aux, a, b;
};

// Plain heap storage for a known shape, for tests and the CPU-only path.
template <class F>
struct OwnedAssignmentBuffers {
  std::vector<F> inputs, aux, a, b;
  explicit OwnedAssignmentBuffers(const CircuitShape& s)
      : inputs(s.num_inputs), aux(s.num_aux), a(s.abc_length()), b(s.abc_length()) {}
  AssignmentBuffers<F> view() { return {inputs, aux, a, b}; }
};

template <class F_>
class ProvingAssignment {
 public:
  using Field = F_;
  using F = F_;

  explicit ProvingAssignment(AssignmentBuffers<F> buf)
      : buf_(buf),
        window_{buf.a, buf.b},
        capacity_(buf.a.size()),
        a_aux_density_(buf.aux.size()),
        b_input_density_(buf.inputs.size()),
        b_aux_density_(buf.aux.size()) {
    if (buf.b.size() != capacity_) throw Error("ProvingAssignment: a and b buffers differ in length");
    start();
  }

  // a/b go to `stream` (which must outlive synthesis); the witness to the spans.
  ProvingAssignment(std::span<F> inputs, std::span<F> aux, AbcStream<F>& stream)
      : buf_{inputs, aux, {}, {}},
        stream_(&stream),
        capacity_(stream.capacity()),
        a_aux_density_(aux.size()),
        b_input_density_(inputs.size()),
        b_aux_density_(aux.size()) {
    window_ = stream.first_window();
    if (window_.size() == 0 || window_.b.size() != window_.size())
      throw Error("ProvingAssignment: the a/b stream gave an empty or uneven window");
    start();
  }

  template <class N, class V>
  Variable alloc(const N&, const V& value) {
    if (num_aux_ == buf_.aux.size()) overflow("auxiliary variables", buf_.aux.size());
    buf_.aux[num_aux_] = value();
    return Variable::aux(num_aux_++);
  }

  template <class N, class V>
  Variable alloc_input(const N&, const V& value) {
    if (num_inputs_ == buf_.inputs.size()) overflow("public inputs", buf_.inputs.size());
    buf_.inputs[num_inputs_] = value();
    return Variable::input(num_inputs_++);
  }

  // Synthesis checks this every 2^16 constraints and throws cuzk::Cancelled.
  void set_stop_token(std::stop_token t) { stop_ = std::move(t); }

  template <class N>
  void enforce(const N&, const LinearCombination<F>& a, const LinearCombination<F>& b, const LinearCombination<F>& c) {
    if (num_constraints_ + 1 > capacity_) overflow("constraints", capacity_);
    if ((num_constraints_ & 0xffff) == 0xffff && stop_.stop_requested()) throw Cancelled("synthesis cancelled");
    const size_t i = num_constraints_++, k = slot(i);
    const F av = eval(a, nullptr, &a_aux_density_), bv = eval(b, &b_input_density_, &b_aux_density_);
    window_.a[k] = av;
    window_.b[k] = bv;
    if (!first_bad_ && !product_is(av, bv, eval(c, nullptr, nullptr))) first_bad_ = i;
  }

  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  // Parallel synthesis of `count` consecutive pieces of the circuit that
  // each allocate exactly `each` (inputs without ONE, aux, constraints):
  // split() positions piece i right after what is synthesized so far plus i
  // times `each`; the pieces may then be synthesized concurrently, each on
  // one thread, reading only variables allocated before the split and their
  // own; join() checks that every piece filled its shape and continues after
  // the last. The result (inputs, aux, a, b, densities, first_unsatisfied)
  // is the sequential synthesis's bit for bit. Nothing else may use this
  // assignment in between. Only where a/b are kept (not streamed).
  bool can_split() const { return !stream_ && !finished_ && !split_open_; }

  std::vector<AssignmentPiece<F>> split(size_t count, const CircuitShape& each) {
    if (!can_split()) throw Error("ProvingAssignment: split() on a streamed, finished or already split assignment");
    if (num_inputs_ + count * each.num_inputs > buf_.inputs.size()) overflow("public inputs", buf_.inputs.size());
    if (num_aux_ + count * each.num_aux > buf_.aux.size()) overflow("auxiliary variables", buf_.aux.size());
    if (num_constraints_ + count * each.num_constraints > capacity_) overflow("constraints", capacity_);
    std::vector<AssignmentPiece<F>> pieces(count);
    for (size_t i = 0; i < count; ++i) {
      AssignmentPiece<F>& p = pieces[i];
      p.inputs_ = buf_.inputs.data();
      p.aux_ = buf_.aux.data();
      p.a_ = window_.a.data();
      p.b_ = window_.b.data();
      p.begin_ = {num_inputs_ + i * each.num_inputs, num_aux_ + i * each.num_aux,
                  num_constraints_ + i * each.num_constraints};
      p.next_input_ = p.begin_.num_inputs;
      p.next_aux_ = p.begin_.num_aux;
      p.next_constraint_ = p.begin_.num_constraints;
      p.end_input_ = p.next_input_ + each.num_inputs;
      p.end_aux_ = p.next_aux_ + each.num_aux;
      p.end_constraint_ = p.next_constraint_ + each.num_constraints;
      const size_t lo = (p.begin_.num_aux + 63) / 64 * 64, hi = p.end_aux_ / 64 * 64;
      p.own_lo_ = lo;
      p.own_len_ = hi > lo ? hi - lo : 0;
      p.a_aux_ = &a_aux_density_;
      p.b_input_ = &b_input_density_;
      p.b_aux_ = &b_aux_density_;
      p.stop_ = stop_;
    }
    split_each_ = each;
    split_count_ = count;
    split_open_ = true;
    return pieces;
  }

  void join(std::span<const AssignmentPiece<F>> pieces) {
    if (!split_open_) throw Error("ProvingAssignment: join() without split()");
    if (pieces.size() != split_count_)
      throw Error("ProvingAssignment: join() of " + std::to_string(pieces.size()) + " pieces, " +
                  std::to_string(split_count_) + " split");
    for (size_t i = 0; i < pieces.size(); ++i) {
      const CircuitShape got = pieces[i].filled();
      if (got != split_each_ || pieces[i].begin_.num_constraints != num_constraints_ + i * split_each_.num_constraints)
        throw Error("ProvingAssignment: piece " + std::to_string(i) + " synthesized " + std::to_string(got.num_inputs) +
                    " inputs, " + std::to_string(got.num_aux) + " aux, " + std::to_string(got.num_constraints) +
                    " constraints, its split shape " + std::to_string(split_each_.num_inputs) + ", " +
                    std::to_string(split_each_.num_aux) + ", " + std::to_string(split_each_.num_constraints));
    }
    for (const auto& p : pieces)
      if (!first_bad_ && p.first_bad_) first_bad_ = p.first_bad_;
    num_inputs_ += pieces.size() * split_each_.num_inputs;
    num_aux_ += pieces.size() * split_each_.num_aux;
    num_constraints_ += pieces.size() * split_each_.num_constraints;
    split_open_ = false;
  }

  // Takes a circuit synthesized elsewhere, in bellperson's layout, as if it
  // were synthesized here: `inputs` (ONE first), `aux`, and a, b, c of each
  // of its constraints (not the input constraints finish() appends), with the
  // densities that synthesis tracked (sized to inputs and aux). Copies into
  // this assignment's storage or stream; c is checked against a * b
  // (first_unsatisfied). Throws Error for sizes that differ from each other or
  // exceed the buffers, input 0 other than ONE, or a value not below the
  // modulus. Only on a fresh assignment; finish() follows as usual.
  void adopt(std::span<const F> inputs, std::span<const F> aux, std::span<const F> a, std::span<const F> b,
             std::span<const F> c, Density a_aux, Density b_input, Density b_aux) {
    if (finished_ || split_open_ || num_inputs_ != 1 || num_aux_ != 0 || num_constraints_ != 0)
      throw Error("ProvingAssignment: adopt() on an assignment already synthesized into");
    if (b.size() != a.size() || c.size() != a.size())
      throw Error("ProvingAssignment: adopt() of a, b, c of different lengths (" + std::to_string(a.size()) + ", " +
                  std::to_string(b.size()) + ", " + std::to_string(c.size()) + ")");
    if (a_aux.size() != aux.size() || b_aux.size() != aux.size() || b_input.size() != inputs.size())
      throw Error("ProvingAssignment: adopt() densities sized " + std::to_string(a_aux.size()) + ", " +
                  std::to_string(b_input.size()) + ", " + std::to_string(b_aux.size()) + " for " +
                  std::to_string(inputs.size()) + " inputs and " + std::to_string(aux.size()) + " aux");
    if (inputs.empty() || inputs[0] != F::one()) throw Error("ProvingAssignment: adopt() inputs do not start with ONE");
    if (inputs.size() > buf_.inputs.size()) overflow("public inputs", buf_.inputs.size());
    if (aux.size() > buf_.aux.size()) overflow("auxiliary variables", buf_.aux.size());
    if (a.size() > capacity_) overflow("constraints", capacity_);
    const auto reduced = [](std::span<const F> xs, const char* what) {
      for (size_t i = 0; i < xs.size(); ++i)
        if (ff::limbs_geq(xs[i].m, F::Params::modulus()))
          throw Error(std::string("ProvingAssignment: adopt() ") + what + " #" + std::to_string(i) +
                      " is not reduced below the modulus");
    };
    reduced(inputs, "input");
    reduced(aux, "aux value");
    reduced(a, "a");
    reduced(b, "b");
    reduced(c, "c");
    std::copy(inputs.begin(), inputs.end(), buf_.inputs.begin());
    std::copy(aux.begin(), aux.end(), buf_.aux.begin());
    num_inputs_ = inputs.size();
    num_aux_ = aux.size();
    for (size_t i = 0; i < a.size(); ++i) {
      if ((i & 0xffff) == 0xffff && stop_.stop_requested()) throw Cancelled("synthesis cancelled");
      const size_t k = slot(i);
      window_.a[k] = a[i];
      window_.b[k] = b[i];
      if (!first_bad_ && !product_is(a[i], b[i], c[i])) first_bad_ = i;
      num_constraints_ = i + 1;
    }
    a_aux_density_ = std::move(a_aux);
    b_input_density_ = std::move(b_input);
    b_aux_density_ = std::move(b_aux);
  }

  // Completes an assignment whose witness a witness-only synthesis
  // (r1cs/witness_assignment.hpp) wrote into this assignment's input and aux
  // storage, which must be one contiguous z (inputs, then aux), from the
  // circuit's recorded matrices: the shape and densities are theirs; with
  // a/b storage, a = A z and b = B z are evaluated here (on `pool`) and C z
  // is checked against a * b (first_unsatisfied); without (`a_b_on_device`)
  // a/b are left to the prover, which makes and checks them from the same
  // matrices. Only on a fresh, unstreamed assignment; finished afterwards.
  void complete_from(const ConstraintMatrices<F>& m, bool a_b_on_device = false, ThreadPool& pool = global_pool()) {
    if (finished_ || split_open_ || stream_ || num_constraints_ != 0 || num_aux_ != 0)
      throw Error("ProvingAssignment: complete_from() on an assignment already synthesized into or streamed");
    if (m.shape.num_inputs > buf_.inputs.size() || m.shape.num_aux > buf_.aux.size() ||
        (!a_b_on_device && m.shape.abc_length() > capacity_))
      throw Error("ProvingAssignment: complete_from() with matrices larger than the buffers");
    if (m.shape.num_aux && buf_.inputs.data() + m.shape.num_inputs != buf_.aux.data())
      throw Error("ProvingAssignment: complete_from() needs inputs and aux stored as one vector");
    num_inputs_ = m.shape.num_inputs;
    num_aux_ = m.shape.num_aux;
    num_constraints_ = m.shape.num_constraints;
    if (!a_b_on_device) {
      const std::span<const F> z(buf_.inputs.data(), m.witness_length());
      first_bad_ = m.evaluate(z, window_.a.first(capacity_), window_.b.first(capacity_), pool);
    }
    a_b_on_device_ = a_b_on_device;
    a_aux_density_ = m.a_aux;
    b_input_density_ = m.b_input;
    b_aux_density_ = m.b_aux;
    shape_ = m.shape;
    finished_ = true;
  }

  // Appends input_i * 0 = 0 for every input (bellperson's convention, which
  // makes the A-query polynomials of the inputs independent). Call once.
  // With a stream, ships the last window and closes the stream (also when a
  // constraint is broken: the caller decides, the stream stays consistent).
  void finish() {
    if (finished_) throw Error("ProvingAssignment: finish() called twice");
    if (num_constraints_ + num_inputs_ > capacity_) overflow("constraints", capacity_);
    for (size_t i = 0; i < num_inputs_; ++i) {
      const size_t k = slot(num_constraints_ + i);
      window_.a[k] = buf_.inputs[i];
      window_.b[k] = F::zero();
    }
    if (stream_) {
      const size_t total = num_constraints_ + num_inputs_;
      if (total > window_base_) stream_->ship(window_base_, total - window_base_, window_);
      stream_->close(total);
    }
    shape_.num_inputs = num_inputs_;
    shape_.num_aux = num_aux_;
    shape_.num_constraints = num_constraints_;
    a_aux_density_.resize(num_aux_);
    b_aux_density_.resize(num_aux_);
    b_input_density_.resize(num_inputs_);
    finished_ = true;
  }

  const CircuitShape& shape() const { return shape_; }
  bool finished() const { return finished_; }
  std::span<const F> inputs() const { return buf_.inputs.first(num_inputs_); }
  std::span<const F> aux() const { return buf_.aux.first(num_aux_); }
  // a/b are here only when not streamed and not left to the prover
  // (complete_from); c = a * b (element-wise) is never kept.
  bool streamed() const { return stream_ != nullptr; }
  bool a_b_on_device() const { return a_b_on_device_; }
  std::span<const F> a() const { return kept(buf_.a).first(abc_length()); }
  std::span<const F> b() const { return kept(buf_.b).first(abc_length()); }
  // Index of the first constraint so far with a_i * b_i != c_i, if any.
  std::optional<size_t> first_unsatisfied() const { return first_bad_; }
  size_t abc_length() const { return num_constraints_ + (finished_ ? num_inputs_ : 0); }
  const Density& a_aux_density() const { return a_aux_density_; }
  const Density& b_input_density() const { return b_input_density_; }
  const Density& b_aux_density() const { return b_aux_density_; }

 private:
  // Flattened: g++ otherwise leaves the field additions as calls (20% of synthesis time).
  [[gnu::flatten]] F eval(const LinearCombination<F>& lc, Density* input_density, Density* aux_density) {
    return evaluate_marking(
        lc, buf_.inputs.data(), buf_.aux.data(),
        [input_density](size_t i) {
          if (input_density) input_density->set(i);
        },
        [aux_density](size_t i) {
          if (aux_density) aux_density->set(i);
        });
  }

  void start() {
    if (buf_.inputs.empty()) throw Error("ProvingAssignment: input buffer must hold at least the constant ONE");
    buf_.inputs[0] = F::one();
    num_inputs_ = 1;
  }

  // Position of constraint i in the current window; ships the window when full.
  size_t slot(size_t i) {
    size_t k = i - window_base_;
    if (k == window_.size()) {
      window_ = stream_->ship(window_base_, k, window_);
      window_base_ = i;
      k = 0;
      if (window_.size() == 0) throw Error("ProvingAssignment: the a/b stream gave an empty window");
    }
    return k;
  }

  std::span<const F> kept(std::span<F> s) const {
    if (stream_) throw Error("ProvingAssignment: a/b were streamed, not kept on the host");
    if (a_b_on_device_) throw Error("ProvingAssignment: a/b are the prover's to make from the matrices");
    return s;
  }

  [[noreturn]] void overflow(const char* what, size_t cap) {
    throw Error(std::string("ProvingAssignment: circuit has more ") + what + " than the " + std::to_string(cap) +
                " the supplied buffers hold (circuit shape changed?)");
  }

  AssignmentBuffers<F> buf_;
  AbcStream<F>* stream_ = nullptr;
  AbcWindow<F> window_;      // where constraints [window_base_, ...) go
  size_t window_base_ = 0;
  size_t capacity_ = 0;      // constraints in all
  size_t num_inputs_ = 0, num_aux_ = 0, num_constraints_ = 0;
  Density a_aux_density_, b_input_density_, b_aux_density_;
  CircuitShape shape_;
  std::optional<size_t> first_bad_;
  bool finished_ = false;
  bool split_open_ = false;
  bool a_b_on_device_ = false;
  CircuitShape split_each_;
  size_t split_count_ = 0;
  std::stop_token stop_;
};

}  // namespace cuzk::r1cs
