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

namespace {

// What unread text may hold at most: the kept messages, the line that counts the dropped ones,
// and the thread tags of mode 1.
constexpr std::size_t kUnreadTextBound = 64 * 1024 + 4096;

void failManyDeviceCalls(long calls) {
    for (long i = 0; i < calls; ++i) (void)aclrtSetDevice(99);  // 107001 and a message each time
}

}  // namespace

TEST_CASE("F14 L-11 a million unread failures keep the latest messages and say how many were dropped", "[L-11]") {
    FreshRuntime fresh;
    TempDir dir;
    for (const char *mode : {"0", "1"}) {
        CAPTURE(mode);
        const std::string config = dir.write("acl.json", std::string(R"({"err_msg_mode":")") + mode + "\"}");
        REQUIRE(aclInit(config.c_str()) == ACL_SUCCESS);
        failManyDeviceCalls(1'000'000);
        const std::string text = recentError();
        CHECK(text.size() <= kUnreadTextBound);
        CHECK(text.find("earlier messages were dropped") != std::string::npos);
        // The latest failure is kept, whole.
        CHECK(text.substr(text.rfind('\n') + 1).find("device 99") != std::string::npos);
        CHECK(aclGetRecentErrMsg() == nullptr);
        REQUIRE(aclFinalize() == ACL_SUCCESS);
        REQUIRE(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS);
    }
}

TEST_CASE("L-11 below the bound every unread message is kept, oldest first", "[L-11]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    (void)aclrtResetDevice(98);
    failManyDeviceCalls(3);
    const std::string text = recentError();
    CHECK(text.find("dropped") == std::string::npos);
    std::size_t lines = 0;
    for (const char c : text) lines += c == '\n' ? 1 : 0;
    CHECK(lines == 3);  // four messages
    CHECK(text.find("device 98") < text.find("device 99"));
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("F13 K-8 a key's pointer is shown escaped in the error text: escapes, NUL, bidirectional overrides",
          "[K-8]") {
    FreshRuntime fresh;
    TempDir dir;
    struct Case {
        const char *json;     // the key as a JSON escape: the file is plain ASCII
        const char *pointer;  // as the message must show it
    };
    const Case cases[] = {
        {R"({"profiler":{"\u001b[2J\u001b[31mX":1}})", "/profiler/\\u001b[2J\\u001b[31mX (line 1, column"},
        {R"({"profiler":{"a\u0000b":1}})", "/profiler/a\\u0000b (line 1, column"},  // not cut at the NUL
        {R"({"profiler":{"\u202eabc":1}})", "/profiler/\\u202eabc (line 1, column"},
    };
    for (const Case &c : cases) {
        CAPTURE(c.json);
        const std::string config = dir.write("acl.json", c.json);
        REQUIRE(aclInit(config.c_str()) == ACL_ERROR_INVALID_PARAM);
        const std::string text = recentError();
        CHECK(text.find(c.pointer) != std::string::npos);
        CHECK(text.find('\x1b') == std::string::npos);
        CHECK(text.find("\xE2\x80\xAE") == std::string::npos);  // U+202E itself
    }
}
