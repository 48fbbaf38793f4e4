// K-8 positions: the line and column of a JSON pointer's value.
#include "catch.hpp"
#include "json/document.hpp"

using aclpp::core::locatePointer;

TEST_CASE("K-8 locatePointer finds values, array elements, escaped keys and the last duplicate", "[K-8]") {
    const std::string text =
        "{\n"
        "  \"dump\": {\n"
        "    \"dump_list\": [\n"
        "      {\"model_name\": \"m\"},\n"
        "      {\"layer\": [\"a\", \"b\"]}\n"
        "    ],\n"
        "    \"a/b\": 1, \"t~x\": 2\n"
        "  },\n"
        "  \"k\": 1, \"k\": 2\n"
        "}\n";
    struct Row {
        const char *pointer;
        uint32_t line;
        uint32_t column;
    };
    const Row rows[] = {
        {"", 1, 1},
        {"/dump", 2, 11},
        {"/dump/dump_list/0/model_name", 4, 22},
        {"/dump/dump_list/1/layer/1", 5, 23},
        {"/dump/a~1b", 7, 12},
        {"/dump/t~0x", 7, 22},
        {"/k", 9, 16},               // the last duplicate
        {"/dump/dump_path", 2, 11},  // missing: the nearest ancestor
        {"/dump/dump_list/7", 3, 18},
    };
    for (const Row &row : rows) {
        INFO("pointer " << row.pointer);
        const auto position = locatePointer(text, row.pointer);
        CHECK(position.line == row.line);
        CHECK(position.column == row.column);
    }
}

TEST_CASE("K-8 locatePointer decodes \\u escapes in keys to UTF-8 as simdjson does", "[K-8]") {
    // Tokens are the keys as simdjson decodes them (UTF-8); the text writes them with escapes.
    const std::string text =
        "{\n"
        "  \"caf\\u00e9x\": 1,\n"
        "  \"\\ud83d\\ude00x\": 2,\n"
        "  \"caf\\u00e9 \\u00E9t\xC3\xA9\": 3,\n"
        "  \"dump\": {\"dump_list\": [{\"caf\\u00e9\": 4}]},\n"
        "  \"\\u00e9\": 5, \"\xC3\xA9\": 6\n"
        "}\n";
    struct Row {
        const char *pointer;
        uint32_t line;
        uint32_t column;
    };
    const Row rows[] = {
        {"/caf\xC3\xA9x", 2, 17},
        {"/\xF0\x9F\x98\x80x", 3, 20},              // a surrogate pair is one code point
        {"/caf\xC3\xA9 \xC3\xA9t\xC3\xA9", 4, 26},  // raw UTF-8 and escapes in one key
        {"/dump/dump_list/0/caf\xC3\xA9", 5, 40},
        {"/\xC3\xA9", 6, 22},  // "\u00e9" and raw "é" are one key: the last one wins
        {"/caf?x", 1, 1},      // no key decodes to '?'
        {"/cafx", 1, 1},
        {"/dump/dump_list/0/caf", 5, 26},  // missing: the nearest ancestor, the list entry
    };
    for (const Row &row : rows) {
        INFO("pointer " << row.pointer);
        const auto position = locatePointer(text, row.pointer);
        CHECK(position.line == row.line);
        CHECK(position.column == row.column);
    }
}

TEST_CASE("K-8 locatePointer: a key with an unpaired surrogate matches no other key", "[K-8]") {
    // simdjson rejects these texts; the locator can still meet them when it places a nesting
    // error (F-4), so it must neither crash nor let them stand for another key.
    struct Row {
        const char *text;
        const char *pointer;
        uint32_t line;
        uint32_t column;
    };
    const Row rows[] = {
        {"{\"\\ud800\\u0041\": 1, \"A\": 2}", "/A", 1, 26},      // not U+2441, not "A"
        {"{\"\\ud800\\u0041\": 1}", "/\xE2\x91\x81", 1, 1},      // U+2441: a wrongly paired high
        {"{\"\\ud800\\u0041\": 1}", "/\xF0\x90\x80\x80", 1, 1},  // U+10000
        {"{\"\\udc00\": 1, \"b\": 2}", "/b", 1, 20},             // a lone low surrogate
        {"{\"\\ud83d\": 1}", "/\xF0\x9F\x98\x80", 1, 1},         // a lone high surrogate
        {"{\"x\\u00\": 1}", "/x", 1, 1},                         // a cut escape
        {"{\"\\", "/x", 1, 1},                                   // the text ends in the key
    };
    for (const Row &row : rows) {
        INFO("text " << row.text << " pointer " << row.pointer);
        const auto position = locatePointer(row.text, row.pointer);
        CHECK(position.line == row.line);
        CHECK(position.column == row.column);
    }
}
