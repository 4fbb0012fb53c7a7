// parallel_for over an index range on a process-wide pool of worker threads
// (hardware_concurrency, or CUZK_THREADS). Blocks until every chunk is done;
// the calling thread works too. Exceptions from chunks are rethrown.
#pragma once
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cuzk {

class ThreadPool {
 public:
  explicit ThreadPool(unsigned threads) {
    for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }
  ~ThreadPool() {
    {
      std::lock_guard lk(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto& t : workers_) t.join();
  }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  unsigned size() const { return unsigned(workers_.size()) + 1; }

  // Calls fn(begin, end) on disjoint chunks covering [0, n).
  void parallel_for(size_t n, size_t min_chunk, const std::function<void(size_t, size_t)>& fn) {
    if (n == 0) return;
    size_t chunks = std::min<size_t>(size() * 4, (n + min_chunk - 1) / std::max<size_t>(min_chunk, 1));
    if (chunks <= 1 || workers_.empty()) {
      fn(0, n);
      return;
    }
    Job job{fn, n, chunks};  // NOLINT: remaining members default-initialize
    {
      std::lock_guard lk(mu_);
      jobs_.push_back(&job);
    }
    cv_.notify_all();
    run_chunks(job);
    std::unique_lock lk(mu_);
    // also wait for workers that picked the job but found no chunk left: it lives on this stack
    done_cv_.wait(lk, [&] { return job.finished == job.chunks && job.users == 0; });
    std::erase(jobs_, &job);
    if (job.error) std::rethrow_exception(job.error);
  }

 private:
  struct Job {
    const std::function<void(size_t, size_t)>& fn;
    size_t n, chunks;
    std::atomic<size_t> next{0};
    size_t finished = 0;  // guarded by mu_
    size_t users = 0;     // workers inside run_chunks, guarded by mu_
    std::exception_ptr error{};
  };

  void run_chunks(Job& job) {
    for (;;) {
      size_t c = job.next.fetch_add(1);
      if (c >= job.chunks) return;
      size_t b = job.n * c / job.chunks, e = job.n * (c + 1) / job.chunks;
      std::exception_ptr err;
      try {
        job.fn(b, e);
      } catch (...) {
        err = std::current_exception();
      }
      std::lock_guard lk(mu_);
      if (err && !job.error) job.error = err;
      if (++job.finished == job.chunks) done_cv_.notify_all();
    }
  }

  void work() {
    std::unique_lock lk(mu_);
    for (;;) {
      cv_.wait(lk, [&] { return stop_ || has_work(); });
      if (stop_) return;
      Job* job = nullptr;
      for (Job* j : jobs_)
        if (j->next.load() < j->chunks) job = j;
      if (!job) continue;
      ++job->users;
      lk.unlock();
      run_chunks(*job);
      lk.lock();
      if (--job->users == 0) done_cv_.notify_all();
    }
  }
  bool has_work() const {
    for (Job* j : jobs_)
      if (j->next.load() < j->chunks) return true;
    return false;
  }

  std::vector<std::thread> workers_;
  std::vector<Job*> jobs_;
  std::mutex mu_;
  std::condition_variable cv_, done_cv_;
  bool stop_ = false;
};

inline unsigned default_thread_count() {
  if (const char* s = std::getenv("CUZK_THREADS")) {
    int v = std::atoi(s);
    if (v > 0) return unsigned(v);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

inline ThreadPool& global_pool() {
  static ThreadPool pool(default_thread_count());
  return pool;
}

inline void parallel_for(size_t n, size_t min_chunk, const std::function<void(size_t, size_t)>& fn) {
  global_pool().parallel_for(n, min_chunk, fn);
}

}  // namespace cuzk
