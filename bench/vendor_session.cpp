// Over the vendor runtime (B-3), on the stand-in toolkit (B-4): a Session from a typed config
// (to_json, the private file, aclInit on it, the observers, aclFinalizeReference, the file
// removed) against a plain aclInit(file) + aclFinalize of the same bytes from a file written
// once. bench/run builds it in build-bench-cann and runs it with the stand-in on LD_LIBRARY_PATH.
#include <acl/acl.hpp>
#include <acl/config.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include <benchmark/benchmark.h>

namespace {

const acl::Config &typedConfig() {
    static const acl::Config config = [] {
        acl::Config c;
        c.err_msg_mode = acl::ErrMsgMode::process;
        c.max_opqueue_num = 4096u;
        c.default_device = 0;
        return c;
    }();
    return config;
}

// Baseline: what a program without aclpp does with the same config, from a file it wrote once.
void BM_Baseline_RawInitFileFinalize(benchmark::State &state) {
    const std::string path = "vendor_session_config.json";
    {
        std::FILE *file = std::fopen(path.c_str(), "wb");
        const std::string bytes = typedConfig().to_json();
        if (file == nullptr || std::fwrite(bytes.data(), 1, bytes.size(), file) != bytes.size()) {
            state.SkipWithError("cannot write the config file");
            if (file != nullptr) std::fclose(file);
            return;
        }
        std::fclose(file);
    }
    for (auto _ : state) {
        if (aclInit(path.c_str()) != ACL_SUCCESS || aclFinalize() != ACL_SUCCESS) {
            state.SkipWithError("aclInit(file) or aclFinalize failed");
            return;
        }
    }
    std::remove(path.c_str());
}

// Proposed baseline: what a program without aclpp must do with a config it holds in memory, as
// the Session does: write it to a new file (in the same memory-backed folder), aclInit it,
// aclFinalize, remove the file. The file is the vendor's one way in (it has no init from memory).
void BM_Baseline_WriteFileInitFinalize(benchmark::State &state) {
    const std::string path = "/dev/shm/aclpp-bench-" + std::to_string(::getpid()) + ".json";
    const std::string bytes = typedConfig().to_json();
    for (auto _ : state) {
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        const bool written = fd >= 0 && ::write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size());
        if (fd >= 0) ::close(fd);
        const bool ok = written && aclInit(path.c_str()) == ACL_SUCCESS && aclFinalize() == ACL_SUCCESS;
        ::unlink(path.c_str());
        if (!ok) {
            state.SkipWithError("write, aclInit(file) or aclFinalize failed");
            return;
        }
    }
}

void BM_Vendor_SessionTypedConfig(benchmark::State &state) {
    for (auto _ : state) {
        std::error_code ec;
        acl::Session session = acl::Session::create(typedConfig(), ec);
        if (ec || !session.is_owner()) {
            state.SkipWithError("the Session did not initialise the runtime");
            return;
        }
    }
}

BENCHMARK(BM_Baseline_RawInitFileFinalize)->UseRealTime();
BENCHMARK(BM_Baseline_WriteFileInitFinalize)->UseRealTime();
BENCHMARK(BM_Vendor_SessionTypedConfig)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
