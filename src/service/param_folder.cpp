#include "service/param_folder.hpp"

#include <filesystem>

#include "filecoin/prove/filecoin_circuit.hpp"
#include "filecoin/registry/sector_params.hpp"
#include "filecoin/verify/proof_types.hpp"

namespace cuzk::service {

namespace fc = filecoin;

namespace {

struct Family {
  const char* prefix;       // circuit id prefix
  const char* type_prefix;  // registered name: prefix + size + suffix
  const char* type_suffix;
};
constexpr Family kFamilies[] = {{"porep", "StackedDrg", "V1_1"},
                                {"wpost", "StackedDrgWindow", "V1_2"},
                                {"winning", "StackedDrgWinning", "V1"},
                                {"snap", "update:StackedDrg", "V1"}};

// "32GiB" -> "32g", "2KiB" -> "2k"
std::string short_size(const std::string& name) { return name.substr(0, name.size() - 3) + char(std::tolower(name[name.size() - 3])); }

}  // namespace

std::optional<fc::FilecoinProofType> circuit_type(std::string_view circuit_id) {
  for (const auto& f : kFamilies)
    for (const auto& s : fc::published_sector_sizes()) {
      const std::string size = fc::sector_size_name(s.sector_size);
      if (circuit_id == std::string(f.prefix) + "-" + short_size(size))
        return fc::filecoin_proof_type(std::string(f.type_prefix) + size + f.type_suffix);
    }
  return std::nullopt;
}

std::string circuit_id_of(const fc::FilecoinProofType& type) {
  const char* prefix = "";
  switch (type.kind) {
    case fc::FilecoinProofKind::kPoRep: prefix = "porep"; break;
    case fc::FilecoinProofKind::kWindowPoSt: prefix = "wpost"; break;
    case fc::FilecoinProofKind::kWinningPoSt: prefix = "winning"; break;
    case fc::FilecoinProofKind::kSnapDeals: prefix = "snap"; break;
  }
  return std::string(prefix) + "-" + short_size(fc::sector_size_name(type.sector_nodes * 32));
}

std::vector<std::string> all_circuit_ids() {
  std::vector<std::string> ids;
  for (const auto& f : kFamilies)
    for (const auto& s : fc::published_sector_sizes())
      ids.push_back(std::string(f.prefix) + "-" + short_size(fc::sector_size_name(s.sector_size)));
  return ids;
}

ParamFolder::ParamFolder(std::vector<std::string> dirs) : dirs_(std::move(dirs)) {
  if (dirs_.empty()) dirs_.push_back(".");
}

std::string ParamFolder::params_path(const fc::FilecoinProofType& type) const {
  const std::string name = fc::official_params_file(type);
  for (const auto& d : dirs_) {
    std::error_code ec;
    const auto p = std::filesystem::path(d) / name;
    if (std::filesystem::exists(p, ec)) return p.string();
  }
  return (std::filesystem::path(dirs_.front()) / name).string();
}

std::string ParamFolder::searched() const {
  std::string list;
  for (const auto& d : dirs_) list += (list.empty() ? "'" : ", '") + d + "'";
  return dirs_.size() == 1 ? "parameter folder " + list : "parameter folders " + list + " (searched in this order)";
}

std::string ParamFolder::circuit_id_of_path(const std::string& path) const {
  const std::string name = std::filesystem::path(path).filename().string();
  for (const auto& id : all_circuit_ids())
    if (fc::official_params_file(*circuit_type(id)) == name) return id;
  return "";
}

}  // namespace cuzk::service
