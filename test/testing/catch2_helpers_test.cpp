// <acl/testing/catch2.hpp>: the session listener, the LifecycleBaseline fixture, the
// StringMakers and the FailsWith/HasError matchers (docs/faq.md P10).
#include <acl/testing/catch2.hpp>  // first: with Catch2 v2 it must precede catch.hpp

#include <memory>
#include <string>

ACLPP_CATCH2_SESSION_LISTENER();

namespace {

using acl::Errc;
using acl::testing::FailsWith;
using acl::testing::HasError;
using acl::testing::LifecycleBaseline;
using acl::testing::LifecycleSnapshot;

aclppLifecycleState lifecycleState() {
    aclppLifecycleState state{};
    REQUIRE(aclppGetLifecycleState(&state) == ACL_SUCCESS);
    return state;
}

#if !defined(ACLPP_TEST_TOOLKIT_8X)
aclError finalizeCallback(void *) {
    return ACL_SUCCESS;
}
#endif

struct ReportDeleter {
    void operator()(aclppReport *report) const noexcept { aclppReportFree(report); }
};
using ReportPtr = std::unique_ptr<aclppReport, ReportDeleter>;

ReportPtr validate(std::string_view text, const char *soc = nullptr) {
    aclppReport *report = nullptr;
    (void)aclppValidateBuffer(text.data(), text.size(), soc, &report);
    REQUIRE(report != nullptr);
    return ReportPtr(report);
}

bool contains(const std::string &text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

// Two error families in one config: err_msg_mode (init step 2) decides what aclInit returns,
// the stack size (step 6) is reported as well.
constexpr std::string_view kTwoErrors = R"({"err_msg_mode": "2", "StackSize": {"aicore_stack_size": -1}})";

std::uint64_t firstEpoch = 0;

}  // namespace

TEST_CASE("session listener: every test runs on a live runtime held by the listener") {
    const aclppLifecycleState state = lifecycleState();
    CHECK(state.initialized == 1);
    CHECK(state.refCount >= 1);
    firstEpoch = state.epoch;
    CHECK(firstEpoch >= 1);
}

TEST_CASE("session listener: later tests see the same runtime, not a new init per test") {
    REQUIRE(firstEpoch != 0);  // runs after the test above (declaration order)
    CHECK(lifecycleState().epoch == firstEpoch);
    CHECK(lifecycleState().initialized == 1);
}

// CANN 8.x's headers have neither aclFinalizeReference nor the callback API (B-6).
#if !defined(ACLPP_TEST_TOOLKIT_8X)
// Over the vendor runtime a plain aclInit is not counted, nor are devices and callbacks (B-3).
TEST_CASE_METHOD(LifecycleBaseline, "session listener: aclInit in a test joins the listener's runtime (100002)",
                 "[emulated]") {
    const std::uint64_t before = lifecycleState().refCount;
    CHECK(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK(lifecycleState().refCount == before + 1);
    std::uint64_t remaining = 0;
    CHECK(aclFinalizeReference(&remaining) == ACL_SUCCESS);
    CHECK(remaining == before);
    CHECK(lifecycleState().epoch == firstEpoch);
}

TEST_CASE_METHOD(LifecycleBaseline, "LifecycleBaseline: a test that resets what it set passes") {
    REQUIRE(aclrtSetDevice(0) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, finalizeCallback, nullptr) == ACL_SUCCESS);
    CHECK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, finalizeCallback) == ACL_SUCCESS);
    CHECK(aclrtResetDevice(0) == ACL_SUCCESS);
    CHECK(leaks().empty());
}

