// C-3: acl::Errc, the "acl" error_category, acl::Error and the code name table.
#include <acl/aclpp_ext.h>
#include <acl/error.hpp>
#include <acl/scoped_init.hpp>

#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

#include "catch.hpp"
#include "test_support.hpp"

namespace {

struct CodeRow {
    acl::Errc errc;
    aclError code;
    const char *name;
};

// Every code of <acl/acl.h> (ACL_ERROR_NONE shares 0 with ACL_SUCCESS).
constexpr CodeRow kCodes[] = {
    {acl::Errc::success, ACL_SUCCESS, "ACL_SUCCESS"},
    {acl::Errc::invalid_param, ACL_ERROR_INVALID_PARAM, "ACL_ERROR_INVALID_PARAM"},
    {acl::Errc::uninitialize, ACL_ERROR_UNINITIALIZE, "ACL_ERROR_UNINITIALIZE"},
    {acl::Errc::repeat_initialize, ACL_ERROR_REPEAT_INITIALIZE, "ACL_ERROR_REPEAT_INITIALIZE"},
    {acl::Errc::invalid_file, ACL_ERROR_INVALID_FILE, "ACL_ERROR_INVALID_FILE"},
    {acl::Errc::write_file, ACL_ERROR_WRITE_FILE, "ACL_ERROR_WRITE_FILE"},
    {acl::Errc::invalid_file_size, ACL_ERROR_INVALID_FILE_SIZE, "ACL_ERROR_INVALID_FILE_SIZE"},
    {acl::Errc::parse_file, ACL_ERROR_PARSE_FILE, "ACL_ERROR_PARSE_FILE"},
    {acl::Errc::file_missing_attr, ACL_ERROR_FILE_MISSING_ATTR, "ACL_ERROR_FILE_MISSING_ATTR"},
    {acl::Errc::file_attr_invalid, ACL_ERROR_FILE_ATTR_INVALID, "ACL_ERROR_FILE_ATTR_INVALID"},
    {acl::Errc::invalid_dump_config, ACL_ERROR_INVALID_DUMP_CONFIG, "ACL_ERROR_INVALID_DUMP_CONFIG"},
    {acl::Errc::invalid_profiling_config, ACL_ERROR_INVALID_PROFILING_CONFIG, "ACL_ERROR_INVALID_PROFILING_CONFIG"},
    {acl::Errc::repeat_finalize, ACL_ERROR_REPEAT_FINALIZE, "ACL_ERROR_REPEAT_FINALIZE"},
    {acl::Errc::compiling_stub_mode, ACL_ERROR_COMPILING_STUB_MODE, "ACL_ERROR_COMPILING_STUB_MODE"},
    {acl::Errc::dump_not_run, ACL_ERROR_DUMP_NOT_RUN, "ACL_ERROR_DUMP_NOT_RUN"},
    {acl::Errc::invalid_max_opqueue_num_config, ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG,
     "ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG"},
    {acl::Errc::bad_alloc, ACL_ERROR_BAD_ALLOC, "ACL_ERROR_BAD_ALLOC"},
    {acl::Errc::api_not_support, ACL_ERROR_API_NOT_SUPPORT, "ACL_ERROR_API_NOT_SUPPORT"},
    {acl::Errc::internal_error, ACL_ERROR_INTERNAL_ERROR, "ACL_ERROR_INTERNAL_ERROR"},
    {acl::Errc::failure, ACL_ERROR_FAILURE, "ACL_ERROR_FAILURE"},
    {acl::Errc::ge_failure, ACL_ERROR_GE_FAILURE, "ACL_ERROR_GE_FAILURE"},
    {acl::Errc::rt_failure, ACL_ERROR_RT_FAILURE, "ACL_ERROR_RT_FAILURE"},
    {acl::Errc::rt_param_invalid, ACL_ERROR_RT_PARAM_INVALID, "ACL_ERROR_RT_PARAM_INVALID"},
    {acl::Errc::rt_invalid_deviceid, ACL_ERROR_RT_INVALID_DEVICEID, "ACL_ERROR_RT_INVALID_DEVICEID"},
    {acl::Errc::rt_context_null, ACL_ERROR_RT_CONTEXT_NULL, "ACL_ERROR_RT_CONTEXT_NULL"},
    {acl::Errc::rt_feature_not_support, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "ACL_ERROR_RT_FEATURE_NOT_SUPPORT"},
    {acl::Errc::rt_internal_error, ACL_ERROR_RT_INTERNAL_ERROR, "ACL_ERROR_RT_INTERNAL_ERROR"},
};

static_assert(std::is_error_code_enum_v<acl::Errc>);
static_assert(std::is_same_v<std::underlying_type_t<acl::Errc>, int>);
static_assert(std::is_base_of_v<std::system_error, acl::Error>);

}  // namespace

