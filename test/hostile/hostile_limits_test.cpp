// Limits that hold whatever the config's size or shape (F-2, F-6): the 10 MiB bound applies to
// buffers as to files, with the same code and message, and a config with thousands of findings
// is validated with every finding in place. How the cost grows is measured in bench/, as ratios.
#include <string>
#include <vector>

#include "catch.hpp"
#include "hostile_support.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;
using aclpp::test::recentError;
using aclpp::test::TempDir;

namespace {

constexpr std::size_t kLimit = 10u * 1024u * 1024u;

struct Validation {
    aclError result = ACL_SUCCESS;
    std::vector<aclppFinding> findings;
    aclppReport *report = nullptr;
    Validation() = default;
    Validation(const Validation &) = delete;
    Validation &operator=(const Validation &) = delete;
    ~Validation() { aclppReportFree(report); }
};

void validateBuffer(const std::string &text, Validation &out) {
    out.result = aclppValidateBuffer(text.data(), text.size(), nullptr, &out.report);
    REQUIRE(out.report != nullptr);
    for (std::size_t i = 0; i < aclppReportFindingCount(out.report); ++i) {
        aclppFinding finding{};
        REQUIRE(aclppReportGetFinding(out.report, i, &finding) == ACL_SUCCESS);
        out.findings.push_back(finding);
    }
}

/// One unknown key a line: key k sits on line k + 2, its value at column 16.
std::string unknownKeys(std::size_t count) {
    std::string text = "{\n";
    for (std::size_t k = 0; k < count; ++k) {
        std::string key = std::to_string(k);
        key.insert(0, 8 - key.size(), '0');
        text += "  \"u" + key + "\": 1" + (k + 1 < count ? ",\n" : "\n");
    }
    text += "}\n";
    return text;
}

}  // namespace

TEST_CASE("F6 F-2 a buffer over 10 MiB gives 100003 with the message a file gets, and nothing changes",
          "[F-2][F6][hostile]") {
    FreshRuntime fresh;
    TempDir dir;
    std::string text = "{}";
    text.resize(kLimit, ' ');

    Validation exact;
    validateBuffer(text, exact);
    CHECK(exact.result == ACL_SUCCESS);
    CHECK(aclppInitFromBuffer(text.data(), text.size()) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);

    text.push_back(' ');
    Validation over;
    validateBuffer(text, over);
    CHECK(over.result == ACL_ERROR_INVALID_FILE);
    REQUIRE(over.findings.size() == 1);
    const std::string bufferMessage = over.findings[0].message;
    CHECK(bufferMessage.find("10485760") != std::string::npos);

    // The same bytes as a file: the same code, and the same words after the name of the source.
    Validation asFile;
    const std::string path = dir.write("over.json", text);
    asFile.result = aclppValidateFile(path.c_str(), nullptr, &asFile.report);
    REQUIRE(asFile.report != nullptr);
    aclppFinding fileFinding{};
    REQUIRE(aclppReportGetFinding(asFile.report, 0, &fileFinding) == ACL_SUCCESS);
    CHECK(asFile.result == over.result);
    const std::string fileMessage = fileFinding.message;
    const std::string bufferTail = bufferMessage.substr(bufferMessage.find(" is larger"));
    CHECK(fileMessage.substr(fileMessage.size() - bufferTail.size()) == bufferTail);

    CHECK(aclppInitFromBuffer(text.data(), text.size()) == ACL_ERROR_INVALID_FILE);
    CHECK(recentError().find("10485760") != std::string::npos);
    const aclppLifecycleState state = lifecycleState();
    CHECK(state.refCount == 0);
    CHECK(state.initialized == 0);
    CHECK(state.identityRemembered == 0);

    uint64_t epoch = 7;
    CHECK(aclppInitFromBufferWithEpoch(text.data(), text.size(), &epoch) == ACL_ERROR_INVALID_FILE);
    CHECK(epoch == 0);
    CHECK(lifecycleState().refCount == 0);
}

TEST_CASE("F5 F-6 16,000 unknown keys: every finding is reported with its own line, and aclInit accepts them",
          "[F-6][F5][hostile]") {
    FreshRuntime fresh;
    constexpr std::size_t kKeys = 16000;
    const std::string text = unknownKeys(kKeys);

    Validation v;
    validateBuffer(text, v);
    CHECK(v.result == ACL_SUCCESS);
    REQUIRE(v.findings.size() == kKeys);
    std::size_t misplaced = 0;
    for (std::size_t k = 0; k < kKeys; ++k) {
        const aclppFinding &finding = v.findings[k];
        const bool right = finding.severity == ACLPP_SEVERITY_WARNING && finding.line == k + 2 && finding.column == 16;
        misplaced += right ? 0 : 1;
    }
    CHECK(misplaced == 0);

    CHECK(aclppInitFromBuffer(text.data(), text.size()) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}
