// ProvingHost: what it composes works together (a job through its engine,
// keys from its cache), and it reports the backends it holds.
#include <gtest/gtest.h>

#include "engine/proving_host.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace cuzk;
using namespace cuzk::engine;
using testing_support::file_bytes;
using testing_support::snarkjs_fixture;

namespace {

BackendOptions cpu_only() {
  BackendOptions o;
  o.use_gpus = false;
  return o;
}

// A backend that claims a device of its own (never asked to prove here).
class DeviceLikeBackend final : public ProverBackend {
 public:
  std::string name() const override { return "device"; }
  unsigned workers() const override { return 1; }
  uint64_t scratch_bytes(const PartitionPlan&) const override { return 0; }
  groth16::ProofTerms<groth16::Bls12_381> compute(const BellpersonKey&, PartitionData&, std::stop_token,
                                                  const Timeline&, const std::string&) override {
    throw Error("not here");
  }
  groth16::ProofTerms<groth16::Bn254> compute(const ZkeyKey<groth16::Bn254>&, PartitionData&, std::stop_token,
                                              const Timeline&, const std::string&) override {
    throw Error("not here");
  }
  groth16::ProofTerms<groth16::Bls12_381> compute(const ZkeyKey<groth16::Bls12_381>&, PartitionData&, std::stop_token,
                                                  const Timeline&, const std::string&) override {
    throw Error("not here");
  }
};

}  // namespace

TEST(ProvingHost, SaysWhetherItHoldsADeviceBackend) {
  const uint64_t budget = uint64_t(256) << 20;
  ProvingHost cpu(budget, make_backends(cpu_only()));
  EXPECT_FALSE(cpu.on_gpu());
  ASSERT_EQ(cpu.backends().size(), 1u);
  EXPECT_EQ(cpu.backends()[0]->name(), "cpu");
  BackendSet set{{std::make_shared<DeviceLikeBackend>()}, std::make_shared<PlainHostAllocator>()};
  ProvingHost dev(budget, std::move(set));
  EXPECT_TRUE(dev.on_gpu());
  EXPECT_EQ(dev.backends().size(), 1u);
}

TEST(ProvingHost, ProvesAKeyFromItsCache) {
  ProvingHost host(uint64_t(256) << 20, make_backends(cpu_only()));
  JobSpec spec;
  spec.key = host.keys().get(snarkjs_fixture("bn128", "circuit.zkey"));
  spec.witnesses.push_back(std::make_shared<const std::vector<uint8_t>>(file_bytes(snarkjs_fixture("bn128", "witness.wtns"))));
  spec.verify_after = true;
  const auto r = host.prove(std::move(spec));
  EXPECT_EQ(r.status, JobStatus::kDone) << r.error;
  EXPECT_EQ(host.keys().list().at(0).uses, 1u);
  BackendOptions swap;
  swap.host_memory = "swap";
  EXPECT_THROW(make_backends(swap), Error);
}
