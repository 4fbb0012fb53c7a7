// CUZK_EXPORT marks a C entry point of a cuzk shared library: the build hides
// every other symbol (CMAKE_CXX_VISIBILITY_PRESET hidden), so a library's
// interface is exactly the functions defined with this mark.
#pragma once

#define CUZK_EXPORT extern "C" __attribute__((visibility("default")))
