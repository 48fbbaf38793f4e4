// The numbers of the device limits (E-3) that the acl.json keys StackSize.* and the printf FIFOs
// share with aclrtDeviceSetLimit: defaults, ranges and the granule a value is rounded up to.
// The core's limit table (devices/limits.hpp) adds the per-product support and applies them.
#pragma once

#include <cstdint>

namespace aclpp::schema {

inline constexpr std::uint32_t kAicoreStackDefault = 32768;
inline constexpr std::uint32_t kAicoreStackGranule = 16384;
inline constexpr std::uint32_t kSimtStackDefault = 1152;  // per thread
inline constexpr std::uint32_t kSimtDivergenceStackDefault = 1024;
inline constexpr std::uint32_t kSimtStackGranule = 128;
inline constexpr std::uint32_t kWarpSize = 32;
inline constexpr std::uint32_t kSimdPrintfFifoDefault = 32768;
inline constexpr std::uint32_t kSimdPrintfFifoMin = 1024;
inline constexpr std::uint32_t kSimtPrintfFifoDefault = 2097152;
inline constexpr std::uint32_t kSimtPrintfFifoMin = 1048576;
inline constexpr std::uint32_t kPrintfFifoMax = 67108864;
inline constexpr std::uint32_t kPrintfFifoGranule = 8;

}  // namespace aclpp::schema
