// libFuzzer target: arbitrary bytes as the acl.json given to acl-config, through the code behind
// each of its outputs (check as text, coloured, json, sarif and github; explain, fmt and fmt --check).
//
// Checks (K-8): every output is valid UTF-8 and every JSON output parses; a command either
// returns one of the documented exit statuses or throws a UsageError whose text is valid UTF-8;
// a file fmt lays out validates exactly as the original (the same result and effective
// configuration: fmt changes only whitespace); and, as for validation, the lifecycle state does
// not move and the recent error texts are valid UTF-8.
#include <unistd.h>

#include <cstdio>
#include <exception>
#include <sstream>
#include <string>

#include "commands.hpp"
#include "fuzz_common.hpp"

using namespace aclpp::fuzz;
using namespace aclconfig;

namespace {

const Style kPlain(false);
const Style kColoured(true);

using Command = int (*)(const std::string &file, std::ostream &out);

struct Output {
    const char *name;
    bool isJson;
    Command run;
};

CheckOptions checkOf(const std::string &file, const char *format = "text") {
    CheckOptions options;
    options.files = {file};
    options.format = format;
    return options;
}

// One row per output format: a new format of `check` is one more row.
const Output kOutputs[] = {
    {"check", false, [](const std::string &f, std::ostream &out) { return runCheck(checkOf(f), kPlain, out); }},
    {"check --color always", false,
     [](const std::string &f, std::ostream &out) { return runCheck(checkOf(f), kColoured, out); }},
    {"check --format=json", true,
     [](const std::string &f, std::ostream &out) { return runCheck(checkOf(f, "json"), kPlain, out); }},
    {"check --format=sarif", true,
     [](const std::string &f, std::ostream &out) { return runCheck(checkOf(f, "sarif"), kPlain, out); }},
    {"check --format=github", false,
     [](const std::string &f, std::ostream &out) { return runCheck(checkOf(f, "github"), kPlain, out); }},
    {"explain", false,
     [](const std::string &f, std::ostream &out) {
         return runExplain(ExplainOptions{.file = f, .soc = {}, .devices = 0, .cann = {}}, kPlain, out);
     }},
    {"fmt", false,
     [](const std::string &f, std::ostream &out) {
         return runFmt({f, false, false}, kPlain, out);
     }},
    {"fmt --check", false,
     [](const std::string &f, std::ostream &out) {
         return runFmt({f, true, false}, kPlain, out);
     }},
};

std::string configPath;

void removeConfig() {
    if (!configPath.empty()) std::remove(configPath.c_str());
}

void writeConfig(const uint8_t *data, size_t size) {
    std::FILE *file = std::fopen(configPath.c_str(), "wb");
    ACLPP_FUZZ_CHECK(file != nullptr, "cannot write %s", configPath.c_str());
    ACLPP_FUZZ_CHECK(size == 0 || std::fwrite(data, 1, size, file) == size, "short write to %s", configPath.c_str());
    ACLPP_FUZZ_CHECK(std::fclose(file) == 0, "cannot close %s", configPath.c_str());
}

struct Ran {
    int status = -1;
    std::string text;
};

Ran runOutput(const Output &output) {
    std::ostringstream out;
    Ran ran;
    try {
        ran.status = output.run(configPath, out);
        ACLPP_FUZZ_CHECK(ran.status == kExitOk || ran.status == kExitFindings || ran.status == kExitUsage,
                         "%s exited with %d", output.name, ran.status);
    } catch (const UsageError &error) {
        checkUtf8(error.what(), output.name);
        ran.status = kExitUsage;
    }
    ran.text = out.str();
    checkUtf8(ran.text, output.name);
    if (output.isJson) checkJson(ran.text, output.name);
    return ran;
}

// fmt changes only whitespace: the runtime reads its output as it read the original.
void checkFormatted(const uint8_t *data, size_t size, const std::string &formatted) {
    const ReportSummary original = validateAndCheck(reinterpret_cast<const char *>(data), size, nullptr);
    const ReportSummary again = validateAndCheck(formatted.data(), formatted.size(), nullptr);
    ACLPP_FUZZ_CHECK(again.result == original.result && again.effectiveJson == original.effectiveJson,
                     "the file validates with %d, its fmt output with %d:\n%.400s", original.result, again.result,
                     formatted.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    const char *tmp = std::getenv("TMPDIR");
    configPath = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/aclpp-fuzz-acl-config-" +
                 std::to_string(::getpid()) + ".json";
    std::atexit(removeConfig);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    writeConfig(data, size);
    const aclppLifecycleState before = lifecycleState();
    for (const Output &output : kOutputs) {
        const Ran ran = runOutput(output);
        if (std::string_view(output.name) == "fmt" && ran.status == kExitOk) checkFormatted(data, size, ran.text);
    }
    const aclppLifecycleState after = lifecycleState();
    ACLPP_FUZZ_CHECK(after.refCount == before.refCount && after.epoch == before.epoch &&
                         after.identityRemembered == before.identityRemembered && after.finalized == before.finalized,
                     "acl-config changed the lifecycle state");
    drainRecentErrors();
    return 0;
}
