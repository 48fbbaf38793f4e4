// Where the project's test fixtures are: `meson test` sets ACLPP_FIXTURE_DIR to
// <source>/test/fixtures (test/meson.build). A test that needs them fails without them: a
// skipped conformance check would pass silently in a clone that lost the files.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace aclpp::test {

/// test/fixtures, or "" with `problem` saying why it cannot be used.
[[nodiscard]] inline std::string fixtureRoot(std::string &problem) {
    const char *root = std::getenv("ACLPP_FIXTURE_DIR");
    if (root == nullptr || *root == '\0') {
        problem =
            "ACLPP_FIXTURE_DIR is not set; run the test through meson test, which sets it to "
            "<source>/test/fixtures";
        return {};
    }
    return root;
}

/// test/fixtures/conformance (its README says what is there), or "" with `problem` saying
/// why it cannot be used.
[[nodiscard]] inline std::string conformanceFixtureDir(std::string &problem) {
    const std::string root = fixtureRoot(problem);
    if (root.empty()) return {};
    const std::string dir = root + "/conformance";
    if (!std::filesystem::is_regular_file(dir + "/expected.tsv")) {
        problem = dir + "/expected.tsv is missing; ACLPP_FIXTURE_DIR must name the project's test/fixtures";
        return {};
    }
    return dir;
}

}  // namespace aclpp::test