TEST_CASE("C-3 Errc has every code of acl.h with the same value, a name and a description", "[C-3]") {
    for (const CodeRow &row : kCodes) {
        INFO(row.name);
        CHECK(static_cast<aclError>(row.errc) == row.code);
        CHECK(acl::error_name(row.code) == row.name);
        CHECK(acl::error_name(row.errc) == row.name);
        CHECK(acl::to_string(row.errc) == row.name);
        CHECK(std::string(aclppErrorName(row.code)) == row.name);
        CHECK_FALSE(acl::error_description(row.code).empty());
        CHECK(acl::error_description(row.code) != "unknown error code");
    }
    CHECK(acl::error_name(ACL_ERROR_NONE) == "ACL_SUCCESS");
}

TEST_CASE("C-3 unknown codes have the ACL_ERROR_UNKNOWN name", "[C-3]") {
    CHECK(acl::error_name(123456) == "ACL_ERROR_UNKNOWN");
    CHECK(acl::error_description(-1) == "unknown error code");
}

TEST_CASE("C-3 the error_category is named acl, is one instance and describes codes", "[C-3]") {
    const std::error_category &cat = acl::category();
    CHECK(std::string(cat.name()) == "acl");
    CHECK(&cat == &acl::category());
    const std::string message = cat.message(ACL_ERROR_REPEAT_INITIALIZE);
    CHECK(message.find(std::string(aclppErrorDescription(ACL_ERROR_REPEAT_INITIALIZE))) != std::string::npos);
    CHECK(message.find("ACL_ERROR_REPEAT_INITIALIZE") != std::string::npos);
}

TEST_CASE("C-3 make_error_code and comparisons with Errc and std::errc", "[C-3]") {
    const std::error_code ec = acl::Errc::invalid_dump_config;
    CHECK(ec.value() == ACL_ERROR_INVALID_DUMP_CONFIG);
    CHECK(&ec.category() == &acl::category());
    CHECK(ec == acl::Errc::invalid_dump_config);
    CHECK(ec != acl::Errc::invalid_param);
    CHECK(acl::to_error_code(ACL_ERROR_BAD_ALLOC) == std::errc::not_enough_memory);
    CHECK(acl::to_error_code(ACL_ERROR_INVALID_PARAM) == std::errc::invalid_argument);
    CHECK(acl::to_error_code(ACL_ERROR_RT_FEATURE_NOT_SUPPORT) == std::errc::not_supported);
    CHECK(acl::to_error_code(ACL_ERROR_RT_INVALID_DEVICEID) == std::errc::no_such_device);
    CHECK_FALSE(acl::to_error_code(ACL_ERROR_FAILURE) == std::errc::invalid_argument);
    CHECK_FALSE(acl::to_error_code(ACL_SUCCESS));
}

TEST_CASE("C-3 acl::Error carries the code, the C function, the recent error text and a context", "[C-3]") {
    const acl::Error error(ACL_ERROR_INVALID_DUMP_CONFIG, "aclInit", "EP0001: dump_path is missing", "config \"x\"");
    CHECK(error.value() == ACL_ERROR_INVALID_DUMP_CONFIG);
    CHECK(error.errc() == acl::Errc::invalid_dump_config);
    CHECK(error.code() == acl::Errc::invalid_dump_config);
    CHECK(error.name() == "ACL_ERROR_INVALID_DUMP_CONFIG");
    CHECK(error.function() == "aclInit");
    CHECK(error.recent_message() == "EP0001: dump_path is missing");
    CHECK(error.context() == "config \"x\"");
    const std::string what = error.what();
    CHECK(what.rfind("aclInit failed: ACL_ERROR_INVALID_DUMP_CONFIG (100009): ", 0) == 0);
    CHECK(what.find("config \"x\"") != std::string::npos);
    CHECK(what.find("EP0001: dump_path is missing") != std::string::npos);
}

#if ACLPP_EXCEPTIONS
TEST_CASE("C-3 a failed call throws acl::Error with aclGetRecentErrMsg taken at the failure point", "[C-3]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const std::string config = R"({"dump":{"dump_op_switch":"on"}})";
    try {
        acl::ScopedInit init{acl::ConfigText{config}};
        FAIL("aclppInitFromBuffer accepted a dump section without dump_path");
    } catch (const acl::Error &e) {
        CHECK(e.errc() == acl::Errc::invalid_dump_config);
        CHECK(e.function() == "aclppInitFromBuffer");
        CHECK(e.recent_message().find("/dump/dump_path") != std::string::npos);
        // The text was taken: the thread's buffer is empty now. Only aclpp's own runtime empties
        // it on a read (L-9); the vendor's aclGetRecentErrMsg gives the same text again (B-8).
        if (std::string_view(aclppRuntimeName()) == "emulated") CHECK(aclGetRecentErrMsg() == nullptr);
    }
}
#endif
