// One point set of a proving key, held in one of two forms:
//  - decoded: ec::Affine values, checked when read; what the CPU's MSMs use;
//  - encoded: the bytes of a snarkjs key as they are (x | y, little-endian
//    Montgomery limbs, all zero for infinity), which is the layout of GPU
//    bases: a GPU uploads them as they are and checks them itself
//    (msm::cuda::GpuMsm::from_encoded), so the host never decodes them. The
//    set keeps their owner alive: a copy of the key, or its mapped file,
//    which may be deleted or renamed over (rewriting it in place is
//    detected: check_file_unchanged).
// Which form a key loads in is its loader's choice (PointStorage).
#pragma once
#include <algorithm>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/mapped_file.hpp"
#include "core/prefault.hpp"
#include "ec/serialize_snarkjs.hpp"

namespace cuzk::groth16 {

enum class PointStorage { kDecoded, kEncoded };

template <class C>
class KeyPoints {
 public:
  static constexpr size_t kEncodedBytes = ec::snarkjs::kPointBytes<C>;

  KeyPoints() = default;
  KeyPoints(std::vector<ec::Affine<C>> points) : decoded_(std::move(points)), size_(decoded_.size()) {}

  // `bytes` lie inside what `owner` keeps alive; `file` is that owner when it
  // is a mapped file (else null); `source` ("zkey 'k.zkey'"), `name` ("A")
  // and `section` name the points in errors.
  static KeyPoints encoded(std::shared_ptr<const void> owner, const MappedFile* file, std::span<const uint8_t> bytes,
                           std::string source, std::string name, uint32_t section) {
    if (!owner) throw std::logic_error("KeyPoints::encoded without an owner of the bytes");
    if (bytes.size() % kEncodedBytes)
      throw Error(source + ": " + name + " holds " + std::to_string(bytes.size()) + " bytes, not a whole number of " +
                  std::to_string(kEncodedBytes) + "-byte points");
    KeyPoints p;
    p.owner_ = std::move(owner);
    p.file_ = file;
    p.bytes_ = bytes;
    p.size_ = bytes.size() / kEncodedBytes;
    p.source_ = std::move(source);
    p.name_ = std::move(name);
    p.section_ = section;
    return p;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool is_encoded() const { return owner_ != nullptr; }

  // The points of a decoded set; a logic error for an encoded one (its key
  // was loaded for GPUs only).
  std::span<const ec::Affine<C>> decoded() const {
    if (is_encoded()) throw std::logic_error(source_ + ": " + name_ + " is held encoded for a GPU, not decoded");
    return decoded_;
  }
  std::span<const uint8_t> encoded() const {
    if (!is_encoded()) throw std::logic_error("KeyPoints::encoded() on a decoded point set");
    return bytes_;
  }

  // Why point i of an encoded set is bad, in the words of the decoded
  // reader's errors: "zkey 'k.zkey': A[17] (section 5, byte 1088): ...".
  std::string point_error(size_t i) const {
    return source_ + ": " + name_ + "[" + std::to_string(i) + "] (section " + std::to_string(section_) + ", byte " +
           std::to_string(i * kEncodedBytes) +
           "): " + ec::snarkjs::decode_error<C>(bytes_.data() + i * kEncodedBytes, ec::SubgroupCheck::kSkip);
  }

  // Every point decoded and checked on the host (on the curve, coordinates
  // reduced), for a device that has no room to keep the set; DecodeError by
  // point_error for the first bad one.
  std::vector<ec::Affine<C>> decode_all() const {
    if (!is_encoded()) return decoded_;
    std::vector<ec::Affine<C>> out;
    resize_prefaulted(out, size_);
    const size_t bad = ec::snarkjs::decode_many<C>(bytes_.data(), size_, out.data(), ec::SubgroupCheck::kSkip);
    if (bad != SIZE_MAX) throw DecodeError(point_error(bad));
    check_file_unchanged();
    return out;
  }

  // Error naming the file when the points lie in a mapped file that was
  // truncated or rewritten in place since (what a device copied from it then
  // cannot be trusted).
  void check_file_unchanged() const {
    if (file_) file_->check_unchanged();
  }

  // Host memory the set occupies (an encoded set: its mapped bytes).
  uint64_t memory_bytes() const { return is_encoded() ? bytes_.size() : size_ * sizeof(ec::Affine<C>); }

  // The same points, whatever the forms.
  friend bool operator==(const KeyPoints& a, const KeyPoints& b) {
    if (a.size_ != b.size_) return false;
    if (a.is_encoded() && b.is_encoded()) return std::ranges::equal(a.bytes_, b.bytes_);
    if (!a.is_encoded() && !b.is_encoded()) return a.decoded_ == b.decoded_;
    return a.decode_all() == b.decode_all();
  }

 private:
  std::vector<ec::Affine<C>> decoded_;
  std::shared_ptr<const void> owner_;
  const MappedFile* file_ = nullptr;  // owner_, when it is a mapped file
  std::span<const uint8_t> bytes_;
  size_t size_ = 0;
  std::string source_, name_;
  uint32_t section_ = 0;
};

}  // namespace cuzk::groth16
