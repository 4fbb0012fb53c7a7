#include "filecoin_statement.hpp"

#include <cctype>
#include <charconv>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/mapped_file.hpp"
#include "filecoin/formats/curio_json.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"
#include "formats/byte_reader.hpp"
#include "formats/public_inputs_json.hpp"

namespace cuzk::app {

namespace fc = filecoin;

uint64_t parse_u64(const std::string& s, const std::string& what) {
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size())
    throw Error(what + ": '" + s + "' is not an unsigned 64-bit integer");
  return v;
}

namespace {

fc::Domain parse_domain(const std::string& hex, const std::string& what) {
  try {
    return fc::domain_from_hex(hex);
  } catch (const DecodeError& e) {
    throw DecodeError(what + ": " + e.what());
  }
}

fc::ApiVersion parse_api_version(const std::string& s, const std::string& what) {
  for (auto v : {fc::ApiVersion::kV1_0_0, fc::ApiVersion::kV1_1_0, fc::ApiVersion::kV1_2_0})
    if (s == fc::api_version_name(v)) return v;
  throw Error(what + ": '" + s + "' is not an API version (1.0.0, 1.1.0, 1.2.0)");
}

fc::PostSector parse_sector(const std::string& s, const std::string& what) {
  const auto colon = s.find(':');
  if (colon == std::string::npos) throw Error(what + ": '" + s + "' is not SECTOR_ID:COMM_R");
  return {parse_u64(s.substr(0, colon), what + " sector id"), parse_domain(s.substr(colon + 1), what + " comm_r")};
}

template <class T>
void set_once(std::optional<T>& slot, T v, const std::string& name) {
  if (slot) throw Error(name + " is given both in --public and as a flag");
  slot = std::move(v);
}

std::string json_string(const nlohmann::json& j, const std::string& what) {
  if (!j.is_string()) throw DecodeError(what + " must be a string");
  return j.get<std::string>();
}

uint64_t json_u64(const nlohmann::json& j, const std::string& what) {
  if (!j.is_number_unsigned()) throw DecodeError(what + " must be an unsigned integer");
  return j.get<uint64_t>();
}

void read_public_json(const std::string& path, Statement& st) {
  const std::string src = "public values '" + path + "'";
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(formats::read_text_file(path));
  } catch (const nlohmann::json::exception& e) {
    throw DecodeError(src + ": not valid JSON: " + e.what());
  }
  if (!j.is_object()) throw DecodeError(src + ": expected a JSON object");
  auto& v = st.values;
  const std::pair<const char*, std::optional<fc::Domain>*> domains[] = {
      {"comm_r", &v.comm_r},         {"comm_d", &v.comm_d},         {"prover_id", &v.prover_id},
      {"ticket", &v.ticket},         {"seed", &v.seed},             {"randomness", &v.randomness},
      {"comm_r_old", &v.comm_r_old}, {"comm_d_new", &v.comm_d_new}, {"comm_r_new", &v.comm_r_new},
      {"porep_id", &st.porep_id}};
  for (const auto& [key, value] : j.items()) {
    const std::string what = src + ": \"" + key + "\"";
    bool known = false;
    for (const auto& [name, slot] : domains)
      if (key == name) {
        *slot = parse_domain(json_string(value, what), what);
        known = true;
      }
    if (known) continue;
    if (key == "sector_id") {
      v.sector_id = json_u64(value, what);
    } else if (key == "api_version") {
      st.api_version = parse_api_version(json_string(value, what), what);
    } else if (key == "sectors") {
      if (!value.is_array()) throw DecodeError(what + " must be an array of {\"sector_id\", \"comm_r\"}");
      for (size_t i = 0; i < value.size(); ++i) {
        const std::string w = what + "[" + std::to_string(i) + "]";
        const auto& s = value[i];
        if (!s.is_object() || s.size() != 2 || !s.contains("sector_id") || !s.contains("comm_r"))
          throw DecodeError(w + " must be {\"sector_id\": N, \"comm_r\": HEX}");
        v.sectors.push_back({json_u64(s["sector_id"], w + ".sector_id"),
                             parse_domain(json_string(s["comm_r"], w + ".comm_r"), w + ".comm_r")});
      }
    } else {
      throw DecodeError(src + ": unknown key \"" + key + "\"");
    }
  }
}

