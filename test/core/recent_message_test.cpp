// aclGetRecentErrMsg (L-9) and the K-8 message shape.
#include <string>
#include <thread>

#include "catch.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::recentError;
using aclpp::test::TempDir;

TEST_CASE("L-9 aclGetRecentErrMsg gets and clears, and is NULL when there is nothing", "[L-9]") {
    FreshRuntime fresh;
    CHECK(aclGetRecentErrMsg() == nullptr);
    CHECK(aclInit("/nonexistent/acl.json") == ACL_ERROR_INVALID_FILE);
    const char *text = aclGetRecentErrMsg();
    REQUIRE(text != nullptr);
    CHECK(std::string(text).find("ACL_ERROR_INVALID_FILE(100003)") != std::string::npos);
    CHECK(aclGetRecentErrMsg() == nullptr);
}

TEST_CASE("L-9 in err_msg_mode \"0\" messages stay on their thread", "[L-9]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    std::string otherThread;
    std::thread([&] {
        (void)aclrtSetDevice(7);
        otherThread = recentError();
    }).join();
    CHECK(otherThread.find("107001") != std::string::npos);
    CHECK(aclGetRecentErrMsg() == nullptr);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("L-9 in err_msg_mode \"1\" messages are per process and tagged with their thread", "[L-9]") {
    FreshRuntime fresh;
    TempDir dir;
    REQUIRE(aclInit(dir.write("acl.json", R"({"err_msg_mode":"1"})").c_str()) == ACL_SUCCESS);
    std::thread([] { (void)aclrtSetDevice(7); }).join();
    const std::string text = recentError();
    CHECK(text.find("[THREAD:") != std::string::npos);
    CHECK(text.find("107001") != std::string::npos);
    CHECK(aclGetRecentErrMsg() == nullptr);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("K-8 a rejection names the code, the JSON pointer, line and column, the value and what is allowed", "[K-8]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string config = dir.write("acl.json", "{\n  \"err_msg_mode\": \"2\"\n}\n");
    REQUIRE(aclInit(config.c_str()) == ACL_ERROR_INVALID_PARAM);
    const std::string text = recentError();
    CHECK(text.find("ACL_ERROR_INVALID_PARAM(100000)") != std::string::npos);
    CHECK(text.find("/err_msg_mode") != std::string::npos);
    CHECK(text.find("line 2, column 19") != std::string::npos);
    CHECK(text.find("\"2\"") != std::string::npos);
    CHECK(text.find("\"0\"") != std::string::npos);
}