TEST_CASE("LifecycleBaseline: leaks() names each leaked resource until it is released", "[emulated]") {
    LifecycleBaseline baseline;
    const LifecycleSnapshot start = baseline.baseline();
    CHECK(baseline.leaks().empty());

    const auto leaked = [&](std::string_view what, auto was) {
        return what.data() + std::string(": ") + std::to_string(was) + " at the start, " + std::to_string(was + 1) +
               " at the end";
    };

    REQUIRE(aclrtSetDevice(0) == ACL_SUCCESS);
    INFO(baseline.leaks());
    CHECK(contains(baseline.leaks(), leaked("devices in use", start.devices_in_use)));
    CHECK(contains(baseline.leaks(), "an aclrtSetDevice without its aclrtResetDevice"));

    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, finalizeCallback, nullptr) == ACL_SUCCESS);
    CHECK(contains(baseline.leaks(), leaked("registered callbacks", start.callbacks)));

    REQUIRE(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK(contains(baseline.leaks(), leaked("runtime references", start.ref_count)));

    std::uint64_t remaining = 0;
    CHECK(aclFinalizeReference(&remaining) == ACL_SUCCESS);
    CHECK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, finalizeCallback) == ACL_SUCCESS);
    CHECK(aclrtResetDevice(0) == ACL_SUCCESS);
    CHECK(baseline.leaks().empty());
}

#endif

TEST_CASE("describe_leaks: a finalize under other holders and a re-init are named") {
    const LifecycleSnapshot before{1, 3, 2, 0};

    LifecycleSnapshot finalized = before;
    finalized.ref_count = 0;
    finalized.devices_in_use = 0;
    const std::string text = acl::testing::describe_leaks(before, finalized);
    CHECK(contains(text, "runtime references: 1 at the start, 0 at the end"));
    CHECK(contains(text, "aclFinalize, which tears the runtime down for every holder"));
    CHECK(contains(text, "devices in use: 2 at the start, 0 at the end"));

    LifecycleSnapshot reinitialised = before;
    reinitialised.epoch = 4;
    CHECK(contains(acl::testing::describe_leaks(before, reinitialised), "runtime epoch: 3 at the start, 4 at the end"));

    // With nobody holding the runtime, a test may init and finalize it: a new epoch is fine.
    const LifecycleSnapshot idle{0, 3, 0, 0};
    LifecycleSnapshot idleAfter = idle;
    idleAfter.epoch = 4;
    CHECK(acl::testing::describe_leaks(idle, idleAfter).empty());
    CHECK(acl::testing::describe_leaks(before, before).empty());
}

TEST_CASE("StringMaker<acl::Errc> prints the code's name and value") {
    CHECK(Catch::Detail::stringify(Errc::invalid_dump_config) == "ACL_ERROR_INVALID_DUMP_CONFIG (100009)");
    CHECK(Catch::Detail::stringify(Errc::success) == "ACL_SUCCESS (0)");
    CHECK(Catch::Detail::stringify(static_cast<Errc>(123)) == "ACL_ERROR_UNKNOWN (123)");
}

TEST_CASE("StringMaker<acl::Error> prints the function, the code, the context and the recent message") {
    const acl::Error error(ACL_ERROR_REPEAT_INITIALIZE, "aclInit", "the runtime is already up", "joining");
    CHECK(Catch::Detail::stringify(error) ==
          "acl::Error{aclInit: ACL_ERROR_REPEAT_INITIALIZE (100002); joining; recent message: the runtime is "
          "already up}");
    const acl::Error bare(ACL_ERROR_INVALID_FILE, "aclInit");
    CHECK(Catch::Detail::stringify(bare) == "acl::Error{aclInit: ACL_ERROR_INVALID_FILE (100003)}");
}

TEST_CASE("StringMaker<aclppReport*> prints the result and every finding") {
    const ReportPtr report = validate(kTwoErrors);
    const std::string text = Catch::Detail::stringify(report.get());
    CHECK(contains(text, "aclppReport{aclInit would return ACL_ERROR_INVALID_PARAM (100000)"));
    CHECK(contains(text, "error 100000 at \"/err_msg_mode\""));
    CHECK(contains(text, "error 500001 at \"/StackSize/aicore_stack_size\""));
    CHECK(Catch::Detail::stringify(static_cast<aclppReport *>(nullptr)) == "aclppReport{nullptr}");
    CHECK(contains(Catch::Detail::stringify(validate("{}").get()), "ACL_SUCCESS (0); no findings"));
}

