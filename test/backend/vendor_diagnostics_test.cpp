// aclpp's finding beside a failed init over the vendor runtime (B-7), on both stand-ins: the
// vendor's code and text stay as they are; aclpp's validator adds the pointer, line, column,
// the value found and what is allowed, on a line of its own ahead of the vendor's text.
#include <acl/all.hpp>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include "catch.hpp"

namespace {

constexpr std::string_view kBadConfig = "{\n  \"err_msg_mode\": 1\n}\n";
constexpr std::string_view kFinding =
    "aclpp validator: /err_msg_mode (line 2, column 19): err_msg_mode is 1, a number; allowed: ";

/// aclpp's line, then the vendor's text.
void check_finding_then_vendor_text(const std::string &recent) {
    INFO(recent);
    CHECK(recent.rfind(kFinding, 0) == 0);
    CHECK(recent.find("(100000 ACL_ERROR_INVALID_PARAM)") < recent.find('\n'));
    const std::size_t newline = recent.find('\n');
    REQUIRE(newline != std::string::npos);
    CHECK(recent.find("aclpp validator: ", newline) == std::string::npos);  // one finding
    CHECK_FALSE(recent.substr(newline + 1).empty());                        // the vendor's text follows
}

}  // namespace

TEST_CASE("B-7 a failed init from text carries aclpp's finding beside the vendor's code and text", "[B-7]") {
    try {
        acl::Session session{acl::ConfigText{kBadConfig}};
        FAIL("an invalid config was accepted");
    } catch (const acl::Error &e) {
        CHECK(e.code().value() == ACL_ERROR_INVALID_PARAM);  // the vendor's code
        CHECK(e.function() == "aclppInitFromBuffer");
        check_finding_then_vendor_text(e.recent_message());
    }
}

TEST_CASE("B-7 a failed init from a file carries aclpp's finding too", "[B-7]") {
    char path[] = "/tmp/aclpp-b7-XXXXXX";
    const int fd = ::mkstemp(path);
    REQUIRE(fd >= 0);
    ::close(fd);
    std::ofstream(path) << kBadConfig;
    uint64_t epoch = 1;
    CHECK(aclppInitWithEpoch(path, &epoch) == ACL_ERROR_INVALID_PARAM);
    CHECK(epoch == 0);
    const char *recent = aclppGetRecentErrMsg();
    check_finding_then_vendor_text(recent != nullptr ? recent : "");
    std::remove(path);
}

TEST_CASE("B-7 a clean config adds nothing", "[B-7]") {
    acl::Session session{acl::ConfigText{"{\"err_msg_mode\": \"1\"}"}};
    const char *recent = aclppGetRecentErrMsg();
    CHECK(std::string_view(recent != nullptr ? recent : "").find("aclpp validator") == std::string_view::npos);
}