void add_flags(const FilecoinValueArgs& a, Statement& st) {
  auto& v = st.values;
  const std::pair<const std::string*, std::pair<const char*, std::optional<fc::Domain>*>> flags[] = {
      {&a.comm_r, {"comm_r", &v.comm_r}},
      {&a.comm_d, {"comm_d", &v.comm_d}},
      {&a.prover_id, {"prover_id", &v.prover_id}},
      {&a.ticket, {"ticket", &v.ticket}},
      {&a.seed, {"seed", &v.seed}},
      {&a.randomness, {"randomness", &v.randomness}},
      {&a.comm_r_old, {"comm_r_old", &v.comm_r_old}},
      {&a.comm_d_new, {"comm_d_new", &v.comm_d_new}},
      {&a.comm_r_new, {"comm_r_new", &v.comm_r_new}},
      {&a.porep_id, {"porep_id", &st.porep_id}}};
  for (const auto& [text, target] : flags)
    if (!text->empty()) set_once(*target.second, parse_domain(*text, target.first), target.first);
  if (!a.sector_id.empty()) set_once(v.sector_id, parse_u64(a.sector_id, "--sector-id"), "sector_id");
  if (!a.api_version.empty()) set_once(st.api_version, parse_api_version(a.api_version, "--api-version"), "api_version");
  if (!a.sectors.empty()) {
    if (!v.sectors.empty()) throw Error("sectors are given both in --public and as --sector flags");
    for (const auto& s : a.sectors) v.sectors.push_back(parse_sector(s, "--sector '" + s + "'"));
  }
}

}  // namespace

void add_value_options(CLI::App* c, FilecoinValueArgs& v) {
  c->add_option("--public", v.public_json, "public values as a JSON object (keys as the flags, '_' for '-')")
      ->check(CLI::ExistingFile);
  const char* hex = "(64 hex digits)";
  c->add_option("--comm-r", v.comm_r, std::string("PoRep: comm_r ") + hex);
  c->add_option("--comm-d", v.comm_d, std::string("PoRep: comm_d ") + hex);
  c->add_option("--prover-id", v.prover_id, std::string("PoRep: prover id ") + hex);
  c->add_option("--sector-id", v.sector_id, "PoRep: sector number");
  c->add_option("--ticket", v.ticket, std::string("PoRep: ticket ") + hex);
  c->add_option("--seed", v.seed, std::string("PoRep: seed (not used by NI-PoRep) ") + hex);
  c->add_option("--randomness", v.randomness, std::string("PoSt: challenge randomness ") + hex);
  c->add_option("--sector", v.sectors, "PoSt: a challenged sector as SECTOR_ID:COMM_R (repeat for each)");
  c->add_option("--comm-r-old", v.comm_r_old, std::string("SnapDeals: comm_r before the update ") + hex);
  c->add_option("--comm-d-new", v.comm_d_new, std::string("SnapDeals: comm_d of the new data ") + hex);
  c->add_option("--comm-r-new", v.comm_r_new, std::string("SnapDeals: comm_r after the update ") + hex);
  c->add_option("--porep-id", v.porep_id, std::string("PoRep: override the type's porep id ") + hex);
  c->add_option("--api-version", v.api_version, "PoRep/PoSt: override the type's API version (1.0.0, 1.1.0, 1.2.0)");
}

Statement read_statement(const FilecoinValueArgs& a) {
  Statement st;
  if (!a.public_json.empty()) read_public_json(a.public_json, st);
  add_flags(a, st);
  return st;
}

fc::FilecoinProofType resolve_type(const std::string& name, const Statement& st) {
  auto t = fc::filecoin_proof_type(name);
  if (st.porep_id) {
    if (t.kind != fc::FilecoinProofKind::kPoRep) throw Error("porep_id applies to PoRep types only");
    t.porep.porep_id = *st.porep_id;
  }
  if (st.api_version) {
    if (t.kind == fc::FilecoinProofKind::kPoRep)
      t.porep.api_version = *st.api_version;
    else if (t.kind == fc::FilecoinProofKind::kSnapDeals)
      throw Error("api_version does not apply to SnapDeals types");
    else
      t.post.api_version = *st.api_version;
  }
  return t;
}

fc::SealCommitPhase1Output read_c1(const std::string& path, Statement& st) {
  const std::string text = formats::read_text_file(path);
  const std::string source = "C1 output '" + path + "'";
  if (text.find("\"Phase1Out\"") != std::string::npos) {
    const auto w = fc::read_c1_output_wrapper_json(text, source);
    if (!st.values.sector_id) st.values.sector_id = w.sector_num;
    return fc::read_wrapped_seal_commit_phase1(w, source);
  }
  return fc::read_seal_commit_phase1_json(text, source);
}

std::vector<std::vector<uint8_t>> vanilla_items(const std::vector<std::string>& paths) {
  std::vector<std::vector<uint8_t>> items;
  for (const auto& p : paths) {
    MappedFile f(p);
    const auto b = f.bytes();
    size_t i = 0;
    while (i < b.size() && std::isspace(b[i])) ++i;
    if (i < b.size() && b[i] == '[') {
      for (auto& item : fc::read_base64_array_json(
               std::string_view(reinterpret_cast<const char*>(b.data()), b.size()), "vanilla proofs '" + p + "'"))
        items.push_back(std::move(item));
    } else {
      items.emplace_back(b.begin(), b.end());
    }
  }
  return items;
}

void values_from_c1(const fc::SealCommitPhase1Output& c1, Statement& st) {
  auto& v = st.values;
  if (!v.comm_r) v.comm_r = c1.comm_r;
  if (!v.comm_d) v.comm_d = c1.comm_d;
  if (!v.ticket) v.ticket = c1.ticket;
  if (!v.seed) v.seed = c1.seed;
}

}  // namespace cuzk::app
