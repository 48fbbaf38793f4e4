// The one JSON lexer (<aclpp/json/lexer.hpp>, F-3, F-4): a table of texts with the verdict of
// the whole-text scan (error, its offset, the string or number problem, the depth), the number
// rows at the limits of the 64-bit integers and of a double, the nesting limits with and without
// an enclosing object, surrogate escapes, the token ends the core's positions use, the events,
// and the writer's raw path. The same facts hold in a constant expression (static_asserts).
#include <aclpp/json/lexer.hpp>
#include <aclpp/json/text_writer.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"

using aclpp::json::Expect;
using aclpp::json::Nesting;
using aclpp::json::NumberProblem;
using aclpp::json::scan_syntax;
using aclpp::json::StringProblem;
using aclpp::json::SyntaxError;
using aclpp::json::SyntaxResult;

namespace {

std::string nested(std::string_view open, std::string_view close, int depth, std::string_view inner) {
    std::string out;
    for (int i = 0; i < depth; ++i) out += open;
    out += inner;
    for (int i = 0; i < depth; ++i) out += close;
    return out;
}

// A row of the whole-text scan. `offset` is where the problem is; rows that are JSON give none.
struct ScanRow {
    std::string text;
    SyntaxError error;
    std::size_t offset = 0;
    StringProblem string = StringProblem::none;
    NumberProblem number = NumberProblem::none;
    Expect expect = Expect::root_value;
};

constexpr auto kNone = SyntaxError::none;
constexpr auto kExpected = SyntaxError::expected;
constexpr auto kString = SyntaxError::string;
constexpr auto kNumber = SyntaxError::number;
constexpr auto kLiteral = SyntaxError::literal;
constexpr auto kS = StringProblem::none;
constexpr auto kN = NumberProblem::none;

const std::vector<ScanRow> &scanRows() {
    static const std::vector<ScanRow> rows = {
        // well-formed texts
        {"{}", kNone},
        {" \t\r\n[ ] ", kNone},
        {"0", kNone},
        {"-0.5e+3", kNone},
        {"true", kNone},
        {"null", kNone},
        {R"({"a":[1,"x",{"b":false}],"c":null})", kNone},
        {R"("\"\\\/\b\f\n\r\t\u00e9")", kNone},
        {R"("\uD83D\uDE00")", kNone},       // a surrogate pair
        {"\"\xF0\x9F\x98\x80\"", kNone},    // the same character as UTF-8
        {"18446744073709551616", kNone},    // wide: read as a double
        {"1.7976931348623157e308", kNone},  // the largest double
        {"1e-400", kNone},                  // underflows to 0: accepted
        {"0e999999999999", kNone},          // zero whatever the exponent
        {"0.001e311", kNone},               // 1e308
        // structure
        {"", kExpected, 0, kS, kN, Expect::root_value},
        {"   ", kExpected, 3, kS, kN, Expect::root_value},
        {"1 2", kExpected, 2, kS, kN, Expect::end},
        {"[1,]", kExpected, 3, kS, kN, Expect::element_after_comma},
        {R"({"a":1,})", kExpected, 7, kS, kN, Expect::member_after_comma},
        {R"({"a" 1})", kExpected, 5, kS, kN, Expect::colon},
        {"{a:1}", kExpected, 1, kS, kN, Expect::first_member},
        {"[1}", kExpected, 2, kS, kN, Expect::after_element},
        {R"({"a":1])", kExpected, 6, kS, kN, Expect::after_member},
        {"[", kExpected, 1, kS, kN, Expect::first_element},
        {R"({"a":})", kExpected, 5, kS, kN, Expect::value_after_colon},
        {"]", kExpected, 0, kS, kN, Expect::root_value},
        {"{}//", kExpected, 2, kS, kN, Expect::end},
        {std::string("[1,\0]", 5), kExpected, 3, kS, kN, Expect::element_after_comma},  // a NUL byte
        // literals
        {"nul", kLiteral, 0},
        {"True", kLiteral, 0},
        {"[truex]", kLiteral, 1, kS, kN, Expect::first_element},
        // strings
        {R"("abc)", kString, 0, StringProblem::unterminated},
        {"\"ab\\", kString, 0, StringProblem::unterminated},
        {"\"a\nb\"", kString, 2, StringProblem::line_break},
        {"\"a\rb\"", kString, 2, StringProblem::line_break},
        {"\"a\tb\"", kString, 2, StringProblem::control_character},
        {"\"\x1F\"", kString, 1, StringProblem::control_character},
        {"\"\xC0\xAF\"", kString, 1, StringProblem::invalid_utf8},          // overlong '/'
        {"\"\xED\xA0\x80\"", kString, 1, StringProblem::invalid_utf8},      // U+D800 as UTF-8
        {"\"\xF4\x90\x80\x80\"", kString, 1, StringProblem::invalid_utf8},  // above U+10FFFF
        {"\"ab\xE2\x82\"", kString, 3, StringProblem::invalid_utf8},        // cut short
        {R"("a\x")", kString, 2, StringProblem::invalid_escape},
        {R"("\'")", kString, 1, StringProblem::invalid_escape},
        {R"("\u12")", kString, 1, StringProblem::short_unicode},
        {R"("\u12G4")", kString, 1, StringProblem::short_unicode},
        {R"("\uD800")", kString, 1, StringProblem::lone_high_surrogate},
        {R"("x\uDBFFy")", kString, 2, StringProblem::lone_high_surrogate},
        {R"("\uD800\u0041")", kString, 1, StringProblem::lone_high_surrogate},
        {R"("\uD800\uD800")", kString, 1, StringProblem::lone_high_surrogate},
        {R"("\uDC00")", kString, 1, StringProblem::lone_low_surrogate},
        {R"("\uDE00\uD83D")", kString, 1, StringProblem::lone_low_surrogate},
        {R"({"\uD800":1})", kString, 2, StringProblem::lone_high_surrogate, kN, Expect::first_member},
        // numbers
        {"-", kNumber, 0, kS, NumberProblem::no_digit_after_minus},
        {"-a", kNumber, 0, kS, NumberProblem::no_digit_after_minus},
        {"01", kNumber, 0, kS, NumberProblem::leading_zero},
        {"-00", kNumber, 0, kS, NumberProblem::leading_zero},
        {"1.", kNumber, 0, kS, NumberProblem::no_digit_after_point},
        {"1.e5", kNumber, 0, kS, NumberProblem::no_digit_after_point},
        {"1e", kNumber, 0, kS, NumberProblem::no_exponent_digits},
        {"1e+", kNumber, 0, kS, NumberProblem::no_exponent_digits},
        {"1a", kNumber, 0, kS, NumberProblem::not_a_number},
        {"1.5.2", kNumber, 0, kS, NumberProblem::not_a_number},
        {"0x10", kNumber, 0, kS, NumberProblem::not_a_number},
        {"[1e400]", kNumber, 1, kS, NumberProblem::too_large, Expect::first_element},
        {"-1e400", kNumber, 0, kS, NumberProblem::too_large},
        {"1.797693134862315808e308", kNumber, 0, kS, NumberProblem::too_large},
        {"0.1e310", kNumber, 0, kS, NumberProblem::too_large},
        {std::string(400, '9'), kNumber, 0, kS, NumberProblem::too_large},  // a wide integer past a double
    };
    return rows;
}

}  // namespace

TEST_CASE("F-3 the lexer's verdict on each text: the error, its offset and its kind", "[F-3]") {
    for (const ScanRow &row : scanRows()) {
        INFO("text: " << row.text);
        const SyntaxResult result = scan_syntax(row.text);
        CHECK(result.error == row.error);
        CHECK(aclpp::json::well_formed(row.text) == (row.error == kNone));
        if (row.error == kNone) continue;
        CHECK(result.offset == row.offset);
        CHECK(result.string == row.string);
        CHECK(result.number == row.number);
        CHECK(result.expect == row.expect);
    }
}

TEST_CASE("F-3 numbers: the grammar, the 64-bit integers and the range of a double", "[F-3]") {
    struct Row {
        std::string text;
        NumberProblem problem;
        bool integer;
        bool wide;
    };
    // The halfway point between the largest double and 2^1024: from it on, a number is infinite.
    const std::string halfway = std::string(aclpp::json::detail::kDoubleOverflow);
    std::string belowHalfway = halfway;
    belowHalfway.back() = '1';
    const std::vector<Row> rows = {
        {"0", NumberProblem::none, true, false},
        {"-0", NumberProblem::none, true, false},
        {"18446744073709551615", NumberProblem::none, true, false},  // UINT64_MAX
        {"18446744073709551616", NumberProblem::none, true, true},
        {"99999999999999999999", NumberProblem::none, true, true},
        {"-9223372036854775808", NumberProblem::none, true, false},  // INT64_MIN
        {"-9223372036854775809", NumberProblem::none, true, true},
        {"-18446744073709551615", NumberProblem::none, true, true},
        {"1.5", NumberProblem::none, false, false},
        {"1E5", NumberProblem::none, false, false},
        {"1e-5", NumberProblem::none, false, false},
        {belowHalfway, NumberProblem::none, true, true},
        {halfway, NumberProblem::too_large, true, true},
        {"-" + halfway, NumberProblem::too_large, true, true},
        {"17976931348623158079e289", NumberProblem::none, false, false},
        {"17976931348623158080e289", NumberProblem::too_large, false, false},
        {"1.7976931348623158e308", NumberProblem::none, false, false},  // rounds down to the largest
        {"179.76931348623159e306", NumberProblem::too_large, false, false},
        {"0.00017976931348623157e312", NumberProblem::none, false, false},
        {"0.00017976931348623159e312", NumberProblem::too_large, false, false},
        {"1e308", NumberProblem::none, false, false},
        {"1e309", NumberProblem::too_large, false, false},
        {"10e308", NumberProblem::too_large, false, false},
        {"1e99999999999999999999", NumberProblem::too_large, false, false},
        {"1e-99999999999999999999", NumberProblem::none, false, false},
    };
    for (const Row &row : rows) {
        INFO("number: " << row.text);
        const aclpp::json::NumberScan scan = aclpp::json::scan_number(row.text + ",", 0);
        CHECK(scan.problem == row.problem);
        CHECK(scan.end == row.text.size());
        if (row.problem == NumberProblem::none) {
            CHECK(scan.integer == row.integer);
            CHECK(scan.wide == row.wide);
        }
    }
}

TEST_CASE("F-4 nesting: 10 objects and 10 arrays, counting the containers around the text", "[F-4]") {
    const std::string objects10 = nested("{\"a\":", "}", 9, "{}");
    const std::string objects11 = nested("{\"a\":", "}", 10, "{}");
    const std::string arrays10 = nested("[", "]", 10, "");
    const std::string arrays11 = nested("[", "]", 11, "");
    const std::string both = nested("{\"a\":[", "]}", 10, "");

    CHECK(aclpp::json::well_formed(objects10));
    CHECK(aclpp::json::well_formed(arrays10));
    CHECK(aclpp::json::well_formed(both));  // the limits count each kind alone

    SyntaxResult result = scan_syntax(objects11);
    CHECK(result.error == SyntaxError::object_depth);
    CHECK(result.depth == 11);
    CHECK(result.offset == 50);  // the 11th '{'
    result = scan_syntax(arrays11);
    CHECK(result.error == SyntaxError::array_depth);
    CHECK(result.depth == 11);
    CHECK(result.offset == 10);

    // An extra key's value sits inside the config's top-level object.
    CHECK_FALSE(aclpp::json::well_formed(objects10, Nesting{1, 0}));
    CHECK(aclpp::json::well_formed(arrays10, Nesting{1, 0}));
    CHECK(aclpp::json::well_formed(nested("{\"a\":", "}", 8, "{}"), Nesting{1, 0}));
    // The writer's limits: deeper than a config, bounded by simdjson's stack.
    const Nesting scan{aclpp::json::kMaxScanDepth, aclpp::json::kMaxScanDepth};
    CHECK(aclpp::json::well_formed(nested("[", "]", 64, ""), {}, scan));
    CHECK_FALSE(aclpp::json::well_formed(nested("[", "]", 65, ""), {}, scan));
    CHECK(aclpp::json::well_formed(nested("{\"a\":[", "]}", 64, ""), {}, scan));
}

TEST_CASE("K-8 events and token ends: what the core's messages and positions are built from", "[K-8]") {
    struct Recorder {
        std::vector<std::string> events;
        void open(bool object, std::size_t offset) {
            events.push_back(std::string(object ? "{" : "[") + "@" + std::to_string(offset));
        }
        void close() { events.emplace_back("close"); }
        void key(std::string_view raw) { events.push_back("key " + std::string(raw)); }
        void next_element() { events.emplace_back(","); }
        void number(std::string_view text, const aclpp::json::NumberScan &scan) {
            events.push_back("number " + std::string(text) + (scan.wide ? " wide" : "") + " end " +
                             std::to_string(scan.end));
        }
    };
    Recorder recorder;
    const std::string text = R"( {"a\"b": [1, 18446744073709551616], "c": {}} )";
    const SyntaxResult result = scan_syntax(text, recorder);
    REQUIRE(result.ok());
    CHECK(result.root_end == text.size() - 2);
    CHECK(recorder.events == std::vector<std::string>{"{@1", "key a\\\"b", "[@10", "number 1 end 12", ",",
                                                      "number 18446744073709551616 wide end 34", "close", "key c",
                                                      "{@42", "close", "close"});

    CHECK(scan_syntax("[1, 2,]").last_comma == 5);
    CHECK(aclpp::json::string_end(R"("a\"b" x)", 0) == 6);
    CHECK(aclpp::json::string_end(R"("\uD800" x)", 0) == 8);  // content not checked: keys past F-3 too
    CHECK(aclpp::json::string_end(R"("open)", 0) == 5);
    CHECK(aclpp::json::token_end("true,", 0) == 4);
    CHECK(aclpp::json::token_end("12]", 0) == 2);
    CHECK(aclpp::json::token_end("1\"a\"", 0) == 1);
    CHECK(aclpp::json::value_end(R"( {"a": ["]", {}]} , 2)", 0) == 17);
    CHECK(aclpp::json::value_end(R"( "x}" ,)", 0) == 5);
    CHECK(aclpp::json::value_end("-1.5e3 ]", 0) == 6);
}

