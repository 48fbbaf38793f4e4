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