TEST_CASE("FailsWith matches config texts by code and JSON pointer") {
    CHECK_THAT(R"({"err_msg_mode": 1})", FailsWith(Errc::invalid_param, "/err_msg_mode"));
    CHECK_THAT(std::string(R"({"StackSize": {"aicore_stack_size": "big"}})"),
               FailsWith(ACL_ERROR_FAILURE, "/StackSize/aicore_stack_size"));
    CHECK_THAT(R"({"defaultDevice": {"default_device": "7"}})", FailsWith(Errc::rt_invalid_deviceid));
    CHECK_THAT(R"({"dump": {"dump_mode": "everything", "dump_path": "."}})",
               FailsWith(Errc::invalid_dump_config, "/dump/dump_mode"));
    CHECK_THAT(R"({"acl_graph": {"event_mode": "1"}})",
               FailsWith(Errc::rt_feature_not_support, "/acl_graph/event_mode").on_soc("Ascend910A"));
}

TEST_CASE("FailsWith does not match a clean config, another code or another pointer") {
    CHECK_FALSE(FailsWith(Errc::invalid_param).match(std::string_view(R"({"err_msg_mode": "1"})")));
    CHECK_FALSE(FailsWith(Errc::invalid_dump_config, "/err_msg_mode").match(std::string_view(kTwoErrors)));
    CHECK_FALSE(FailsWith(Errc::invalid_param, "/dump").match(std::string_view(kTwoErrors)));
    // Not the code aclInit returns: the err_msg_mode error comes first.
    CHECK_FALSE(FailsWith(Errc::failure, "/StackSize/aicore_stack_size").match(std::string_view(kTwoErrors)));
    // The event mode is fine on the default SoC (Ascend910B1).
    CHECK_FALSE(
        FailsWith(Errc::rt_feature_not_support).match(std::string_view(R"({"acl_graph": {"event_mode": "1"}})")));

    // The description shows what validation found, so a failed CHECK_THAT explains itself.
    const auto matcher = FailsWith(Errc::invalid_dump_config, "/dump/dump_path");
    CHECK_FALSE(matcher.match(std::string_view(R"({"err_msg_mode": "1"})")));
    CHECK(matcher.description() ==
          "fails with ACL_ERROR_INVALID_DUMP_CONFIG (100009) at \"/dump/dump_path\"; validation gave "
          "aclppReport{aclInit would return ACL_SUCCESS (0); no findings}");

    auto unknownSoc = FailsWith(Errc::invalid_param).on_soc("NoSuchSoc");
    CHECK_FALSE(unknownSoc.match(std::string_view("{}")));
    CHECK(contains(unknownSoc.description(), "is \"NoSuchSoc\" a known SoC?"));
}

TEST_CASE("HasError finds an error behind the one aclInit returns") {
    CHECK_THAT(kTwoErrors, HasError(Errc::failure, "/StackSize/aicore_stack_size"));
    CHECK_THAT(kTwoErrors, HasError(Errc::invalid_param, "/err_msg_mode"));
    CHECK_FALSE(HasError(Errc::failure, "/StackSize/simt_stack_size").match(std::string_view(kTwoErrors)));
}

TEST_CASE("FailsWith and HasError apply to an aclppReport*") {
    const ReportPtr report = validate(kTwoErrors);
    CHECK_THAT(report.get(), FailsWith(Errc::invalid_param, "/err_msg_mode"));
    CHECK_THAT(static_cast<const aclppReport *>(report.get()),
               HasError(ACL_ERROR_FAILURE, "/StackSize/aicore_stack_size"));
    CHECK_FALSE(FailsWith(Errc::failure).match(report.get()));
    CHECK_FALSE(FailsWith(Errc::invalid_param).match(static_cast<const aclppReport *>(nullptr)));
}

#if ACLPP_TESTING_CATCH2_V3
TEST_CASE("FailsWith and HasError compose with Catch2 v3 matcher operators") {
    CHECK_THAT(kTwoErrors, FailsWith(Errc::invalid_param, "/err_msg_mode") &&
                               HasError(Errc::failure, "/StackSize/aicore_stack_size"));
    CHECK_THAT(R"({})", !FailsWith(Errc::invalid_param));
}
#endif
