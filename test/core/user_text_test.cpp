// K-8: every text aclpp produces is valid UTF-8. User text is escaped and shortened by one
// helper (text/user_text.hpp) that cuts only between characters; JSON strings are written by
// one encoder that replaces bytes which are not UTF-8; a report's JSON always parses.
#include <simdjson.h>

#include <aclpp/json/text.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "catch.hpp"
#include "fixture_dir.hpp"
#include "runtime_fixture.hpp"
#include "text/user_text.hpp"

using aclpp::core::kShownTextBytes;
using aclpp::core::kWholeText;
using aclpp::core::quotedText;
using aclpp::core::shownText;
using aclpp::test::FreshRuntime;

namespace {

// simdjson's validator: independent of the UTF-8 code under test.
bool isUtf8(std::string_view text) {
    return simdjson::validate_utf8(text.data(), text.size());
}

// A regression input kept in test/fixtures/regressions.
std::string fixture(const std::string &name) {
    std::string problem;
    const std::string root = aclpp::test::fixtureRoot(problem);
    if (root.empty()) FAIL(problem);
    std::ifstream in(root + "/regressions/" + name, std::ios::binary);
    REQUIRE(in.good());
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// Every text of a report: findings, their JSON and the effective configuration.
void checkReportTexts(const aclppReport *report) {
    for (size_t i = 0; i < aclppReportFindingCount(report); ++i) {
        aclppFinding f{};
        REQUIRE(aclppReportGetFinding(report, i, &f) == ACL_SUCCESS);
        INFO("finding " << i << ": " << f.message);
        CHECK(isUtf8(f.message));
        CHECK(isUtf8(f.hint));
        CHECK(isUtf8(f.pointer));
    }
    const std::string json = aclppReportJson(report);
    CHECK(isUtf8(json));
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    CHECK(parser.parse(json).get(root) == simdjson::SUCCESS);
    CHECK(isUtf8(aclppReportEffectiveJson(report)));
}

}  // namespace

TEST_CASE("K-8 a long unknown key with multi-byte characters (fuzz finding) gives valid UTF-8 and parsing JSON",
          "[K-8]") {
    FreshRuntime fresh;
    const std::string config = fixture("k8_utf8_truncated_key.json");
    aclppReport *report = nullptr;
    (void)aclppValidateBuffer(config.data(), config.size(), nullptr, &report);
    REQUIRE(report != nullptr);
    checkReportTexts(report);
    // The unknown key is the one the fuzzer found: shown cut, with the ellipsis.
    bool sawCutKey = false;
    for (size_t i = 0; i < aclppReportFindingCount(report); ++i) {
        aclppFinding f{};
        REQUIRE(aclppReportGetFinding(report, i, &f) == ACL_SUCCESS);
        sawCutKey = sawCutKey || std::string_view(f.message).find("unknown key \"dVVVVVVVV") != std::string_view::npos;
    }
    CHECK(sawCutKey);
    aclppReportFree(report);

    (void)aclppInitFromBuffer(config.data(), config.size());
    while (const char *message = aclGetRecentErrMsg()) CHECK(isUtf8(message));
}

TEST_CASE("K-8 user text is cut between characters, never inside a UTF-8 sequence, and marked", "[K-8]") {
    const std::string quote = "\xE2\x80\x9C";  // U+201C, 3 bytes
    // The character would end at byte 81: it is left out whole.
    const std::string text = std::string(79, 'a') + quote + "tail";
    const std::string quoted = quotedText(text);
    CHECK(quoted == "\"" + std::string(79, 'a') + "\"...");
    CHECK(isUtf8(quoted));
    CHECK(shownText(text) == std::string(79, 'a') + "...");
    // Ending at byte 80 it fits.
    CHECK(quotedText(std::string(77, 'a') + quote + "x") == "\"" + std::string(77, 'a') + quote + "\"...");
    // Short text: whole, no ellipsis.
    CHECK(quotedText("d" + quote + "x") == "\"d" + quote + "x\"");
    CHECK(shownText("abc") == "abc");
}

TEST_CASE("K-8 user text is escaped once and never cut inside an escape", "[K-8]") {
    // A backslash or quote is one source byte shown as two: it is shown whole or not at all.
    CHECK(quotedText(std::string(79, 'a') + "\\b") == "\"" + std::string(79, 'a') + "\\\\\"...");
    CHECK(quotedText(std::string(80, 'a') + "\"") == "\"" + std::string(80, 'a') + "\"...");
    CHECK(quotedText("say \"hi\"") == "\"say \\\"hi\\\"\"");
    // shownText leaves quotes and backslashes to the caller's quoting.
    CHECK(shownText("C:\\d'") == "C:\\d'");
    // Control characters and DEL as \u00XX.
    CHECK(quotedText(std::string("a\nb\x01\x7F", 5)) == "\"a\\u000ab\\u0001\\u007f\"");
    // Paths are shown whole.
    const std::string path = "/" + std::string(300, 'p');
    CHECK(quotedText(path, kWholeText) == "\"" + path + "\"");
    CHECK(quotedText(path).size() == kShownTextBytes + 5);
}

TEST_CASE("K-8 bytes that are not UTF-8 come out escaped or replaced, as valid UTF-8", "[K-8]") {
    // Messages: \xHH for each such byte (a lone continuation byte, a truncated sequence, an
    // overlong form, a surrogate).
    const std::string bad = "k\x80y\xE2\x80\"z\xC0\xAF\xED\xA0\x80";
    const std::string shown = quotedText(bad);
    CHECK(shown == "\"k\\x80y\\xe2\\x80\\\"z\\xc0\\xaf\\xed\\xa0\\x80\"");
    CHECK(isUtf8(shown));
    CHECK(isUtf8(shownText(bad)));
    // JSON strings: U+FFFD for each such byte, so the JSON parses.
    std::string json;
    aclpp::json::append_json_string(json,
                                    "a\xFF"
                                    "b\xE2\x80");
    CHECK(json ==
          "\"a\xEF\xBF\xBD"
          "b\xEF\xBF\xBD\xEF\xBF\xBD\"");
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    CHECK(parser.parse(json).get(root) == simdjson::SUCCESS);
}

TEST_CASE("K-8 a long string value is shown cut at a character, with its size", "[K-8]") {
    FreshRuntime fresh;
    const std::string value = std::string(78, 'x') + "\xE2\x80\x9C" + std::string(40, 'y');
    const std::string config = R"({"err_msg_mode":")" + value + R"("})";
    aclppReport *report = nullptr;
    CHECK(aclppValidateBuffer(config.data(), config.size(), nullptr, &report) == ACL_ERROR_INVALID_PARAM);
    REQUIRE(report != nullptr);
    checkReportTexts(report);
    aclppFinding f{};
    REQUIRE(aclppReportGetFinding(report, 0, &f) == ACL_SUCCESS);
    CHECK(std::string_view(f.message).find("\"" + std::string(78, 'x') + "\"... (121 bytes)") !=
          std::string_view::npos);
    aclppReportFree(report);
    CHECK(aclppInitFromBuffer(config.data(), config.size()) == ACL_ERROR_INVALID_PARAM);
    const char *message = aclGetRecentErrMsg();
    REQUIRE(message != nullptr);
    CHECK(isUtf8(message));
}

TEST_CASE("F13 K-8 shown text escapes the characters that reorder text and the C1 controls", "[K-8]") {
    CHECK(shownText("a\xE2\x80\xAE"
                    "b") == "a\\u202eb");                                // RIGHT-TO-LEFT OVERRIDE
    CHECK(shownText("\xE2\x81\xA6x\xE2\x81\xA9") == "\\u2066x\\u2069");  // isolates
    CHECK(shownText("\xE2\x80\x8F") == "\\u200f");                       // RIGHT-TO-LEFT MARK
    CHECK(shownText("\xC2\x85") == "\\u0085");                           // NEXT LINE, a C1 control
    CHECK(shownText("caf\xC3\xA9 \xE2\x80\x94 \xE4\xB8\xAD") == "caf\xC3\xA9 \xE2\x80\x94 \xE4\xB8\xAD");  // kept
    CHECK(quotedText("\xE2\x80\xAE") == "\"\\u202e\"");
}
