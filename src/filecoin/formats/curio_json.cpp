#include "filecoin/formats/curio_json.hpp"

#include "core/error.hpp"
#include "filecoin/formats/base64.hpp"
#include "filecoin/formats/json_reader.hpp"
#include "filecoin/formats/json_writer.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"

namespace cuzk::filecoin {

namespace {

std::span<const uint8_t> bytes_of(std::string_view s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

}  // namespace

C1OutputWrapper read_c1_output_wrapper_json(std::string_view text, const std::string& source) {
  JsonReader r(text, source);
  C1OutputWrapper w;
  r.object({"SectorNum", "Phase1Out", "SectorSize"}, [&](size_t k) {
    if (k == 0) w.sector_num = r.u64();
    if (k == 2) w.sector_size = r.u64();
    if (k == 1) {
      const std::string b64 = r.string();
      try {
        const auto bytes = base64_decode(b64, "base64");
        w.phase1_out.assign(bytes.begin(), bytes.end());
      } catch (const DecodeError& e) {
        r.fail(e.what());
      }
    }
  });
  r.expect_end();
  return w;
}

std::string write_c1_output_wrapper_json(const C1OutputWrapper& w) {
  std::string out = "{\"SectorNum\":";
  put_u64(out, w.sector_num);
  put_key(out, "Phase1Out");
  put_string(out, base64_encode(bytes_of(w.phase1_out)));
  put_key(out, "SectorSize");
  put_u64(out, w.sector_size);
  out += '}';
  return out;
}

SealCommitPhase1Output read_wrapped_seal_commit_phase1(const C1OutputWrapper& w, const std::string& source) {
  SealCommitPhase1Output c1 = read_seal_commit_phase1_json(w.phase1_out, source + ": Phase1Out");
  const uint64_t size = vanilla_seal_proof_sector_size(c1.vanilla_proofs_kind);
  if (size != w.sector_size)
    throw DecodeError(source + ": SectorSize " + std::to_string(w.sector_size) + " but Phase1Out holds " +
                      std::string(vanilla_seal_proof_name(c1.vanilla_proofs_kind)) + " proofs (" +
                      std::to_string(size) + " bytes)");
  return c1;
}

C1OutputWrapper wrap_seal_commit_phase1(const SealCommitPhase1Output& c1, uint64_t sector_num) {
  C1OutputWrapper w;
  w.sector_num = sector_num;
  w.phase1_out = write_seal_commit_phase1_json(c1);
  w.sector_size = vanilla_seal_proof_sector_size(c1.vanilla_proofs_kind);
  return w;
}

std::vector<std::vector<uint8_t>> read_base64_array_json(std::string_view text, const std::string& source) {
  JsonReader r(text, source);
  std::vector<std::vector<uint8_t>> items;
  r.array([&](size_t) {
    const std::string b64 = r.string();
    try {
      items.push_back(base64_decode(b64, "base64"));
    } catch (const DecodeError& e) {
      r.fail(e.what());
    }
  });
  r.expect_end();
  return items;
}

std::string write_base64_array_json(const std::vector<std::vector<uint8_t>>& items) {
  std::string out;
  put_array(out, items, [](std::string& o, const std::vector<uint8_t>& b) { put_string(o, base64_encode(b)); });
  return out;
}

}  // namespace cuzk::filecoin
