// The extensions the header-only C++ layer calls instead of compiling the same code into every
// program (A-2, C-2, C-3): the join comparison and the Error message; and the one canonical
// layout (C-4) that Config::to_json writes.
#include <acl/aclpp_ext.h>

#include <aclpp/json/text_writer.hpp>

#include <string>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;

namespace {

struct Diff {
    aclError rc = ACL_SUCCESS;
    std::vector<std::pair<aclppConfigDifferenceKind, std::string>> items;  // kind, "pointer requested live"
};

Diff compare(const std::string &requested, const char *live, size_t liveLength) {
    Diff out;
    aclppConfigDiff *diff = nullptr;
    out.rc = aclppCompareConfigs(requested.data(), requested.size(), live, liveLength, &diff);
    if (out.rc != ACL_SUCCESS) {
        CHECK(diff == nullptr);
        return out;
    }
    REQUIRE(diff != nullptr);
    for (size_t i = 0; i < aclppConfigDiffCount(diff); ++i) {
        aclppConfigDifference d{};
        REQUIRE(aclppConfigDiffGet(diff, i, &d) == ACL_SUCCESS);
        out.items.emplace_back(d.kind, std::string(d.pointer) + " " + d.requested + " " + d.live);
    }
    aclppConfigDifference past{};
    CHECK(aclppConfigDiffGet(diff, aclppConfigDiffCount(diff), &past) == ACL_ERROR_INVALID_PARAM);
    aclppConfigDiffFree(diff);
    return out;
}

Diff compare(const std::string &requested, const std::string &live) {
    return compare(requested, live.data(), live.size());
}

}  // namespace

TEST_CASE("C-2 aclppCompareConfigs names conflicts and extras by JSON pointer", "[C-2][A-2]") {
    const Diff d = compare(R"({"err_msg_mode":"1","dump":{"dump_path":"./a","dump_mode":"output"},"k":[1,2]})",
                           R"({"dump":{"dump_path":"./b"},"k":[1,3],"x":{"y":true}})");
    REQUIRE(d.rc == ACL_SUCCESS);
    const std::vector<std::pair<aclppConfigDifferenceKind, std::string>> expected{
        {ACLPP_CONFIG_CONFLICT, "/err_msg_mode \"1\" "},
        {ACLPP_CONFIG_CONFLICT, "/dump/dump_path \"./a\" \"./b\""},
        {ACLPP_CONFIG_CONFLICT, "/k/1 2 3"},
        {ACLPP_CONFIG_EXTRA, "/x  {\"y\":true}"},
    };
    CHECK(d.items == expected);  // dump_mode "output" is the runtime's default: no difference
}

