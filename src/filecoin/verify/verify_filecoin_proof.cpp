#include "filecoin/verify/verify_filecoin_proof.hpp"

#include "core/error.hpp"

namespace cuzk::filecoin {

const char* filecoin_proof_kind_name(FilecoinProofKind k) {
  switch (k) {
    case FilecoinProofKind::kPoRep: return "PoRep";
    case FilecoinProofKind::kWindowPoSt: return "WindowPoSt";
    case FilecoinProofKind::kWinningPoSt: return "WinningPoSt";
    case FilecoinProofKind::kSnapDeals: return "SnapDeals";
  }
  return "?";
}

namespace {

// Checks that exactly the values the kind uses are given.
class ValueCheck {
 public:
  explicit ValueCheck(const FilecoinProofType& t) : what_(t.name + " (" + filecoin_proof_kind_name(t.kind) + ")") {}

  template <class T>
  const T& need(const std::optional<T>& v, const char* name) {
    if (!v) missing_ += std::string(missing_.empty() ? "" : ", ") + name;
    return v ? *v : placeholder<T>();
  }
  template <class T>
  void refuse(const std::optional<T>& v, const char* name) {
    if (v) extra_ += std::string(extra_.empty() ? "" : ", ") + name;
  }
  void refuse_sectors(const std::vector<PostSector>& s) {
    if (!s.empty()) extra_ += std::string(extra_.empty() ? "" : ", ") + "sectors";
  }
  void need_sectors(const std::vector<PostSector>& s) {
    if (s.empty()) missing_ += std::string(missing_.empty() ? "" : ", ") + "sectors";
  }
  void done() const {
    if (missing_.empty() && extra_.empty()) return;
    std::string msg = what_;
    if (!missing_.empty()) msg += " needs " + missing_;
    if (!missing_.empty() && !extra_.empty()) msg += " and";
    if (!extra_.empty()) msg += " does not use " + extra_;
    throw Error(msg);
  }

 private:
  template <class T>
  static const T& placeholder() {
    static const T t{};
    return t;
  }
  std::string what_, missing_, extra_;
};

struct CheckedValues {
  PorepPublicValues porep;
  SnapPublicValues snap;
};

// The kind's values, checked: exactly those it uses are given.
CheckedValues check_values(const FilecoinProofType& type, const FilecoinPublicValues& v) {
  ValueCheck c(type);
  const bool porep = type.kind == FilecoinProofKind::kPoRep;
  const bool post = type.kind == FilecoinProofKind::kWindowPoSt || type.kind == FilecoinProofKind::kWinningPoSt;
  const bool snap = type.kind == FilecoinProofKind::kSnapDeals;
  CheckedValues out;
  PorepPublicValues& pv = out.porep;
  if (porep) {
    pv.comm_r = c.need(v.comm_r, "comm_r");
    pv.comm_d = c.need(v.comm_d, "comm_d");
    pv.prover_id = c.need(v.prover_id, "prover_id");
    pv.ticket = c.need(v.ticket, "ticket");
    // non-interactive challenges come from comm_r alone: a seed is optional
    if (type.porep.mode != PoRepChallengeKind::kNonInteractive || v.seed) pv.seed = c.need(v.seed, "seed");
    pv.sector_id = c.need(v.sector_id, "sector_id");
  } else {
    c.refuse(v.comm_r, "comm_r");
    c.refuse(v.comm_d, "comm_d");
    c.refuse(v.prover_id, "prover_id");
    c.refuse(v.ticket, "ticket");
    c.refuse(v.seed, "seed");
    c.refuse(v.sector_id, "sector_id");
  }
  if (post) {
    c.need(v.randomness, "randomness");
    c.need_sectors(v.sectors);
  } else {
    c.refuse(v.randomness, "randomness");
    c.refuse_sectors(v.sectors);
  }
  SnapPublicValues& sv = out.snap;
  if (snap) {
    sv.comm_r_old = c.need(v.comm_r_old, "comm_r_old");
    sv.comm_d_new = c.need(v.comm_d_new, "comm_d_new");
    sv.comm_r_new = c.need(v.comm_r_new, "comm_r_new");
  } else {
    c.refuse(v.comm_r_old, "comm_r_old");
    c.refuse(v.comm_d_new, "comm_d_new");
    c.refuse(v.comm_r_new, "comm_r_new");
  }
  c.done();
  if (type.kind == FilecoinProofKind::kWinningPoSt && v.sectors.size() != 1)
    throw Error(type.name + ": WinningPoSt proves exactly one sector, " + std::to_string(v.sectors.size()) +
                " given");
  return out;
}

}  // namespace

std::vector<std::vector<Fr>> filecoin_public_inputs(const FilecoinProofType& type, const FilecoinPublicValues& v) {
  const auto [pv, sv] = check_values(type, v);
  switch (type.kind) {
    case FilecoinProofKind::kPoRep: return PorepPublicInputs(type.porep, pv).all();
    case FilecoinProofKind::kWindowPoSt: return window_post_public_inputs(type.post, *v.randomness, v.sectors);
    case FilecoinProofKind::kWinningPoSt:
      return {winning_post_public_inputs(type.sector_nodes, type.winning_challenges, type.post.api_version,
                                         *v.randomness, v.sectors[0])};
    case FilecoinProofKind::kSnapDeals: return snap_public_inputs_all(type.sector_nodes, sv);
  }
  throw Error("public inputs: unknown proof kind");
}

VerifyResult verify_filecoin_proof(const FilecoinProofType& type, const FilecoinPublicValues& v,
                                   const VerifyingKey& vk, std::span<const uint8_t> proof) {
  const auto [pv, sv] = check_values(type, v);
  const PreparedVerifyingKey pvk(vk);
  switch (type.kind) {
    case FilecoinProofKind::kPoRep: return verify_porep(type.porep, pv, pvk, proof);
    case FilecoinProofKind::kWindowPoSt: return verify_window_post(type.post, *v.randomness, v.sectors, pvk, proof);
    case FilecoinProofKind::kWinningPoSt:
      return verify_winning_post(type.sector_nodes, type.winning_challenges, type.post.api_version, *v.randomness,
                                 v.sectors[0], pvk, proof);
    case FilecoinProofKind::kSnapDeals: return verify_snap(type.sector_nodes, sv, pvk, proof);
  }
  throw Error("verify: unknown proof kind");
}

}  // namespace cuzk::filecoin
