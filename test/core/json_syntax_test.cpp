// Where a rejected acl.json goes wrong (F-3, F-4, K-8): every syntax-error family with its
// line, column and message, the depth finding's pointer and position, and both carried to the
// validation report and to aclGetRecentErrMsg.
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "json/document.hpp"
#include "json/syntax.hpp"
#include "runtime_fixture.hpp"

using aclpp::core::JsonDocument;
using aclpp::core::ParseFailure;
using aclpp::test::FreshRuntime;
using aclpp::test::recentError;

namespace {

struct Parsed {
    bool ok = false;
    ParseFailure failure;
};

Parsed parse(std::string_view text) {
    Parsed parsed;
    parsed.ok = JsonDocument::parse(text, parsed.failure).has_value();
    return parsed;
}

std::string repeat(std::string_view text, int times) {
    std::string out;
    for (int i = 0; i < times; ++i) out += text;
    return out;
}

struct Row {
    const char *family;
    std::string text;
    uint32_t line;
    uint32_t column;
    const char *message;  // a fragment of the message
    const char *hint;     // a fragment of the hint ("" = no hint expected)
};

void checkRows(const std::vector<Row> &rows) {
    for (const Row &row : rows) {
        INFO(row.family << ": " << row.text);
        const Parsed parsed = parse(row.text);
        REQUIRE_FALSE(parsed.ok);
        const ParseFailure &failure = parsed.failure;
        INFO("message: " << failure.message << "; hint: " << failure.hint);
        CHECK(failure.code == ACL_ERROR_PARSE_FILE);
        CHECK(failure.position.line == row.line);
        CHECK(failure.position.column == row.column);
        CHECK(failure.message.find(row.message) != std::string::npos);
        if (row.hint[0] == '\0') {
            CHECK(failure.hint.empty());
        } else {
            CHECK(failure.hint.find(row.hint) != std::string::npos);
        }
        CHECK(failure.pointer.empty());  // a syntax error belongs to the whole document
    }
}

}  // namespace

TEST_CASE("F-3 K-8 structure errors: what was expected, what was found, and where", "[F-3][K-8]") {
    checkRows({
        {"missing comma between members", "{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3,
         "expected ',' or '}' after an object member, found '\"'", "a ',' is missing before it"},
        {"missing comma between elements", "[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'",
         "a ',' is missing"},
        {"trailing comma in an object", "{\"a\":1,}", 1, 8, "expected a member name in quotes after ',', found '}'",
         "remove the ',' at line 1, column 7"},
        {"trailing comma in an array", "{\"a\":[1,\n]}", 2, 1, "expected a value after ',', found ']'",
         "remove the ',' at line 1, column 8"},
        {"missing colon", "{\"a\" 1}", 1, 6, "expected ':' after the member name, found '1'", "a ':' is missing"},
        {"unquoted member name", "{a:1}", 1, 2, "expected a member name in quotes or '}' after '{', found 'a'",
         "double quotes"},
        {"single quotes", "{'a':1}", 1, 2, "found a single quote (')", "use double quotes"},
        {"typographic quotes",
         "{\xE2\x80\x9C"
         "a\xE2\x80\x9D:1}",
         1, 2, "found '\xE2\x80\x9C' (U+201C)", "ASCII double quote"},
        {"wrong closing bracket", "{\"a\":[1}", 1, 8, "expected ',' or ']' after an array element, found '}'",
         "the array opened at line 1, column 6 is still open"},
        {"value missing after a colon", "{\"a\":}", 1, 6, "expected a value after ':', found '}'", ""},
        {"empty element", "[,1]", 1, 2, "expected a value or ']' after '[', found ','", ""},
        {"not JSON at all", "Illegal format", 1, 1, "expected a JSON value, found 'Illegal'", "double quotes"},
        {"white space only", "  \n\t ", 2, 3, "no JSON value: the file holds only white space", "{}"},
        {"a stray control character between tokens", "{\"a\":1,\x0C\"b\":2}", 1, 8, "found the control character 0x0C",
         ""},
    });
}

