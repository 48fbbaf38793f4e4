// C-1: acl::ScopedInit holds exactly one reference; 100002 means joined, never failed.
#include <acl/scoped_init.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <system_error>
#include <type_traits>
#include <utility>

#include "catch.hpp"
#include "test_support.hpp"

using aclpp_test::ref_count;

static_assert(!std::is_copy_constructible_v<acl::ScopedInit>);
static_assert(!std::is_copy_assignable_v<acl::ScopedInit>);
static_assert(std::is_nothrow_move_constructible_v<acl::ScopedInit>);
static_assert(std::is_nothrow_move_assignable_v<acl::ScopedInit>);
static_assert(std::is_nothrow_destructible_v<acl::ScopedInit>);
static_assert(std::is_nothrow_constructible_v<acl::ScopedInit, std::nullptr_t>);

namespace {
acl::ScopedInit make(std::error_code &ec) {
    return acl::ScopedInit::create(ec);
}
}  // namespace

TEST_CASE("C-1 ScopedInit joins with 100002 and holds one reference", "[C-1]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::ScopedInit owner = make(ec);
    REQUIRE_FALSE(ec);
    CHECK(owner.is_owner());
    CHECK_FALSE(owner.joined());
    CHECK(ref_count() == 1);
    {
        acl::ScopedInit joiner = make(ec);
        REQUIRE_FALSE(ec);  // 100002 is a join, not an error
        CHECK(joiner.joined());
        CHECK_FALSE(joiner.is_owner());
        CHECK(static_cast<bool>(joiner));
        CHECK(ref_count() == 2);
        CHECK(joiner.epoch() == owner.epoch());
        // The join leaves no "already initialised" text behind (P8).
        CHECK(aclGetRecentErrMsg() == nullptr);
    }
    CHECK(ref_count() == 1);
    CHECK(aclpp_test::state().initialized == 1);
}

