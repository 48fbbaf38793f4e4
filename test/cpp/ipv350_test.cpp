// P-5: the C++ layer on the compact runtime (IPV350). The application code is the one used on
// every other SoC; only what the runtime answers differs.
#include <acl/all.hpp>

#include <memory>
#include <string>
#include <system_error>

#include "catch.hpp"
#include "test_support.hpp"

using aclpp_test::ref_count;

namespace {

/// A fresh runtime whose next init starts IPV350.
struct Compact : aclpp::test::FreshRuntime {
    Compact() : FreshRuntime(fail_the_test) { REQUIRE(aclppSetPlatform("IPV350", 0) == ACL_SUCCESS); }
};

}  // namespace

TEST_CASE("P-5 ScopedInit on IPV350 leaves with aclFinalize, one reference at a time", "[P-5]") {
    Compact fresh;
    std::error_code ec;
    auto owner = std::make_unique<acl::ScopedInit>(acl::ScopedInit::create(ec));
    REQUIRE_FALSE(ec);
    CHECK(owner->is_owner());
    CHECK(aclppGetLifecycleKind() == ACLPP_LIFECYCLE_COMPACT);
    {
        acl::ScopedInit nested = acl::ScopedInit::create(ec);
        REQUIRE_FALSE(ec);
        CHECK(nested.joined());
        CHECK(nested.epoch() == owner->epoch());
        CHECK(ref_count() == 2);
    }
    CHECK(ref_count() == 1);  // the nested holder gave back its own reference only
    CHECK(aclGetRecentErrMsg() == nullptr);
    owner.reset();
    CHECK(ref_count() == 0);
    CHECK(aclpp_test::state().initialized == 0);
}

TEST_CASE("P-5 a holder joining another library's aclInit on IPV350 reports joined and leaves it up", "[P-5]") {
    Compact fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);  // another library, with the vendor's C calls
    {
        acl::ScopedInit init;
        CHECK(init.joined());
        acl::Session session;
        CHECK(session.joined());
        CHECK(ref_count() == 3);
    }
    CHECK(ref_count() == 1);
    CHECK(aclpp_test::state().initialized == 1);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(ref_count() == 0);
}

TEST_CASE("P-5 close() on IPV350 gives the reference back without an error", "[P-5]") {
    Compact fresh;
    acl::Session session{acl::Config{.err_msg_mode = acl::ErrMsgMode::process}};
    CHECK(session.is_owner());
    std::error_code ec;
    session.close(ec);
    CHECK_FALSE(ec);
    CHECK(session.empty());
    CHECK(ref_count() == 0);
}

TEST_CASE("P-5 a holder whose IPV350 runtime was finalized by others does not touch the next one", "[P-5]") {
    Compact fresh;
    aclpp_test::FinalizeErrorRecorder recorder;
    auto stale = std::make_unique<acl::ScopedInit>();
    REQUIRE(aclFinalize() == ACL_SUCCESS);  // someone gives back a reference that was not theirs
    acl::ScopedInit current;                // and a new runtime starts
    REQUIRE(current.is_owner());
    stale.reset();
    CHECK(ref_count() == 1);
    REQUIRE(recorder.count() == 1);
    CHECK(aclpp_test::FinalizeErrorRecorder::entries[0].code == ACL_ERROR_REPEAT_FINALIZE);
}

TEST_CASE("P-5 callback tokens fail on IPV350 with 200001 and say why", "[P-5]") {
    Compact fresh;
    acl::Session session;
    std::error_code ec;
    acl::InitCallback on_init = acl::InitCallback::create(
        acl::CallbackType::other, [] {}, ec);
    CHECK(ec.value() == ACL_ERROR_API_NOT_SUPPORT);
    CHECK_FALSE(static_cast<bool>(on_init));
    const char *text = aclGetRecentErrMsg();
    REQUIRE(text != nullptr);
    CHECK(std::string(text).find("no callbacks") != std::string::npos);
#if ACLPP_EXCEPTIONS
    try {
        acl::FinalizeCallback on_finalize = session.on_finalize(acl::CallbackType::other, [] {});
        FAIL("a finalize callback registered on IPV350");
    } catch (const acl::Error &e) {
        CHECK(e.code().value() == ACL_ERROR_API_NOT_SUPPORT);
        CHECK(e.function() == "aclFinalizeCallbackRegister");
        CHECK(e.recent_message().find("IPV350") != std::string::npos);
        CHECK(e.recent_message().find("no callbacks") != std::string::npos);
    }
#endif
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 0);
}
