// aclppJsonWalk: the core's JSON reader handed to the C++ layer as events, with aclInit's
// rules for what is JSON (F-3, F-4) and the syntax scanner's position of a problem.
#include <acl/aclpp_ext.h>

#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"

namespace {

struct Walked {
    aclError rc = ACL_SUCCESS;
    std::vector<std::string> events;  // "{", "}", "[", "]", "k:name", "s:text", "n:text", "true", "false", "null"
    aclppJsonSyntaxError error{};
    aclError stopWith = ACL_SUCCESS;  // returned by the callback from the first event on
};

aclError record(void *context, aclppJsonEvent event, const char *text, size_t length) {
    auto &walked = *static_cast<Walked *>(context);
    const std::string value(text != nullptr ? text : "", length);
    switch (event) {
        case ACLPP_JSON_EVENT_BEGIN_OBJECT:
            walked.events.emplace_back("{");
            break;
        case ACLPP_JSON_EVENT_END_OBJECT:
            walked.events.emplace_back("}");
            break;
        case ACLPP_JSON_EVENT_BEGIN_ARRAY:
            walked.events.emplace_back("[");
            break;
        case ACLPP_JSON_EVENT_END_ARRAY:
            walked.events.emplace_back("]");
            break;
        case ACLPP_JSON_EVENT_KEY:
            walked.events.push_back("k:" + value);
            break;
        case ACLPP_JSON_EVENT_STRING:
            walked.events.push_back("s:" + value);
            break;
        case ACLPP_JSON_EVENT_NUMBER:
            walked.events.push_back("n:" + value);
            break;
        case ACLPP_JSON_EVENT_TRUE:
            walked.events.emplace_back("true");
            break;
        case ACLPP_JSON_EVENT_FALSE:
            walked.events.emplace_back("false");
            break;
        case ACLPP_JSON_EVENT_NULL:
            walked.events.emplace_back("null");
            break;
    }
    return walked.stopWith;
}

Walked walk(std::string_view text, aclError stopWith = ACL_SUCCESS) {
    Walked walked;
    walked.stopWith = stopWith;
    walked.rc = aclppJsonWalk(text.data(), text.size(), &record, &walked, &walked.error);
    return walked;
}

}  // namespace

TEST_CASE("A-2 F-3 aclppJsonWalk reports every value in document order, numbers as written", "[A-2][F-3]") {
    const Walked w = walk(
        "\xEF\xBB\xBF{\"a\":[1,2.50,-3e2,123456789012345678901234],\"caf\\u00e9\":\"x\\n\","
        "\"k\":true,\"k\":false,\"z\":null,\"o\":{},\"nul\":\"a\\u0000b\"}");
    REQUIRE(w.rc == ACL_SUCCESS);
    const std::vector<std::string> expected{
        "{",   "k:a",           "[",     "n:1", "n:2.50", "n:-3e2", "n:123456789012345678901234",
        "]",   "k:caf\xC3\xA9", "s:x\n", "k:k", "true",   "k:k",    "false",
        "k:z", "null",          "k:o",   "{",   "}",      "k:nul",  std::string("s:a\0b", 5),
        "}"};
    CHECK(w.events == expected);
    CHECK(walk("42").events == std::vector<std::string>{"n:42"});
}

TEST_CASE("F-3 F-4 aclppJsonWalk refuses what aclInit refuses, at the scanner's position", "[F-3][F-4]") {
    const Walked comma = walk("{\"a\": 1,\n  \"b\" 2}");
    CHECK(comma.rc == ACL_ERROR_PARSE_FILE);
    CHECK(comma.events.empty());
    CHECK(comma.error.line == 2);
    CHECK(comma.error.column == 7);
    CHECK(std::string(comma.error.message).find("':'") != std::string::npos);

    const Walked empty = walk("");
    CHECK(empty.rc == ACL_ERROR_PARSE_FILE);  // a JSON text, unlike an acl.json file, is not empty
    CHECK(empty.error.line == 1);
    CHECK(std::string(empty.error.message) == "no JSON value: the text is empty");

    const Walked deep = walk("[[[[[[[[[[[1]]]]]]]]]]]");
    CHECK(deep.rc == ACL_ERROR_PARSE_FILE);
    CHECK(std::string(deep.error.message).find("nesting too deep") != std::string::npos);

    for (const std::string_view bad :
         {std::string_view("1e400"), std::string_view("{\"a\":\0}", 7), std::string_view("\"\xff\""),
          std::string_view("\"\\ud800\""), std::string_view("{} x"), std::string_view(" ")}) {
        INFO(std::string(bad));
        const Walked w = walk(bad);
        CHECK(w.rc == ACL_ERROR_PARSE_FILE);
        CHECK(w.events.empty());
        CHECK(w.error.message[0] != '\0');
    }
    CHECK(aclppJsonWalk("[1", 2, &record, nullptr, nullptr) == ACL_ERROR_PARSE_FILE);  // error may be NULL
}

TEST_CASE("A-2 aclppJsonWalk stops at the callback's first failure and checks its arguments", "[A-2]") {
    const Walked stopped = walk("[1,2]", ACL_ERROR_BAD_ALLOC);
    CHECK(stopped.rc == ACL_ERROR_BAD_ALLOC);
    CHECK(stopped.events == std::vector<std::string>{"["});

    Walked unused;
    CHECK(aclppJsonWalk("{}", 2, nullptr, &unused, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclppJsonWalk(nullptr, 1, &record, &unused, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(unused.events.empty());
}