TEST_CASE("F-3 K-8 a truncated file names the container left open", "[F-3][K-8]") {
    checkRows({
        {"after a member", "{\"a\":1", 1, 7, "expected ',' or '}' after an object member, found the end of the file",
         "the object opened at line 1, column 1 is not closed"},
        {"after a comma", "{\n  \"a\": [1,\n", 3, 1, "expected a value after ',', found the end of the file",
         "the array opened at line 2, column 8 is not closed"},
        {"after a colon", "{\"a\":", 1, 6, "expected a value after ':', found the end of the file",
         "the object opened at line 1, column 1"},
        {"after a name", "{\"dump\":{\"x\"", 1, 13, "expected ':' after the member name, found the end of the file",
         "the object opened at line 1, column 9"},
        {"inside a string", "{\n  \"a\": \"abc", 2, 8,
         "this string is not terminated: the file ends before its closing '\"'", ""},
        {"inside an escape", "{\"a\":\"\\", 1, 6, "this string is not terminated", ""},
    });
}

TEST_CASE("F-3 K-8 string errors: line breaks, control characters, escapes, surrogates", "[F-3][K-8]") {
    checkRows({
        {"raw line break", "{\"a\":\"abc\n\"}", 1, 10, "a string is not closed before the end of the line",
         "written \\n"},
        {"raw CR LF", "{\r\n\"a\":\"abc\r\n\"}", 2, 9, "a string is not closed before the end of the line", "\\n"},
        {"tab", "{\"a\":\"a\tb\"}", 1, 8, "a string holds the unescaped control character 0x09", "\\t"},
        {"control character in a name", "{\"a\x01\":1}", 1, 4, "unescaped control character 0x01", "\\u00XX"},
        {"unknown escape", "{\"a\":\"C:\\dir\"}", 1, 9, "invalid escape '\\d' in a string", "written \\\\"},
        {"short \\u escape", "{\"a\":\"\\u12g4\"}", 1, 7, "invalid escape '\\u12g4' in a string: \\u takes exactly 4",
         ""},
        {"lone high surrogate", "{\"a\":\"\\ud800x\"}", 1, 7,
         "the escape '\\ud800' is a high surrogate without a low surrogate after it", "\\uD83D\\uDE00"},
        {"high surrogate and a non-surrogate", "[\"\\uD800\\u0041\"]", 1, 3, "is a high surrogate", "\\uD83D\\uDE00"},
        {"lone low surrogate", "\"\\udc00\"", 1, 2, "the escape '\\udc00' is a lone low surrogate",
         "follows a high surrogate"},
    });
    CHECK(parse("[\"\\uD83D\\uDE00 \\u00e9 \\u0000 \\/ \x7F\"]").ok);
}

TEST_CASE("F-3 K-8 literal and number errors", "[F-3][K-8]") {
    checkRows({
        {"short literal", "{\"a\":tru}", 1, 6, "invalid literal 'tru': expected true", ""},
        {"long literal", "{\"a\":nulll}", 1, 6, "invalid literal 'nulll': expected null", ""},
        {"literal with a suffix", "[true1]", 1, 2, "invalid literal 'true1': expected true", ""},
        {"capitalised literal", "{\"a\":True}", 1, 6, "invalid literal 'True': JSON literals are lower case",
         "write true"},
        {"bare word", "{\"a\":on}", 1, 6, "expected a value after ':', found 'on'", "double quotes"},
        {"leading zero", "{\"a\":01}", 1, 6, "invalid number '01': a number cannot start with 0", "leading zeros"},
        {"negative leading zero", "[-007]", 1, 2, "invalid number '-007'", "leading zeros"},
        {"lone minus", "{\"a\":-}", 1, 6, "invalid number '-': a digit must follow '-'", "decimal"},
        {"no fraction digits", "{\"a\":1.}", 1, 6, "invalid number '1.': a digit must follow the decimal point",
         "decimal"},
        {"no exponent digits", "{\"a\":1.5e+}", 1, 6, "invalid number '1.5e+': the exponent has no digits", "decimal"},
        {"hexadecimal", "{\"a\":0x10}", 1, 6, "invalid number '0x10': this is not a JSON number", "decimal"},
        {"plus sign", "{\"a\":+1}", 1, 6, "expected a value after ':', found '+'", ""},
        {"leading point", "[.5]", 1, 2, "expected a value or ']' after '[', found '.'", ""},
        {"double overflow", "{\n \"a\": 1e400}", 2, 7, "number out of range: '1e400' is too large for a double", ""},
        {"negative double overflow", "{\"a\":-1e400}", 1, 6, "number out of range: '-1e400' is too large", ""},
        {"double overflow, fraction", "[-0.00017976931348623159e313]", 1, 2, "too large for a double", ""},
        {"an integer whose double overflows", "[" + repeat("9", 400) + "]", 1, 2, "is too large for a double", ""},
    });
    // The edges simdjson accepts, so the scanner must accept them too.
    CHECK(parse("[18446744073709551615, -9223372036854775808, 1e-400, 0.0, -0, 1E5, 2.5e-3]").ok);
}

