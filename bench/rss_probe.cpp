// Target 6: the resident memory an initialised runtime adds while it holds the 1 MiB config.
//
// The caller's copy of the config is allocated (and touched) before the first reading, so the
// difference counts the config bytes once: the runtime's own copy, which the target includes.
// Prints one JSON object on stdout (bench/report.py reads it).
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "bench_config.hpp"

namespace {

struct Memory {
    int64_t resident = 0;   // /proc/self/statm resident pages, in bytes (anonymous and file-backed)
    int64_t anonymous = 0;  // RssAnon of /proc/self/status: heap and mmap'd memory, no code pages
    int64_t peak = 0;       // VmHWM: the high-water mark of the resident set
};

int64_t statusKiB(const std::string &status, const char *key) {
    const std::size_t at = status.find(key);
    if (at == std::string::npos) return -1;
    return std::strtoll(status.c_str() + at + std::strlen(key), nullptr, 10);
}

Memory readMemory() {
    Memory memory;
    std::ifstream statm("/proc/self/statm");
    int64_t size = 0;
    int64_t resident = 0;
    statm >> size >> resident;
    memory.resident = resident * ::sysconf(_SC_PAGESIZE);
    std::ifstream statusFile("/proc/self/status");
    std::stringstream text;
    text << statusFile.rdbuf();
    const std::string status = text.str();
    memory.anonymous = statusKiB(status, "RssAnon:") * 1024;
    memory.peak = statusKiB(status, "VmHWM:") * 1024;
    return memory;
}

}  // namespace

int main() {
    std::string config = aclpp_bench::makeDumpListConfig();
    const std::size_t configBytes = config.size();

    const Memory before = readMemory();
    const aclError code = aclppInitFromBuffer(config.data(), config.size());
    const Memory initialised = readMemory();
    if (code != ACL_SUCCESS) {
        const char *message = aclGetRecentErrMsg();
        std::fprintf(stderr, "aclppInitFromBuffer failed with %d: %s\n", code, message != nullptr ? message : "");
        return 1;
    }
    // The caller may drop its copy: the runtime keeps its own.
    std::string().swap(config);
    const Memory callerFreed = readMemory();
    const aclError fini = aclFinalize();
    const Memory finalized = readMemory();
    if (fini != ACL_SUCCESS) return 1;

    std::printf(
        "{\n"
        "  \"config_bytes\": %zu,\n"
        "  \"resident_added_bytes\": %lld,\n"
        "  \"anonymous_added_bytes\": %lld,\n"
        "  \"peak_added_bytes\": %lld,\n"
        "  \"resident_after_caller_free_bytes\": %lld,\n"
        "  \"resident_after_finalize_bytes\": %lld\n"
        "}\n",
        configBytes, static_cast<long long>(initialised.resident - before.resident),
        static_cast<long long>(initialised.anonymous - before.anonymous),
        static_cast<long long>(initialised.peak - before.peak),
        static_cast<long long>(callerFreed.resident - before.resident),
        static_cast<long long>(finalized.resident - before.resident));
    return 0;
}
