// C-3: the opt-in fmt formatters of <acl/fmt.hpp>.
#include <acl/fmt.hpp>

#include <string>

#include "catch.hpp"

TEST_CASE("C-3 fmt formats Errc as name and code, or the name alone with {:n}", "[C-3][fmt]") {
    CHECK(fmt::format("{}", acl::Errc::repeat_initialize) == "ACL_ERROR_REPEAT_INITIALIZE (100002)");
    CHECK(fmt::format("{:n}", acl::Errc::invalid_dump_config) == "ACL_ERROR_INVALID_DUMP_CONFIG");
    CHECK(fmt::format("[{:n}]", static_cast<acl::Errc>(42)) == "[ACL_ERROR_UNKNOWN]");
}

TEST_CASE("C-3 fmt formats acl::Error as its what() text", "[C-3][fmt]") {
    const acl::Error error(ACL_ERROR_INVALID_FILE, "aclInit", "EH0003: realpath failed", "config \"x.json\"");
    CHECK(fmt::format("{}", error) == std::string(error.what()));
    CHECK(fmt::format("{}", error).find("aclInit failed: ACL_ERROR_INVALID_FILE (100003)") == 0);
}
