// C-4: every acl.json the runtime accepts reads into the typed config and writes back to the same
// effective configuration: Config::from_json then to_json over each conformance fixture whose
// expected code is 0 (test/fixtures/conformance/expected.tsv), compared through the core's own
// effective configuration (aclppReportEffectiveJson) of the text before and after.
#include <acl/aclpp_ext.h>

#include <acl/config.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "catch.hpp"
#include "fixture_dir.hpp"

namespace {

std::string read_file(const std::filesystem::path &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// The files of expected.tsv whose expected code is 0.
std::vector<std::string> accepted_fixtures(const std::string &dir) {
    std::ifstream table(dir + "/expected.tsv");
    std::vector<std::string> files;
    std::string line;
    std::getline(table, line);  // header
    while (std::getline(table, line)) {
        std::istringstream fields(line);
        std::string file;
        std::string code;
        std::getline(fields, file, '\t');
        std::getline(fields, code, '\t');
        if (code == "0") files.push_back(file);
    }
    return files;
}

struct ReportDeleter {
    void operator()(aclppReport *report) const { aclppReportFree(report); }
};

/// The core's effective configuration of `text` on the default product with a device count
/// of 8, or the code that rejected it.
std::string effective_json(const std::string &text) {
    aclppReport *raw = nullptr;
    const aclError rc = aclppValidateBufferForDevices(text.data(), text.size(), nullptr, 8, &raw);
    const std::unique_ptr<aclppReport, ReportDeleter> report(raw);
    if (rc != ACL_SUCCESS || report == nullptr) return "call failed: " + std::to_string(rc);
    if (aclppReportResult(report.get()) != ACL_SUCCESS) {
        return "rejected: " + std::string(aclppReportJson(report.get()));
    }
    return aclppReportEffectiveJson(report.get());
}

}  // namespace

TEST_CASE(
    "C-4 every conformance config the runtime accepts reads into the typed config and back to the same effective "
    "config",
    "[config][from_json]") {
    std::string problem;
    const std::string dir = aclpp::test::conformanceFixtureDir(problem);
    INFO(problem);
    REQUIRE_FALSE(dir.empty());
    const std::vector<std::string> files = accepted_fixtures(dir);
    REQUIRE(files.size() >= 40);  // expected.tsv had 40 such rows when this test was written

    // Relative dump paths resolve from the current directory, as for aclInit in the runner.
    const std::filesystem::path previous = std::filesystem::current_path();
    std::filesystem::current_path(dir);
    for (const std::string &file : files) {
        CAPTURE(file);
        const std::string text = read_file(std::filesystem::path(dir) / file);
        const std::string before = effective_json(text);
        REQUIRE(before.rfind("rejected", 0) != 0);

        std::error_code ec;
        std::vector<acl::Finding> findings;
        const std::optional<acl::Config> config = acl::Config::from_json(text, ec, &findings);
        std::string messages;
        for (const acl::Finding &finding : findings) messages += finding.pointer + ": " + finding.message + "\n";
        CAPTURE(messages);
        REQUIRE(config.has_value());

        const std::string written = config->to_json();
        CAPTURE(written);
        CHECK(effective_json(written) == before);
    }
    std::filesystem::current_path(previous);
}
