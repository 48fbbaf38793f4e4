// Parsing: F-3 (what is not JSON), F-4 (structural depth), F-5 (duplicates, non-object tops).
#include <string>

#include "catch.hpp"
#include "fixture_dir.hpp"
#include "json/document.hpp"
#include "runtime_fixture.hpp"

using aclpp::core::JsonDocument;
using aclpp::core::ParseFailure;
using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;
using aclpp::test::recentError;
using aclpp::test::TempDir;

namespace {

aclError parseCode(std::string_view text) {
    ParseFailure failure;
    auto document = JsonDocument::parse(text, failure);
    return document ? ACL_SUCCESS : failure.code;
}

std::string nested(char open, char close, int depth, std::string_view inner) {
    return std::string(static_cast<std::size_t>(depth), open) + std::string(inner) +
           std::string(static_cast<std::size_t>(depth), close);
}

std::string nestedObjects(int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += "{\"k\":";
    text += "1";
    for (int i = 0; i < depth; ++i) text += "}";
    return text;
}

}  // namespace

TEST_CASE("F-3 file-level parse rules", "[F-3]") {
    struct Row {
        std::string text;
        aclError code;
    };
    const Row rows[] = {
        {"", ACL_SUCCESS},  // 0 bytes read as {}
        {"{}", ACL_SUCCESS},
        {"\xEF\xBB\xBF{}", ACL_SUCCESS},    // BOM skipped
        {"  \n\t ", ACL_ERROR_PARSE_FILE},  // whitespace only
        {"Illegal format", ACL_ERROR_PARSE_FILE},
        {"{\"a\":\"\xC3\x28\"}", ACL_ERROR_PARSE_FILE},  // invalid UTF-8
        {"{} x", ACL_ERROR_PARSE_FILE},                  // trailing garbage
        {"{\"a\":1,}", ACL_ERROR_PARSE_FILE},            // trailing comma
        {"{\"a\":01}", ACL_ERROR_PARSE_FILE},            // leading zero
        {"{\"a\":1} // c", ACL_ERROR_PARSE_FILE},
        {"[]", ACL_SUCCESS},  // non-object top level accepted (F-5)
        {"5", ACL_SUCCESS},
    };
    for (const Row &row : rows) {
        INFO("text: " << row.text);
        CHECK(parseCode(row.text) == row.code);
    }
    CHECK(parseCode(std::string("{}\0x", 4)) == ACL_ERROR_PARSE_FILE);
}

