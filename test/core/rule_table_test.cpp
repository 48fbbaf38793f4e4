// The rule table (<aclpp/schema/rule_table.hpp>, C-4, K-1, K-3, K-4, K-5): each row's code and
// message id agree with the decision it cites and the key table, names are unique, and
// renderTemplate fills in what a template names and keeps what it cannot. The differential test
// (test/cpp/config_differential_test.cpp) checks that both validators render the same rows.
#include <aclpp/schema/rule_table.hpp>
#include <aclpp/schema/top_level.hpp>
#include <set>
#include <string>
#include <string_view>

#include "catch.hpp"

namespace rules = aclpp::schema::rules;
namespace top = aclpp::schema::top_level_rules;
using rules::Rule;

TEST_CASE("C-4 K-4 K-5 every rule row's code and message id are its decision's", "[rules]") {
    std::set<std::string_view> names;
    for (std::size_t i = 1; i < rules::kRuleRows.size(); ++i) {
        const rules::RuleRow &row = rules::kRuleRows[i];
        INFO(row.name);
        CHECK(names.insert(row.name).second);
        CHECK_FALSE(row.summary.empty());
        CHECK_FALSE(row.text.empty());
        if (row.decision == "K-4") {
            CHECK(row.code == ACL_ERROR_INVALID_DUMP_CONFIG);
            CHECK(row.messageId.substr(0, 4) == "EP00");
        } else if (row.decision == "K-5") {
            CHECK(row.code == ACL_ERROR_INVALID_PARAM);
            // msprof's ids: EK0005 for a key the product lacks, none for task scale, else EK0003.
            if (row.name == "profiler_key_unsupported") {
                CHECK(row.messageId == "EK0005");
            } else if (row.name == "profiler_task_scale_unsupported") {
                CHECK(row.messageId.empty());
            } else {
                CHECK(row.messageId == "EK0003");
            }
        } else if (row.decision == "F-3") {
            CHECK(row.code == ACL_ERROR_PARSE_FILE);
            CHECK(row.messageId.empty());
        } else {
            CHECK((row.decision == "C-4" || row.decision == "K-1" || row.decision == "K-3"));
            CHECK(row.messageId.empty());
        }
    }
    CHECK(rules::row(Rule::none).name == "none");
    CHECK(rules::row(static_cast<Rule>(250)).name == "none");
}

TEST_CASE("K-1 K-3 a top-level rule's code is the key table's value code for its key", "[rules]") {
    for (const top::KeyRule &key : top::kKeyRules) {
        INFO(key.key);
        if (key.section == top::kStackSection) {
            // A StackSize member is a uint32, which every stack size value rule accepts.
            CHECK(key.typedValueRule == Rule::none);
            continue;
        }
        REQUIRE(key.typedValueRule != Rule::none);
        CHECK(rules::row(key.typedValueRule).code == static_cast<std::uint32_t>(key.valueError));
        CHECK(rules::row(key.typedValueRule).text == rules::kKeyValueText);
    }
}

TEST_CASE("C-4 renderMessage puts the message id first and fills in every named argument", "[rules]") {
    CHECK(
        rules::renderMessage(Rule::blacklist_too_long, {{"name", "dump_list[0].optype_blacklist"}, {"count", "101"}}) ==
        "EP0003: dump_list[0].optype_blacklist has 101 entries; at most 100 are allowed");
    CHECK(rules::renderMessage(Rule::max_opqueue_num_zero, {{"key", "max_opqueue_num"},
                                                            {"value", "\"0\""},
                                                            {"problem", ", not above 0"},
                                                            {"allowed", "a positive number"}}) ==
          "max_opqueue_num is \"0\", not above 0; allowed: a positive number");
    // What a template names and its caller does not give stays visible; braces of the text stay.
    CHECK(rules::renderTemplate("{a} and {b} {", {{"a", "x"}}) == "x and {b} {");
    CHECK(rules::renderTemplate("{}{a}}", {{"a", "y"}}) == "{}y}");
    CHECK(rules::renderTemplate("", {}).empty());
}

TEST_CASE("K-4 K-5 the argument texts both validators compute", "[rules]") {
    CHECK(rules::alternativesText(std::array<std::string_view, 3>{"on", "off", ""}) == R"("on", "off" or "")");
    CHECK(rules::alternativesText(std::array<std::string_view, 3>{"on", "off", ""}, "l3") ==
          R"("on", "off", "l3" or "")");
    CHECK(rules::alternativesText(std::array<std::string_view, 2>{"a", "b"}, "c") == R"("a", "b" or "c")");
    CHECK(rules::joinedText(std::array<std::string_view, 3>{"a", "b", "c"}) == "a, b, c");
    CHECK(rules::givenOrDefaultText("all", false) == "\"all\", the default");
    CHECK(rules::givenOrDefaultText("op", true) == "\"op\"");
    CHECK(rules::remoteBadCharText("1.2.3.4:a b", 9).find("holds ' ' at byte 9") != std::string::npos);
    CHECK(rules::remoteBadCharText("1.2.3.4:a\tb", 9).find("holds byte 0x09 at byte 9") != std::string::npos);
    CHECK(rules::stepIssueText(aclpp::schema::dump_rules::checkDumpStep("3-1")) ==
          "item 0 \"3-1\" is a range whose start is above its end");
}

#if ACLPP_HAS_CONSTEXPR_STD_CONTAINERS
// The typed config renders in constant expressions: the same function, at compile time.
static_assert(rules::renderMessage(Rule::dump_path_empty, {}).starts_with("EP0001: dump_path is empty"));
#endif
