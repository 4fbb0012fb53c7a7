// Synthesis cost of neptune's Poseidon circuit on this machine, one thread:
// a chain of hashes into a ProvingAssignment (witness + a/b evaluations, the
// proving path) and into a ShapeCounter (no values), for the arities
// Filecoin's circuits use; the cheaper non-neptune gadget (poseidon::hash,
// not constraint-identical) beside it for scale. Prints; asserts nothing.
// CPU time is printed beside wall time: the host may be shared.
#include <cstdio>
#include <ctime>
#include <vector>

#include "circuits/poseidon/gadget.hpp"
#include "circuits/poseidon/neptune_gadget.hpp"
#include "core/timer.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
using ANum = AllocatedNum<F>;
namespace pos = cuzk::circuits::poseidon;

namespace {

double cpu_seconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

// n hashes, each taking the previous output as its first input.
template <class CS>
void neptune_chain(CS& cs, int arity, size_t n) {
  const auto& plan = pos::neptune_circuit_plan<F>(arity);
  std::vector<ANum> in;
  for (int i = 0; i < arity; ++i) in.push_back(ANum::alloc(cs, "x", [i] { return F::from_u64(uint64_t(i) + 1); }));
  for (size_t k = 0; k < n; ++k) in[0] = pos::neptune_poseidon_hash(cs, "h", std::span<const ANum>(in), plan);
}

template <class CS>
void plain_chain(CS& cs, int arity, size_t n) {
  const auto& c = pos::filecoin_poseidon<F>(arity);
  std::vector<Num<F>> in;
  for (int i = 0; i < arity; ++i)
    in.push_back(Num<F>(ANum::alloc(cs, "x", [i] { return F::from_u64(uint64_t(i) + 1); })));
  for (size_t k = 0; k < n; ++k) {
    const auto out = pos::hash(cs, "h", std::span<const Num<F>>(in), c);
    in[0] = Num<F>(out.allocate(cs, "pin"));
  }
}

template <class Chain>
void measure(const char* what, int arity, size_t n, Chain chain) {
  r1cs::ShapeCounter<F> counter;
  chain(counter, arity, n);
  const auto shape = counter.shape();
  {
    Stopwatch sw;
    const double c0 = cpu_seconds();
    r1cs::ShapeCounter<F> again;
    chain(again, arity, n);
    const double wall = sw.seconds(), cpu = cpu_seconds() - c0;
    std::printf("%-22s arity %2d  shape only : %7.2f us/hash (cpu %7.2f), %6.1f M constraints/s\n", what, arity,
                1e6 * wall / double(n), 1e6 * cpu / double(n), double(shape.num_constraints) / wall / 1e6);
  }
  r1cs::OwnedAssignmentBuffers<F> buf(shape);
  Stopwatch sw;
  const double c0 = cpu_seconds();
  r1cs::ProvingAssignment<F> pa(buf.view());
  chain(pa, arity, n);
  pa.finish();
  const double wall = sw.seconds(), cpu = cpu_seconds() - c0;
  if (pa.first_unsatisfied()) std::printf("  (unsatisfied at %zu!)\n", *pa.first_unsatisfied());
  std::printf("%-22s arity %2d  proving    : %7.2f us/hash (cpu %7.2f), %6.1f M constraints/s, %zu constraints/hash\n",
              what, arity, 1e6 * wall / double(n), 1e6 * cpu / double(n), double(shape.num_constraints) / wall / 1e6,
              shape.num_constraints / n);
}

}  // namespace

int main() {
  for (int arity : {2, 8, 11}) pos::neptune_circuit_plan<F>(arity);  // build plans outside the timing
  for (int arity : {2, 8, 11}) {
    const size_t n = arity == 2 ? 4000 : 1500;
    measure("neptune poseidon_hash", arity, n, [](auto& cs, int a, size_t k) { neptune_chain(cs, a, k); });
    measure("poseidon::hash (other)", arity, n, [](auto& cs, int a, size_t k) { plain_chain(cs, a, k); });
  }
}
