// B-9 over the vendor runtime: the CANN version aclpp detects on the loaded libascendcl.so, and the
// rules a validation without a version applies. Prints what it found, one `key=value` a line, for
// test/backend/runtime_cann_version.py, which runs it over temporary toolkits. With a path
// argument it rewrites that version.info between two calls: the second must give the first's
// answer (detected once per process).
#include <acl/aclpp_ext.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace {

std::string reportMember(const aclppReport *report, const std::string &key) {
    const std::string json = aclppReportJson(report);
    const std::string marker = "\"" + key + "\":\"";
    const std::size_t at = json.find(marker);
    if (at == std::string::npos) return "?";
    const std::size_t start = at + marker.size();
    return json.substr(start, json.find('"', start) - start);
}

}  // namespace

int main(int argc, char **argv) {
    aclppRuntimeCannVersion first{};
    const aclError code = aclppGetRuntimeCannVersion(&first);
    std::printf("code=%d\nversion=%s\nrules=%s\nsource=%d\ntoolkit=%s\n", static_cast<int>(code), first.version,
                first.rules, static_cast<int>(first.source), first.toolkit);
    if (argc > 1) {
        std::ofstream(argv[1]) << "Version=9.2.0\n";
        aclppRuntimeCannVersion again{};
        static_cast<void>(aclppGetRuntimeCannVersion(&again));
        std::printf("again=%s\n", std::string(again.version) == first.version ? "same" : again.version);
    }
    static constexpr char kEmptyDump[] = R"({"dump":{}})";
    aclppReport *report = nullptr;
    const aclError result = aclppValidateBuffer(kEmptyDump, sizeof kEmptyDump - 1, nullptr, &report);
    std::printf("empty_dump=%d\napplied=%s\n", static_cast<int>(result),
                report ? reportMember(report, "cann_version").c_str() : "");
    aclppReportFree(report);
    report = nullptr;
    const aclError given = aclppValidateBufferForCann(kEmptyDump, sizeof kEmptyDump - 1, nullptr, 0, "9.2.0", &report);
    std::printf("empty_dump_given_9.2.0=%d\n", static_cast<int>(given));
    aclppReportFree(report);
    return 0;
}
