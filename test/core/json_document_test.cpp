// Parsing: F-3 (what is not JSON), F-4 (structural depth), F-5 (duplicates, non-object tops).
#include <string>

#include "catch.hpp"
#include "fixture_dir.hpp"
#include "json/document.hpp"
#include "runtime_fixture.hpp"

using aclpp::core::JsonDocument;
using aclpp::core::ParseFailure;
using aclpp::test::FreshRuntime;
using aclpp::test::recentError;

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
