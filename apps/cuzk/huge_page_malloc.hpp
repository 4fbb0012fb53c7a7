// The daemon's and the client's largest buffers (a request's witness, as
// protobuf and gRPC copy it) come from glibc's malloc. Where the kernel gives
// transparent huge pages only on advice ("madvise", Debian's default), malloc
// asks for them only under GLIBC_TUNABLES=glibc.malloc.hugetlb=1; without it,
// first touching fresh buffers 4 KiB at a time costs more than copying them.
#pragma once

namespace cuzk::app {

// Re-executes this program once (/proc/self/exe, same argv) with that tunable
// added to the environment, unless the tunable is set already (to any value:
// an operator's choice stands) or the kernel's THP mode is not "madvise".
// Returns only when it did not re-execute.
void reexec_with_huge_page_malloc(char** argv);

}  // namespace cuzk::app