TEST_CASE("F-3 the scanner accepts integers beyond the 64-bit integers and says where they end", "[F-3]") {
    using aclpp::core::scanSyntax;
    const std::string text =
        "{\"a\": 18446744073709551616, \"b\": [-9223372036854775809, 1, \"99999999999999999999\"]}";
    const aclpp::core::SyntaxScan scan = scanSyntax(text);
    CHECK_FALSE(scan.problem.has_value());
    // The integers just past uint64 and just below int64; not the 64-bit ones, nor the string.
    REQUIRE(scan.wideIntegerEnds.size() == 2);
    CHECK(text.substr(0, scan.wideIntegerEnds[0]).ends_with(" 18446744073709551616"));
    CHECK(text.substr(0, scan.wideIntegerEnds[1]).ends_with("[-9223372036854775809"));
    CHECK(scanSyntax("[18446744073709551615, -9223372036854775808, 1e30]").wideIntegerEnds.empty());
    // A text with a problem reports the problem only.
    const aclpp::core::SyntaxScan broken = scanSyntax("[18446744073709551616,]");
    CHECK(broken.problem.has_value());
    CHECK(broken.wideIntegerEnds.empty());
}

TEST_CASE("C-2 the scanner lists every number as written, in text order", "[C-2][F-3]") {
    using aclpp::core::scanSyntax;
    const aclpp::core::SyntaxScan scan = scanSyntax("{\"1.5\": [1.0, -0, {\"k\": 2.50e1}], \"x\": \"3\", \"y\": 1e2}");
    CHECK_FALSE(scan.problem.has_value());
    CHECK(scan.numbers == std::vector<std::string_view>{"1.0", "-0", "2.50e1", "1e2"});  // not the key, nor the string
    CHECK(scanSyntax("[1, 2,]").numbers.empty());  // a text with a problem reports the problem only
}

TEST_CASE("F-3 K-8 invalid UTF-8 is located to the byte", "[F-3][K-8]") {
    checkRows({
        {"bad continuation", "{\"a\":\"\xC3\x28\"}", 1, 7,
         "the text is not valid UTF-8: the byte 0xC3 starts a 2-byte character, but byte 2 is 0x28",
         "save the file as UTF-8"},
        {"stray continuation byte", "{\"a\":\"ok\x80\"}", 1, 9, "the byte 0x80 cannot start a character", "UTF-8"},
        {"encoded surrogate", "{\"a\":\"\xED\xA0\x80\"}", 1, 7, "a UTF-16 surrogate", "UTF-8"},
        {"overlong", "{\"a\":\"\xC0\xAF\"}", 1, 7, "the byte 0xC0 cannot start a character", "UTF-8"},
        {"above U+10FFFF", "[\"\xF4\x90\x80\x80\"]", 1, 3, "above U+10FFFF", "UTF-8"},
        {"cut at the end of the file", "\"\xE2\x82", 1, 2, "the file ends inside the 3-byte character", "UTF-8"},
        {"outside a string", "{}\xFF", 1, 3, "the byte 0xFF cannot start a character", "UTF-8"},
        // Latin-1 text: the byte shown is escaped, so the message itself stays valid UTF-8.
        {"latin-1 outside a string", "{\"a\":1,\xE9t\xE9:2}", 1, 8, "the byte 0xE9 starts a 3-byte character", "UTF-8"},
    });
}