TEST_CASE("F-4 depth is structural: 10 nested objects or arrays are fine, 11 give 100006", "[F-4]") {
    CHECK(parseCode(nestedObjects(10)) == ACL_SUCCESS);
    CHECK(parseCode(nestedObjects(11)) == ACL_ERROR_PARSE_FILE);
    CHECK(parseCode("{\"a\":" + nested('[', ']', 10, "1") + "}") == ACL_SUCCESS);
    CHECK(parseCode("{\"a\":" + nested('[', ']', 11, "1") + "}") == ACL_ERROR_PARSE_FILE);
    // Brackets inside strings do not count (the reference counted them).
    CHECK(parseCode(R"({"k":"[[[[[[[[[[[[{{{{{{{{{{{{"})") == ACL_SUCCESS);
    // Objects and arrays are counted separately: 10 of each interleaved is fine.
    std::string mixed;
    for (int i = 0; i < 10; ++i) mixed += "{\"k\":[";
    mixed += "1";
    for (int i = 0; i < 10; ++i) mixed += "]}";
    CHECK(parseCode(mixed) == ACL_SUCCESS);
    CHECK(parseCode(nestedObjects(5000)) == ACL_ERROR_PARSE_FILE);  // no stack overflow
}

TEST_CASE("F-4 the conformance depth fixture gives 100006 through aclInit", "[F-4]") {
    FreshRuntime fresh;
    std::string problem;
    const std::string dir = aclpp::test::conformanceFixtureDir(problem);
    if (dir.empty()) FAIL(problem);
    const std::string path = dir + "/acl/json/testDepth.json";
    CHECK(aclInit(path.c_str()) == ACL_ERROR_PARSE_FILE);
    CHECK(recentError().find("ACL_ERROR_PARSE_FILE(100006)") != std::string::npos);
}

TEST_CASE("F-3 a number beyond the 64-bit integers is valid JSON and reads as a double, as in the reference", "[F-3]") {
    const std::string text =
        "{\"x\": 123456789012345678901234567890, \"n\": -123456789012345678901234567890,\n"
        " \"u\": 18446744073709551616, \"i\": [9223372036854775807, -9223372036854775809], \"after\": \"ok\"}";
    ParseFailure failure;
    const auto document = JsonDocument::parse(text, failure);
    INFO(failure.message);
    REQUIRE(document);
    const auto number = [&](std::string_view key) {
        const auto member = aclpp::core::findMember(document->root(), key);
        REQUIRE(member);
        return *member;
    };
    CHECK(number("x").type() == aclpp::core::JsonType::DOUBLE);
    CHECK(number("x").get_double().value_unsafe() == 123456789012345678901234567890.0);
    CHECK(number("n").get_double().value_unsafe() == -123456789012345678901234567890.0);
    CHECK(number("u").get_double().value_unsafe() == 18446744073709551616.0);
    const aclpp::core::JsonArray integers = aclpp::core::asArray(number("i"));
    CHECK(integers.at(0).get_int64().value_unsafe() == 9223372036854775807);  // still an integer
    CHECK(integers.at(1).get_double().value_unsafe() == -9223372036854775809.0);
    CHECK(aclpp::core::asString(number("after")) == "ok");
    // Positions refer to the file as written, not to the copy the DOM was read from.
    CHECK(document->text() == text);
    const aclpp::core::TextPosition after = aclpp::core::locatePointer(document->text(), "/after");
    CHECK(after.line == 2);
    CHECK(after.column == text.size() - text.rfind('\n') - 5);
}

TEST_CASE("F-3 K-7 an unknown key holding a number beyond the 64-bit integers: aclInit 0, a warning", "[F-3][K-7]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string config = "{\"x\": 123456789012345678901234567890, \"y\": -123456789012345678901234567890}";
    const std::string path = dir.write("acl.json", config);
    CHECK(aclInit(path.c_str()) == ACL_SUCCESS);  // read from a file: the padded parse
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclppInitFromBuffer(config.data(), config.size()) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);

    aclppReport *report = nullptr;
    CHECK(aclppValidateBuffer(config.data(), config.size(), nullptr, &report) == ACL_SUCCESS);
    REQUIRE(report != nullptr);
    int unknown = 0;
    for (size_t i = 0; i < aclppReportFindingCount(report); ++i) {
        aclppFinding finding{};
        REQUIRE(aclppReportGetFinding(report, i, &finding) == ACL_SUCCESS);
        CHECK(finding.severity != ACLPP_SEVERITY_ERROR);
        const std::string pointer = finding.pointer;
        if ((pointer == "/x" || pointer == "/y") && finding.severity == ACLPP_SEVERITY_WARNING) ++unknown;
    }
    CHECK(unknown == 2);
    aclppReportFree(report);
}

TEST_CASE("F-3 K-1 a stack size beyond the 64-bit integers gives 500001 naming its pointer and position",
          "[F-3][K-1]") {
    FreshRuntime fresh;
    for (const std::string number : {"123456789012345678901234567890", "-123456789012345678901234567890"}) {
        const std::string config = "{\n  \"StackSize\": {\n    \"aicore_stack_size\": " + number + "\n  }\n}\n";
        INFO(config);
        CHECK(aclppInitFromBuffer(config.data(), config.size()) == ACL_ERROR_FAILURE);
        const std::string message = recentError();
        CHECK(message.find("ACL_ERROR_FAILURE(500001): /StackSize/aicore_stack_size (line 3, column 26)") !=
              std::string::npos);
        CHECK(message.find(number.front() == '-' ? "negative" : "above 4294967295") != std::string::npos);
        CHECK(lifecycleState().refCount == 0);

        aclppReport *report = nullptr;
        CHECK(aclppValidateBuffer(config.data(), config.size(), nullptr, &report) == ACL_ERROR_FAILURE);
        REQUIRE(report != nullptr);
        CHECK(std::string(aclppReportJson(report)).find("/StackSize/aicore_stack_size") != std::string::npos);
        aclppReportFree(report);
    }
}

TEST_CASE("F-3 a number too large for a double (1e400) is not accepted: 100006, as the reference's parser refuses it",
          "[F-3]") {
    FreshRuntime fresh;
    const std::string huge(400, '9');
    for (const std::string &number : {std::string("1e400"), std::string("-1e400"), huge}) {
        const std::string config = "{\"x\": " + number + "}";
        INFO(number);
        CHECK(aclppInitFromBuffer(config.data(), config.size()) == ACL_ERROR_PARSE_FILE);
        const std::string message = recentError();
        CHECK(message.find("(line 1, column 7)") != std::string::npos);
        CHECK(message.find("is too large for a double") != std::string::npos);
    }
    // Far below the smallest double is zero, not an error.
    CHECK(aclppInitFromBuffer("{\"x\": 1e-400}", 13) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("F-5 duplicate keys: the last wins and a warning names the key", "[F-5]") {
    ParseFailure failure;
    auto document = JsonDocument::parse(R"({"err_msg_mode":"2","x":{"a":1,"a":2},"err_msg_mode":"1"})", failure);
    REQUIRE(document);
    REQUIRE(document->duplicates().size() == 2);
    CHECK(document->duplicates()[0].pointer == "/err_msg_mode");
    CHECK(document->duplicates()[0].count == 2);
    CHECK(document->duplicates()[1].pointer == "/x/a");
    auto member = aclpp::core::findMember(document->root(), "err_msg_mode");
    REQUIRE(member);
    CHECK(aclpp::core::asString(*member) == "1");

    FreshRuntime fresh;
    const std::string config = R"({"err_msg_mode":"2","err_msg_mode":"1"})";
    CHECK(aclppInitFromBuffer(config.data(), config.size()) == ACL_SUCCESS);  // "1" wins
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("F-5 a non-object top level is accepted as empty with a warning", "[F-5]") {
    aclppReport *report = nullptr;
    CHECK(aclppValidateBuffer("[1,2]", 5, nullptr, &report) == ACL_SUCCESS);
    REQUIRE(report != nullptr);
    REQUIRE(aclppReportFindingCount(report) >= 1);
    aclppFinding finding{};
    REQUIRE(aclppReportGetFinding(report, 0, &finding) == ACL_SUCCESS);
    CHECK(finding.severity == ACLPP_SEVERITY_WARNING);
    CHECK(std::string(finding.message).find("not an object") != std::string::npos);
    aclppReportFree(report);
}
