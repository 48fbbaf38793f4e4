// acl::JsonValue: the value the layer reads the core's JSON into (effective config, reports,
// config bytes) and that Config::from_json uses (C-4), built from the core's reader.
#include <acl/json.hpp>

#include <string>

#include "catch.hpp"

TEST_CASE("C-4 JsonValue parses strict JSON and keeps number text", "[C-4][json]") {
    const auto v = acl::JsonValue::parse(R"({"a":[1,2.50,-3e2],"b":{"c":"x\u00e9\n"},"d":true,"e":null})");
    REQUIRE(v);
    CHECK(v->is_object());
    CHECK(v->at_pointer("/a/1")->text() == "2.50");
    CHECK(v->at_pointer("/a/0")->as_int64() == 1);
    CHECK_FALSE(v->at_pointer("/a/2")->as_int64());
    CHECK(v->at_pointer("/b/c")->text() == "x\xC3\xA9\n");
    CHECK(v->at_pointer("/d")->as_bool());
    CHECK(v->at_pointer("/e")->is_null());
    CHECK(v->at_pointer("/zz") == nullptr);
    CHECK(v->at_pointer("/a/3") == nullptr);
    CHECK(v->at_pointer("") == &*v);
}

TEST_CASE("C-4 JsonValue rejects what RFC 8259 rejects", "[C-4][json]") {
    for (const char *bad : {"", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", "\"\x01\"", "{} x", "tru", "\"\xff\"",
                            "\"\\ud800\"", "{'a':1}", "[1 2]"}) {
        INFO(bad);
        acl::JsonParseError error;
        CHECK_FALSE(acl::JsonValue::parse(bad, &error));
        CHECK_FALSE(error.message.empty());
    }
}

TEST_CASE("C-4 JsonValue: the last of duplicate keys wins, pointers unescape ~0 and ~1", "[C-4][json]") {
    const auto v = acl::JsonValue::parse(R"({"k":1,"k":2,"a/b":{"c~d":3}})");
    REQUIRE(v);
    CHECK(v->find("k")->as_int64() == 2);
    CHECK(v->at_pointer("/a~1b/c~0d")->as_int64() == 3);
}

TEST_CASE("C-4 JsonValue round-trips through dump and compares structurally", "[C-4][json]") {
    const std::string text = R"({"s":"q\"\\\u0001","n":[1,2,{"x":false}],"o":{}})";
    const auto v = acl::JsonValue::parse(text);
    REQUIRE(v);
    const auto again = acl::JsonValue::parse(v->dump());
    REQUIRE(again);
    CHECK(*again == *v);
    CHECK(v->dump() == R"({"s":"q\"\\\u0001","n":[1,2,{"x":false}],"o":{}})");
    CHECK_FALSE(*acl::JsonValue::parse("[1]") == *acl::JsonValue::parse("[2]"));
    CHECK(*acl::JsonValue::parse("10") == *acl::JsonValue::parse("10"));
}

TEST_CASE("C-4 JsonValue skips a UTF-8 BOM", "[C-4][json]") {
    const auto v = acl::JsonValue::parse("\xEF\xBB\xBF{\"a\":1}");
    REQUIRE(v);
    CHECK(v->find("a")->as_int64() == 1);
}

TEST_CASE("C-4 F-3 JsonValue::parse places a syntax error at the core's line and column", "[C-4][F-3][json]") {
    acl::JsonParseError error;
    CHECK_FALSE(acl::JsonValue::parse("{\"a\": 1,\n  \"b\" 2}", &error));
    CHECK(error.line == 2);
    CHECK(error.column == 7);
    CHECK(error.message.find("':'") != std::string::npos);
}

TEST_CASE("C-4 F-4 JsonValue::parse reads JSON as aclInit does: at most 10 nested arrays", "[C-4][F-4][json]") {
    CHECK(acl::JsonValue::parse("[[[[[[[[[[1]]]]]]]]]]"));
    acl::JsonParseError error;
    CHECK_FALSE(acl::JsonValue::parse("[[[[[[[[[[[1]]]]]]]]]]]", &error));
    CHECK(error.message.find("nesting too deep") != std::string::npos);
}

TEST_CASE("C-4 JsonValue: keys with non-ASCII escapes are found by their UTF-8 pointer", "[C-4][json]") {
    const auto v = acl::JsonValue::parse(R"({"caf\u00e9x": 1, "\ud83d\ude00": {"k": [true]}})");
    REQUIRE(v);
    CHECK(v->members().front().first == "caf\xC3\xA9x");
    CHECK(v->at_pointer("/caf\xC3\xA9x")->as_int64() == 1);
    CHECK(v->at_pointer("/\xF0\x9F\x98\x80/k/0")->as_bool());
}