TEST_CASE("F-3 K-8 text after the document", "[F-3][K-8]") {
    checkRows({
        {"trailing word", "{} x", 1, 4, "expected the end of the file after the top-level value, found 'x'",
         "the top-level value ends at line 1, column 2"},
        {"extra closing brace", "{\n  \"a\": {}\n}}\n", 3, 2, "after the top-level value, found '}'",
         "ends at line 3, column 1"},
        {"a comment", "{\"a\":1} // c", 1, 9, "found '/'", "JSON has no comments"},
        {"a # comment after the document", "{\"a\":1} # c", 1, 9, "found '#'", "JSON has no comments"},
        {"a second document", "{}\n{}", 2, 1, "after the top-level value, found '{'", "a file holds one value"},
    });
}

TEST_CASE("F-3 K-8 a # or // comment anywhere gets the hint that JSON has no comments", "[F-3][K-8]") {
    checkRows({
        {"# before the document", "# acl.json for resnet\n{}", 1, 1, "expected a JSON value, found '#'",
         "JSON has no comments"},
        {"# after '{'", "{ # dump settings\n}", 1, 3, "expected a member name in quotes or '}' after '{', found '#'",
         "JSON has no comments"},
        {"# after a member", "{\"a\": 1 # one\n}", 1, 9, "expected ',' or '}' after an object member, found '#'",
         "JSON has no comments"},
        {"# after a comma", "{\"a\": 1, # next\n\"b\": 2}", 1, 10,
         "expected a member name in quotes after ',', found '#'", "JSON has no comments"},
        {"# after a colon", "{\"a\": # one\n1}", 1, 7, "expected a value after ':', found '#'", "JSON has no comments"},
        {"// after a member", "{\"a\": 1 // one\n}", 1, 9, "found '/'", "JSON has no comments"},
    });
}

TEST_CASE("F-3 K-8 positions are counted after a BOM and in bytes", "[F-3][K-8]") {
    checkRows({
        {"BOM", "\xEF\xBB\xBF{\"a\" 1}", 1, 6, "expected ':' after the member name", "a ':' is missing"},
        {"multi-byte text before the error", "{\"\xC3\xA9t\xC3\xA9\":1 \"b\":2}", 1, 12, "found '\"'",
         "a ',' is missing"},
    });
    const Parsed nul = parse(std::string("\xEF\xBB\xBF{\n\"a\"\0}", 10));
    REQUIRE_FALSE(nul.ok);
    CHECK(nul.failure.message == "the file contains a NUL byte");
    CHECK(nul.failure.position.line == 2);
    CHECK(nul.failure.position.column == 4);
}

TEST_CASE("F-3 the scanner reports the first problem in the file", "[F-3]") {
    // simdjson reports invalid UTF-8 before structure; the first problem in byte order wins.
    const Parsed parsed = parse("{\"a\":1 \"b\":\"\xC3\x28\"}");
    REQUIRE_FALSE(parsed.ok);
    CHECK(parsed.failure.position.column == 8);
    CHECK(parsed.failure.message.find("expected ','") != std::string::npos);
}

