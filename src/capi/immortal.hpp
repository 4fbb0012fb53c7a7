// Immortal<T>: a process-wide object of a C library, built in place on first
// use and never destroyed. At exit C++ destroys statics in the reverse order
// of their construction, so a proving host torn down then could use the
// thread pool, or the CUDA runtime, after their own exit handlers ran; the
// end of the process frees its memory instead (its threads are idle by then).
#pragma once
#include <new>
#include <utility>

namespace cuzk::capi {

template <class T>
class Immortal {
 public:
  template <class... A>
  explicit Immortal(A&&... a) : p_(::new (static_cast<void*>(storage_)) T(std::forward<A>(a)...)) {}
  Immortal(const Immortal&) = delete;
  Immortal& operator=(const Immortal&) = delete;
  T& operator*() const { return *p_; }
  T* operator->() const { return p_; }

 private:
  alignas(T) unsigned char storage_[sizeof(T)];
  T* p_;
};

}  // namespace cuzk::capi
