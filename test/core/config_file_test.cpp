// Reading acl.json: F-1 and F-2 (hostile paths never block and are never read).
#include <sys/stat.h>
#include <sys/types.h>

#include <chrono>
#include <fstream>

#include "catch.hpp"
#include "config/config_file.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::recentError;
using aclpp::test::TempDir;

TEST_CASE("F-1 NULL and \"\" mean no config", "[F-1]") {
    FreshRuntime fresh;
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclInit("") == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("F-2 a missing file, a directory and a dangling link give 100003", "[F-2]") {
    FreshRuntime fresh;
    TempDir dir;
    CHECK(aclInit(dir.file("xxxx.json").c_str()) == ACL_ERROR_INVALID_FILE);
    CHECK(recentError().find("cannot resolve") != std::string::npos);
    CHECK(aclInit(dir.path().c_str()) == ACL_ERROR_INVALID_FILE);
    CHECK(recentError().find("a directory") != std::string::npos);
    REQUIRE(::symlink(dir.file("nowhere").c_str(), dir.file("dangling").c_str()) == 0);
    CHECK(aclInit(dir.file("dangling").c_str()) == ACL_ERROR_INVALID_FILE);
}

TEST_CASE("F-2 a FIFO gives 100003 without blocking", "[F-2]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string fifo = dir.file("fifo.json");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const auto started = std::chrono::steady_clock::now();
    CHECK(aclInit(fifo.c_str()) == ACL_ERROR_INVALID_FILE);  // no writer: a read would block forever
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(2));
    CHECK(recentError().find("a FIFO") != std::string::npos);
}

TEST_CASE("F-2 /dev/zero gives 100003 without being read", "[F-2]") {
    FreshRuntime fresh;
    CHECK(aclInit("/dev/zero") == ACL_ERROR_INVALID_FILE);
    CHECK(recentError().find("a character device") != std::string::npos);
    aclpp::core::ConfigBytes bytes;
    CHECK(aclpp::core::readConfigFile("/dev/zero", bytes).code == ACL_ERROR_INVALID_FILE);
    CHECK(bytes.size() == 0);  // nothing was read
}

TEST_CASE("F-2 size: exactly 10 MiB is read, one byte more gives 100003 before reading", "[F-2]") {
    FreshRuntime fresh;
    TempDir dir;
    std::string content = "{\"pad\":\"";
    content.resize(10u * 1024u * 1024u - 2, 'a');
    content += "\"}";
    const std::string exact = dir.write("exact.json", content);
    aclpp::core::ConfigBytes bytes;
    CHECK(aclpp::core::readConfigFile(exact.c_str(), bytes).code == ACL_SUCCESS);
    CHECK(bytes.size() == 10u * 1024u * 1024u);

    const std::string big = dir.file("big.json");
    {
        std::ofstream out(big, std::ios::binary);
        out.seekp(11 * 1024 * 1024 - 1);
        out.put('}');
    }
    aclpp::core::ConfigBytes bigBytes;
    const auto result = aclpp::core::readConfigFile(big.c_str(), bigBytes);
    CHECK(result.code == ACL_ERROR_INVALID_FILE);
    CHECK(result.message.find("10485760") != std::string::npos);
    CHECK(bigBytes.size() == 0);
    CHECK(aclInit(big.c_str()) == ACL_ERROR_INVALID_FILE);
}

TEST_CASE("F-2 the file is read once: callbacks, identity and validation see the same bytes", "[F-2]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string path = dir.write("acl.json", R"({"err_msg_mode":"0"})");
    static std::string seen;
    static std::string rewritePath;
    rewritePath = path;
    auto rewrite = [](const char *config, size_t length, void *) -> aclError {
        seen.assign(config, length);
        std::ofstream(rewritePath, std::ios::trunc) << R"({"err_msg_mode":"1"})";  // changed mid-init
        return ACL_SUCCESS;
    };
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, rewrite, nullptr) == ACL_SUCCESS);
    REQUIRE(aclInit(path.c_str()) == ACL_SUCCESS);
    CHECK(seen == R"({"err_msg_mode":"0"})");
    const std::string effective = aclpp::test::effectiveConfig();
    CHECK(effective.find(R"("/err_msg_mode":{"value":"0")") != std::string::npos);
    CHECK(aclFinalize() == ACL_SUCCESS);
}