TEST_CASE("F-4 K-8 the depth finding names the first container past the limit", "[F-4][K-8]") {
    struct DepthRow {
        const char *what;
        std::string text;
        const char *pointer;
        uint32_t line;
        uint32_t column;
        const char *message;
    };
    const DepthRow rows[] = {
        {"11 objects", repeat("{\"k\":", 11) + "1" + repeat("}", 11), "/k/k/k/k/k/k/k/k/k/k", 1, 51,
         "nesting too deep: 11 nested objects; at most 10 nested objects and 10 nested arrays are allowed"},
        {"11 arrays", "{\"a\":" + repeat("[", 11) + repeat("]", 11) + "}", "/a/0/0/0/0/0/0/0/0/0/0", 1, 16,
         "nesting too deep: 11 nested arrays"},
        {"past simdjson's own limit (64)", repeat("{\"k\":", 5000), "/k/k/k/k/k/k/k/k/k/k", 1, 51, "11 nested objects"},
        {"100000 arrays", "{\"a\":" + repeat("[", 100000) + repeat("]", 100000) + "}", "/a/0/0/0/0/0/0/0/0/0/0", 1, 16,
         "11 nested arrays"},
        {"array indexes and lines", "{\n  \"list\": [1, 2,\n    " + repeat("[", 10) + repeat("]", 10) + "]\n}",
         "/list/2/0/0/0/0/0/0/0/0/0", 3, 14, "11 nested arrays"},
        {"escaped and encoded names", "{\"a/b\":{\"c~d\":{\"\\u00e9\":" + repeat("{\"k\":", 8) + "1" + repeat("}", 11),
         "/a~1b/c~0d/\xC3\xA9/k/k/k/k/k/k/k", 1, 60, "11 nested objects"},
        // With duplicate names the first container past the limit in the text is the one named.
        {"duplicate names", "{\"d\":{\"d\":1},\"d\":" + repeat("{\"d\":", 10) + "1" + repeat("}", 11),
         "/d/d/d/d/d/d/d/d/d/d", 1, 63, "11 nested objects"},
        {"before a later syntax error", repeat("[", 11) + "}", "/0/0/0/0/0/0/0/0/0/0", 1, 11, "11 nested arrays"},
    };
    for (const DepthRow &row : rows) {
        INFO(row.what);
        const Parsed parsed = parse(row.text);
        REQUIRE_FALSE(parsed.ok);
        CHECK(parsed.failure.code == ACL_ERROR_PARSE_FILE);
        CHECK(parsed.failure.pointer == row.pointer);
        CHECK(parsed.failure.position.line == row.line);
        CHECK(parsed.failure.position.column == row.column);
        CHECK(parsed.failure.message.find(row.message) != std::string::npos);
    }
}

TEST_CASE("K-8 the validation report and aclGetRecentErrMsg carry the position", "[K-8][F-3][F-4]") {
    FreshRuntime fresh;
    struct ReportRow {
        std::string text;
        const char *pointer;
        uint32_t line;
        uint32_t column;
        const char *recent;  // what aclGetRecentErrMsg starts with
    };
    const ReportRow rows[] = {
        {"{\n  \"err_msg_mode\": \"0\"\n  \"dump\": {}\n}\n", "", 3, 3,
         "ACL_ERROR_PARSE_FILE(100006): (line 3, column 3): expected ',' or '}' after an object member, found '\"' "
         "(a ',' is missing before it)"},
        {repeat("{\"k\":", 11) + "1" + repeat("}", 11), "/k/k/k/k/k/k/k/k/k/k", 1, 51,
         "ACL_ERROR_PARSE_FILE(100006): /k/k/k/k/k/k/k/k/k/k (line 1, column 51): nesting too deep: 11 nested "
         "objects"},
    };
    for (const ReportRow &row : rows) {
        INFO(row.text);
        aclppReport *report = nullptr;
        CHECK(aclppValidateBuffer(row.text.data(), row.text.size(), nullptr, &report) == ACL_ERROR_PARSE_FILE);
        REQUIRE(report != nullptr);
        REQUIRE(aclppReportFindingCount(report) == 1);
        aclppFinding finding{};
        REQUIRE(aclppReportGetFinding(report, 0, &finding) == ACL_SUCCESS);
        CHECK(finding.code == ACL_ERROR_PARSE_FILE);
        CHECK(std::string(finding.pointer) == row.pointer);
        CHECK(finding.line == row.line);
        CHECK(finding.column == row.column);
        const std::string json = aclppReportJson(report);
        CHECK(json.find("\"line\":" + std::to_string(row.line) + ",\"column\":" + std::to_string(row.column)) !=
              std::string::npos);
        aclppReportFree(report);

        CHECK(aclppInitFromBuffer(row.text.data(), row.text.size()) == ACL_ERROR_PARSE_FILE);
        const std::string recent = recentError();
        CHECK(recent.find(row.recent) != std::string::npos);
    }
}