TEST_CASE("C-2 aclppCompareConfigs: defaults, integer values, duplicate keys and empty sections", "[C-2][A-2]") {
    CHECK(compare(R"({"max_opqueue_num":"20000","profiler":{},"StackSize":{"aicore_stack_size":32768}})",
                  R"({"StackSize":{}})")
              .items.empty());
    CHECK(compare(R"({"StackSize":{"aicore_stack_size":32768}})", "{}").items.size() == 1);  // a whole section
    CHECK(compare(R"({"n":10})", R"({"n":10})").items.empty());
    CHECK(compare(R"({"a":"x","a":"y"})", R"({"a":"y"})").items.empty());  // the last of duplicate keys counts
    CHECK(compare(R"({"a":1})", "", 0).items.size() == 1);                 // empty live text reads as {}
    CHECK(compare(R"({"a":1})", "[1]").items.size() == 1);                 // a non-object live top level too
    CHECK(compare("{", "{}").rc == ACL_ERROR_PARSE_FILE);
    CHECK(compare("{}", "{\"a\":}").rc == ACL_ERROR_PARSE_FILE);
    aclppConfigDiff *diff = nullptr;
    CHECK(aclppCompareConfigs("{}", 2, "{}", 2, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclppCompareConfigs(nullptr, 2, "{}", 2, &diff) == ACL_ERROR_INVALID_PARAM);
}

TEST_CASE("C-2 aclppCompareConfigs compares numbers by their text, rounding nothing", "[C-2][A-2]") {
    using Items = std::vector<std::pair<aclppConfigDifferenceKind, std::string>>;
    CHECK(compare(R"({"n":1.0})", R"({"n":1})").items == Items{{ACLPP_CONFIG_CONFLICT, "/n 1.0 1"}});
    CHECK(compare(R"({"n":1e2})", R"({"n":100})").items == Items{{ACLPP_CONFIG_CONFLICT, "/n 1e2 100"}});
    CHECK(compare(R"({"n":-0})", R"({"n":0})").items.empty());  // both integers: by value
    // Beyond the 64-bit integers: one double, two texts.
    CHECK(compare(R"({"n":18446744073709551616})", R"({"n":18446744073709551616})").items.empty());
    CHECK(compare(R"({"n":18446744073709551616})", R"({"n":18446744073709551617})").items ==
          Items{{ACLPP_CONFIG_CONFLICT, "/n 18446744073709551616 18446744073709551617"}});
    // Numbers inside strings and keys are no numbers: each value keeps its own text.
    CHECK(compare(R"({"1.5":"2","m":[0.50,7],"k":2.50})", R"({"1.5":"2","m":[0.5,7],"k":2.5})").items ==
          Items{{ACLPP_CONFIG_CONFLICT, "/m/0 0.50 0.5"}, {ACLPP_CONFIG_CONFLICT, "/k 2.50 2.5"}});
}

TEST_CASE("C-2 aclppCompareConfigs: the last of repeated keys counts, a dump keeps them all", "[C-2][A-2]") {
    using Items = std::vector<std::pair<aclppConfigDifferenceKind, std::string>>;
    CHECK(compare(R"({"a":1,"a":2})", R"({"a":1})").items == Items{{ACLPP_CONFIG_CONFLICT, "/a 2 1"}});
    CHECK(compare(R"({"a":2})", R"({"a":1,"a":2})").items.empty());
    CHECK(compare(R"({"o":{"a":1.0,"a":2}})", R"({"o":3})").items ==
          Items{{ACLPP_CONFIG_CONFLICT, "/o {\"a\":1.0,\"a\":2} 3"}});
    CHECK(compare("{}", R"({"x":{"b":1,"b":0.0}})").items == Items{{ACLPP_CONFIG_EXTRA, "/x  {\"b\":1,\"b\":0.0}"}});
}

TEST_CASE("C-2 aclppCompareConfigs walks nested objects and arrays", "[C-2][A-2]") {
    using Items = std::vector<std::pair<aclppConfigDifferenceKind, std::string>>;
    const Diff d = compare(R"({"d":{"l":[{"m":"x","n":[1,2]},{"m":"y"}],"e":[]},"k":[1,2],"z":null})",
                           R"({"d":{"l":[{"m":"x","n":[1,3.0]},{"m":"z","q":false}]},"k":[1],"z":null})");
    REQUIRE(d.rc == ACL_SUCCESS);
    CHECK(d.items == Items{{ACLPP_CONFIG_CONFLICT, "/d/l/0/n/1 2 3.0"},
                           {ACLPP_CONFIG_CONFLICT, "/d/l/1/m \"y\" \"z\""},
                           {ACLPP_CONFIG_CONFLICT, "/k [1,2] [1]"},
                           {ACLPP_CONFIG_EXTRA, "/d/l/1/q  false"}});  // "e": [] is an empty section
    CHECK(compare(R"({"a":[{"b":1}]})", R"({"a":{"b":1}})").items ==
          Items{{ACLPP_CONFIG_CONFLICT, "/a [{\"b\":1}] {\"b\":1}"}});
}

TEST_CASE("C-2 aclppCompareConfigs escapes ~ and / in pointers and strings in values", "[C-2][A-2]") {
    using Items = std::vector<std::pair<aclppConfigDifferenceKind, std::string>>;
    CHECK(compare(R"({"a/b":{"c~d":1}})", R"({"a/b":{"c~d":2}})").items ==
          Items{{ACLPP_CONFIG_CONFLICT, "/a~1b/c~0d 1 2"}});
    CHECK(compare(R"({"~/":"q\"\u00e9\n"})", R"({"~/":"q"})").items ==
          Items{{ACLPP_CONFIG_CONFLICT, "/~0~1 \"q\\\"\u00e9\\n\" \"q\""}});
}

TEST_CASE("C-2 aclppCompareConfigs: a text that is not JSON as aclInit reads it, on either side, is 100006",
          "[C-2][A-2]") {
    for (const char *bad : {"", " ", "{\"a\":1,}", "{} x", "[1,]", "{\"a\":\"\xff\"}", "{\"a\":01}", "nul"}) {
        INFO(bad);
        CHECK(compare(bad, "{}").rc == ACL_ERROR_PARSE_FILE);
        if (*bad != '\0') CHECK(compare("{}", bad).rc == ACL_ERROR_PARSE_FILE);  // empty live text reads as {}
    }
    CHECK(compare("\xEF\xBB\xBF{\"a\":1}", R"({"a":1})").items.empty());  // a UTF-8 BOM is skipped
    // Read as aclInit reads acl.json (F-3, F-4): a double overflow and 11 nested arrays are no config.
    CHECK(compare(R"({"a":1e400})", R"({"a":1e400})").rc == ACL_ERROR_PARSE_FILE);
    CHECK(compare(R"({"a":[[[[[[[[[[[1]]]]]]]]]]]})", "{}").rc == ACL_ERROR_PARSE_FILE);
    CHECK(compare(R"({"a":[[[[[[[[[[1]]]]]]]]]]})", "{}").rc == ACL_SUCCESS);
}