TEST_CASE("C-1 a handle that recorded no live runtime never gives back a later runtime's reference", "[C-1]") {
    // The window a handle can hit: its aclInit succeeded, then somebody's aclFinalize tore the
    // runtime down before the call returned. The core reports epoch 0 for it; what the handle
    // records must not match the next runtime, or its destructor would release a reference that
    // belongs to someone else.
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const acl::detail::Origin gone = acl::detail::Origin::taken_on(0);
    CHECK(gone.epoch == acl::detail::kNoRuntime);
    CHECK(gone.core_epoch() == 0);
    CHECK(gone.same_process());
    std::error_code ec;
    acl::ScopedInit later = make(ec);
    REQUIRE(later.is_owner());
    CHECK(later.epoch() == aclpp_test::state().epoch);
    std::uint64_t left = 99;
    CHECK(aclppFinalizeReferenceOfEpoch(gone.core_epoch(), &left) == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(ref_count() == 1);
    const acl::detail::Origin live = acl::detail::Origin::taken_on(later.epoch());
    CHECK(live.core_epoch() == later.epoch());
}

TEST_CASE("C-1 the owner going first does not tear down the runtime under a joiner", "[C-1]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    auto owner = std::make_unique<acl::ScopedInit>(make(ec));
    acl::ScopedInit joiner = make(ec);
    REQUIRE(joiner.joined());
    owner.reset();
    CHECK(ref_count() == 1);
    CHECK(aclpp_test::state().initialized == 1);
    joiner.reset();
    CHECK(ref_count() == 0);
    CHECK_WHERE_KNOWN(aclpp_test::state().finalized == 1);
    CHECK(joiner.empty());
}

TEST_CASE("C-1 the destructor reports a failed aclFinalizeReference to the replaceable handler",
          "[C-1][full-lifecycle][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    aclpp_test::FinalizeErrorRecorder recorder;
    {
        std::error_code ec;
        acl::ScopedInit init = make(ec);
        REQUIRE(init.is_owner());
        REQUIRE(aclppTestingInjectFault(ACLPP_STEP_FINALIZE_OTHER_CALLBACKS, ACL_ERROR_FAILURE, 0, 1) == ACL_SUCCESS);
    }
    REQUIRE(recorder.count() == 1);
    CHECK(aclpp_test::FinalizeErrorRecorder::entries[0].code == ACL_ERROR_FAILURE);
    CHECK(aclpp_test::FinalizeErrorRecorder::entries[0].function == "aclFinalizeReference");
    CHECK(aclpp_test::FinalizeErrorRecorder::entries[0].handle == "acl::ScopedInit");
    // The runtime kept the reference the failed teardown could not give back.
    CHECK(ref_count() == 1);
    std::uint64_t left = 99;
    CHECK(aclpp_test::give_back_reference(&left) == ACL_SUCCESS);
    CHECK(left == 0);
}

TEST_CASE("C-1 close(error_code) reports the failure and keeps the reference for a retry",
          "[C-1][full-lifecycle][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::ScopedInit init = make(ec);
    REQUIRE(aclppTestingInjectFault(ACLPP_STEP_FINALIZE_OTHER_CALLBACKS, ACL_ERROR_FAILURE, 0, 1) == ACL_SUCCESS);
    init.close(ec);
    CHECK(ec == acl::Errc::failure);
    CHECK(static_cast<bool>(init));
    CHECK(ref_count() == 1);
    init.close(ec);
    CHECK_FALSE(ec);
    CHECK(init.empty());
    CHECK(ref_count() == 0);
}

#if ACLPP_EXCEPTIONS
TEST_CASE("C-1 close() throws acl::Error naming aclFinalizeReference", "[C-1][full-lifecycle][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    acl::ScopedInit init;
    REQUIRE(aclppTestingInjectFault(ACLPP_STEP_FINALIZE_OTHER_CALLBACKS, ACL_ERROR_FAILURE, 0, 1) == ACL_SUCCESS);
    try {
        init.close();
        FAIL("close() did not report the failed teardown");
    } catch (const acl::Error &e) {
        CHECK(e.errc() == acl::Errc::failure);
        CHECK(e.function() == "aclFinalizeReference");
    }
    CHECK(static_cast<bool>(init));
    init.close();
    CHECK(ref_count() == 0);
}

TEST_CASE("C-1 a failed init throws and leaves no reference", "[C-1][full-lifecycle]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    CHECK_THROWS_AS(acl::ScopedInit(acl::ConfigFile{"/nonexistent/acl.json"}), acl::Error);
    CHECK(ref_count() == 0);
}
#endif

TEST_CASE("C-1 the error_code twin gives an empty handle on failure", "[C-1][full-lifecycle]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::ScopedInit bad = acl::ScopedInit::create(acl::ConfigText{R"({"err_msg_mode":"7"})"}, ec);
    CHECK(ec == acl::Errc::invalid_param);
    CHECK(bad.empty());
    CHECK_FALSE(bad.is_owner());
    CHECK(ref_count() == 0);
    // The runtime's message is left for the caller, with aclpp's finding over the vendor's (B-7).
    const char *text = aclppGetRecentErrMsg();
    REQUIRE(text != nullptr);
    CHECK(std::string(text).find("/err_msg_mode") != std::string::npos);

    acl::ScopedInit missing = acl::ScopedInit::create(acl::ConfigFile{"/nonexistent/acl.json"}, ec);
    CHECK(ec == acl::Errc::invalid_file);
    CHECK(missing.empty());
}

TEST_CASE("C-1 ScopedInit from a config file and from text", "[C-1]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const std::string path = "aclpp_scoped_init_test.json";
    {
        std::FILE *f = std::fopen(path.c_str(), "wb");
        REQUIRE(f != nullptr);
        std::fputs(R"({"err_msg_mode":"1"})", f);
        std::fclose(f);
    }
    std::error_code ec;
    {
        acl::ScopedInit init = acl::ScopedInit::create(acl::ConfigFile{path}, ec);
        REQUIRE_FALSE(ec);
        CHECK(init.is_owner());
        // Same bytes from memory: joins (the identity rule compares bytes, L-4).
        acl::ScopedInit text = acl::ScopedInit::create(acl::ConfigText{R"({"err_msg_mode":"1"})"}, ec);
        REQUIRE_FALSE(ec);
        CHECK(text.joined());
    }
    std::remove(path.c_str());
}

TEST_CASE("C-1 moves transfer the reference and leave the source empty", "[C-1]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::ScopedInit a = make(ec);
    acl::ScopedInit b = std::move(a);
    CHECK(a.empty());  // NOLINT(bugprone-use-after-move): the empty state is the contract
    CHECK(b.is_owner());
    CHECK(ref_count() == 1);
    acl::ScopedInit c = make(ec);
    CHECK(ref_count() == 2);
    c = std::move(b);  // c's own reference is given back first
    CHECK(ref_count() == 1);
    CHECK(c.is_owner());
    acl::ScopedInit empty(nullptr);
    CHECK(empty.empty());
    c = std::move(empty);
    CHECK(ref_count() == 0);
    CHECK(c.empty());
}

// [reference-api]: the reference it hands over is given back with aclFinalizeReference, which CANN
// 8.x lacks; there aclpp counts its own holders (B-6).
TEST_CASE("C-1 release() hands the reference to the caller", "[C-1][full-lifecycle][reference-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    {
        acl::ScopedInit init = make(ec);
        CHECK(init.release());
        CHECK(init.empty());
        CHECK_FALSE(init.release());
    }
    CHECK(ref_count() == 1);
    CHECK(aclpp_test::give_back_reference() == ACL_SUCCESS);
}

TEST_CASE("C-1 a reference torn down by someone's aclFinalize is not given back to a later runtime", "[C-1][P2]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    aclpp_test::FinalizeErrorRecorder recorder;
    std::error_code ec;
    auto stale = std::make_unique<acl::ScopedInit>(make(ec));
    REQUIRE(aclFinalize() == ACL_SUCCESS);  // someone else forces a teardown
    acl::ScopedInit current = make(ec);     // and a new runtime starts
    REQUIRE(current.is_owner());
    stale.reset();
    CHECK(ref_count() == 1);  // the new runtime's reference is untouched
    REQUIRE(recorder.count() == 1);
    CHECK(aclpp_test::FinalizeErrorRecorder::entries[0].code == ACL_ERROR_REPEAT_FINALIZE);
}