TEST_CASE("F-3 the writer's raw JSON: laid out when the lexer reads it, written as it is when not", "[F-3]") {
    aclpp::json::JsonTextWriter pretty(true);
    pretty.begin_object().key("extra").raw(R"({"b" : [1,"]"] ,"c":{"d":null}})").end_object();
    CHECK(pretty.take() ==
          "{\n  \"extra\": {\n    \"b\": [1, \"]\"],\n    \"c\": {\n      \"d\": null\n    }\n  }\n}\n");

    aclpp::json::JsonTextWriter compact(false);
    compact.begin_array(false).raw("{").raw("1e400").raw(" 7 ").end_array();
    CHECK(compact.take() == "[{,1e400,7]");
}

// The same lexer in constant expressions: what the compile-time config check relies on.
static_assert(aclpp::json::well_formed(R"({"a":[1,2.5,"\uD83D\uDE00",true,null]})"));
static_assert(!aclpp::json::well_formed(R"("\uD800")"));
static_assert(!aclpp::json::well_formed("1e400"));
static_assert(aclpp::json::well_formed("18446744073709551616"));
static_assert(!aclpp::json::well_formed(R"({"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}}}})"));
static_assert(!aclpp::json::well_formed(R"({"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}}})", Nesting{1, 0}));
static_assert(aclpp::json::well_formed(R"({"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}})", Nesting{1, 0}));
static_assert(aclpp::json::scan_syntax("[1,]").offset == 3);