TEST_CASE("C-2 aclppCompareConfigs with live NULL reads the live runtime's bytes", "[C-2][A-2]") {
    FreshRuntime fresh;
    aclppConfigDiff *diff = nullptr;
    CHECK(aclppCompareConfigs("{}", 2, nullptr, 0, &diff) == ACL_ERROR_UNINITIALIZE);
    CHECK(diff == nullptr);
    const std::string config = R"({"err_msg_mode":"1"})";
    REQUIRE(aclppInitFromBuffer(config.data(), config.size()) == ACL_SUCCESS);
    const std::string requested = R"({"err_msg_mode":"0"})";
    REQUIRE(aclppCompareConfigs(requested.data(), requested.size(), nullptr, 0, &diff) == ACL_SUCCESS);
    REQUIRE(aclppConfigDiffCount(diff) == 1);
    aclppConfigDifference d{};
    REQUIRE(aclppConfigDiffGet(diff, 0, &d) == ACL_SUCCESS);
    CHECK(std::string(d.pointer) == "/err_msg_mode");
    CHECK(std::string(d.live) == "\"1\"");
    aclppConfigDiffFree(diff);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("C-4 aclpp::json::JsonTextWriter writes the one canonical layout, the layout of Config::to_json", "[C-4]") {
    const auto write = [](bool pretty) {
        aclpp::json::JsonTextWriter w(pretty);
        w.begin_object();
        w.key("a\"b");
        w.string("x\ny");
        w.key("l");
        w.begin_array(true);
        w.string("p");
        w.string("q");
        w.end_array();
        w.key("o");
        w.begin_array(false);
        w.begin_object();
        w.key("n");
        w.raw("12");
        w.end_object();
        w.end_array();
        w.key("e");
        w.begin_object();
        w.end_object();
        w.end_object();
        return w.take();
    };
    CHECK(write(false) == R"({"a\"b":"x\ny","l":["p","q"],"o":[{"n":12}],"e":{}})");
    CHECK(write(true) ==
          "{\n  \"a\\\"b\": \"x\\ny\",\n  \"l\": [\"p\", \"q\"],\n  \"o\": [\n    {\n      \"n\": 12\n    }\n  ],\n"
          "  \"e\": {}\n}\n");
}

TEST_CASE("C-3 aclppFormatError builds acl::Error's message", "[C-3][A-2]") {
    const std::string function = "aclInit";
    const std::string context = "config \"a.json\"";
    const std::string recent = "EH0001: bad";
    size_t required = 0;
    REQUIRE(aclppFormatError(ACL_ERROR_INVALID_FILE, function.data(), function.size(), context.data(), context.size(),
                             recent.data(), recent.size(), nullptr, 0, &required) == ACL_SUCCESS);
    std::string text(required, '\0');
    REQUIRE(aclppFormatError(ACL_ERROR_INVALID_FILE, function.data(), function.size(), context.data(), context.size(),
                             recent.data(), recent.size(), text.data(), text.size(), &required) == ACL_SUCCESS);
    text.resize(required - 1);
    CHECK(text == std::string("aclInit failed: ACL_ERROR_INVALID_FILE (100003): ") +
                      aclppErrorDescription(ACL_ERROR_INVALID_FILE) + "; config \"a.json\"\nEH0001: bad");
    char small[8] = {};
    REQUIRE(aclppFormatError(ACL_SUCCESS, "f", 1, nullptr, 0, nullptr, 0, small, sizeof small, &required) ==
            ACL_SUCCESS);
    CHECK(std::string(small) == "f faile");  // cut, NUL terminated
    CHECK(required ==
          std::string("f failed: ACL_SUCCESS (0): ").size() + std::string(aclppErrorDescription(0)).size() + 1);
}

TEST_CASE("F13 K-8 C-2 aclppCompareConfigs shows a key's pointer escaped, not cut at its NUL", "[C-2][K-8]") {
    const std::string requested = R"({"err_msg_mode\u0000":"1","profiler":{"\u001b[2J":1}})";
    aclppConfigDiff *diff = nullptr;
    const std::string live = R"({"profiler":{}})";  // so the comparison goes into the profiler section
    REQUIRE(aclppCompareConfigs(requested.data(), requested.size(), live.data(), live.size(), &diff) == ACL_SUCCESS);
    std::vector<std::string> pointers;
    for (std::size_t i = 0; i < aclppConfigDiffCount(diff); ++i) {
        aclppConfigDifference d{};
        REQUIRE(aclppConfigDiffGet(diff, i, &d) == ACL_SUCCESS);
        pointers.emplace_back(d.pointer);
    }
    aclppConfigDiffFree(diff);
    CHECK(pointers == std::vector<std::string>{"/err_msg_mode\\u0000", "/profiler/\\u001b[2J"});
}
