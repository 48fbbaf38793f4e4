// The one include shim that keeps the tests source-compatible with Catch2 v2.13 and v3.
#pragma once

#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>
#define ACLPP_CATCH2_V3 1
#else
#include <catch2/catch.hpp>
#define ACLPP_CATCH2_V3 0
#endif
