// The malloc-failure sweep (A-3, L-2): for one operation, count the allocations it makes (N),
// then for k = 1..N run it again with allocation k failing, once alone and once with every later
// allocation failing too (memory that stays exhausted). Each run is a child process of its own,
// so the operation is always the first of its kind in the process (the first aclInit creates
// what later ones reuse). Every run must end with a code (the operation's own result or
// 200000), without an abort and within a time limit, with the lifecycle state as the code says
// (count, busy bit clear), a following init and finalize that succeed, and every init callback
// paired with its finalize callback (L-2).
//
//   malloc_sweep <operation> <work directory> [k [every-later]]
//   (with k: that one run only, to look at it in a debugger)
//   operations: init-file, init-buffer, init-rejected (rolls back), finalize, validate-file,
//   validate-buffer
//
// Prints "<operation>: N allocation points" and exits 0, or names the first failing run.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "failing_malloc.h"

namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

constexpr int kSkipped = 77;            // meson's "skipped"
constexpr unsigned kChildSeconds = 20;  // a run that takes longer hangs

// A config that goes through many steps: a known key of each kind, an unknown key (a warning
// with a did-you-mean hint), nested containers.
constexpr const char *kValidConfig =
    R"({"err_msg_mode":"0","max_opqueue_num":"1000","acl_graph":{"event_mode":"0"},)"
    R"("dump":{"dump_scene":"lite_exception"},"profiler":{"switch":"off"},"dumq":[1,{"a":[2]}]})";
// Valid JSON that the dump step rejects, after the MODEL init callbacks ran: the rollback must
// run their finalize callbacks (L-2).
constexpr const char *kRejectedConfig = R"({"dump":{"dump_mode":"sideways","dump_path":"/tmp","dump_list":[]}})";

int modelInits = 0;
int modelFinalizes = 0;

aclError onModelInit(const char *, size_t, void *) {
    ++modelInits;
    return ACL_SUCCESS;
}

aclError onModelFinalize(void *) {
    ++modelFinalizes;
    return ACL_SUCCESS;
}

struct Operation {
    const char *name;
    const char *config;
    bool rejects;  // the operation's own result is an error code
};

constexpr Operation kOperations[] = {
    {"init-file", kValidConfig, false},       {"init-buffer", kValidConfig, false},
    {"init-rejected", kRejectedConfig, true}, {"finalize", kValidConfig, false},
    {"validate-file", kValidConfig, false},   {"validate-buffer", kValidConfig, false},
};

[[noreturn]] void fail(const char *what, long long value = 0) {
    std::fprintf(stderr, "FAILED: %s (%lld)\n", what, value);
    std::fflush(stderr);
    _exit(1);
}

aclppLifecycleState lifecycle() {
    aclppLifecycleState state{};
    if (aclppGetLifecycleState(&state) != ACL_SUCCESS) fail("aclppGetLifecycleState");
    return state;
}

aclError validate(bool fromFile, const std::string &path, const std::string &text) {
    aclppReport *report = nullptr;
    const aclError code = fromFile ? aclppValidateFile(path.c_str(), nullptr, &report)
                                   : aclppValidateBuffer(text.data(), text.size(), nullptr, &report);
    if (report != nullptr) {
        (void)aclppReportJson(report);
        aclppReportFree(report);
    }
    return code;
}

// One run in a fresh child: the operation with allocation `k` failing (0: none), returning the
// operation's code through `code` and the allocations it made through `allocations`.
void runOperation(const Operation &op, const std::string &path, long k, bool andEveryLater, aclError &code,
                  long &allocations) {
    const std::string name = op.name;
    const std::string text = op.config;
    if (aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, onModelInit, nullptr) != ACL_SUCCESS ||
        aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_MODEL, onModelFinalize, nullptr) != ACL_SUCCESS) {
        fail("registering the callbacks");
    }
    if (name == "finalize" && aclInit(path.c_str()) != ACL_SUCCESS) fail("aclInit before the finalize");

    failingMallocArm(k, andEveryLater ? 1 : 0);
    if (name == "init-file" || name == "init-rejected") {
        code = aclInit(path.c_str());
    } else if (name == "init-buffer") {
        code = aclppInitFromBuffer(text.data(), text.size());
    } else if (name == "finalize") {
        code = aclFinalize();
    } else {
        code = validate(name == "validate-file", path, text);
    }
    allocations = failingMallocDisarm();
}

// The checks after the operation, in the child.
void checkAfter(const Operation &op, const std::string &validPath, aclError expected, aclError code) {
    const std::string name = op.name;
    if (code != expected && code != ACL_ERROR_BAD_ALLOC) fail("unexpected code", code);
    const aclppLifecycleState state = lifecycle();
    if (state.transitionInProgress != 0) fail("the busy bit is still set");
    const bool initialised =
        name == "finalize" ? code != ACL_SUCCESS : (name.rfind("init", 0) == 0 && code == ACL_SUCCESS);
    if (state.refCount != (initialised ? 1u : 0u)) fail("reference count", static_cast<long long>(state.refCount));
    if (code == ACL_ERROR_BAD_ALLOC) {
        const char *message = aclGetRecentErrMsg();
        if (message != nullptr && std::strstr(message, "200000") == nullptr &&
            std::strstr(message, "out of memory") == nullptr) {
            std::fprintf(stderr, "message: %s\n", message);
            fail("the message of a 200000 does not say so");
        }
    }
    // The runtime is usable: one more init joins or starts it, a finalize tears it down.
    const aclError again = aclInit(validPath.c_str());
    if (again != ACL_SUCCESS && again != ACL_ERROR_REPEAT_INITIALIZE) fail("the following aclInit", again);
    if (aclFinalize() != ACL_SUCCESS) fail("the following aclFinalize");
    if (lifecycle().refCount != 0) fail("count after the following aclFinalize");
    if (modelInits != modelFinalizes)
        fail("MODEL init and finalize callbacks are not paired", modelInits - modelFinalizes);
}

// The valid config beside the operation's own, for the init that follows the operation.
std::string validPath(const std::string &path) {
    return path.substr(0, path.rfind('/')) + "/valid.json";
}

struct RunResult {
    bool ok = false;
    long allocations = 0;
    aclError code = ACL_SUCCESS;
    std::string why;
};

// Forks a child for one run and collects what it reports through a pipe.
RunResult runChild(const Operation &op, const std::string &path, long k, bool andEveryLater, aclError expected) {
    int fds[2];
    if (::pipe(fds) != 0) {
        std::perror("pipe");
        std::exit(2);
    }
    const pid_t child = ::fork();
    if (child < 0) {
        std::perror("fork");
        std::exit(2);
    }
    if (child == 0) {
        ::close(fds[0]);
        ::alarm(kChildSeconds);  // SIGALRM ends a hung run
        aclError code = ACL_SUCCESS;
        long allocations = 0;
        runOperation(op, path, k, andEveryLater, code, allocations);
        const long report[2] = {allocations, static_cast<long>(code)};
        if (::write(fds[1], report, sizeof report) != static_cast<ssize_t>(sizeof report)) _exit(3);
        if (k != 0) checkAfter(op, validPath(path), expected, code);
        _exit(0);
    }
    ::close(fds[1]);
    long report[2] = {-1, -1};
    const bool reported = ::read(fds[0], report, sizeof report) == static_cast<ssize_t>(sizeof report);
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    RunResult result;
    result.allocations = report[0];
    result.code = static_cast<aclError>(report[1]);
    if (WIFSIGNALED(status)) {
        result.why = WTERMSIG(status) == SIGALRM ? "hung (no answer within the time limit)"
                                                 : std::string("killed by signal ") + std::to_string(WTERMSIG(status));
    } else if (!reported) {
        result.why = "ended before the operation returned";
    } else if (WEXITSTATUS(status) != 0) {
        result.why = "a check failed (see above)";
    } else {
        result.ok = true;
    }
    return result;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 3 || argc > 5) {
        std::fprintf(stderr, "usage: malloc_sweep <operation> <work directory> [k [every-later]]\n");
        return 2;
    }
    if (kSanitized) {
        // The sanitizers' allocators replace malloc themselves; a second replacement in the
        // program would not see their allocations or would fight them.
        std::printf("skipped: a sanitizer build replaces malloc, which this sweep must replace itself\n");
        return kSkipped;
    }
    const Operation *op = nullptr;
    for (const Operation &candidate : kOperations) {
        if (std::strcmp(candidate.name, argv[1]) == 0) op = &candidate;
    }
    if (op == nullptr) {
        std::fprintf(stderr, "unknown operation %s\n", argv[1]);
        return 2;
    }
    const std::string path = std::string(argv[2]) + "/" + op->name + ".json";
    std::ofstream(path, std::ios::binary) << op->config;
    std::ofstream(validPath(path), std::ios::binary) << kValidConfig;

    if (argc >= 4) {
        const RunResult run = runChild(*op, path, std::atol(argv[3]), argc == 5, ACL_SUCCESS);
        std::printf("%s: code %d, %s\n", op->name, run.code, run.ok ? "ok" : run.why.c_str());
        return run.ok ? 0 : 1;
    }
    // The count: the operation without failures; its code is the one every run must give
    // unless it runs out of memory.
    const RunResult count = runChild(*op, path, 0, false, ACL_SUCCESS);
    if (!count.ok || count.allocations <= 0) {
        std::fprintf(stderr, "%s: the run without failures did not complete: %s\n", op->name, count.why.c_str());
        return 1;
    }
    if ((count.code != ACL_SUCCESS) != op->rejects) {
        std::fprintf(stderr, "%s: the run without failures gave %d\n", op->name, count.code);
        return 1;
    }
    int failures = 0;
    long outOfMemory = 0;
    for (long k = 1; k <= count.allocations; ++k) {
        for (const bool andEveryLater : {false, true}) {
            const RunResult run = runChild(*op, path, k, andEveryLater, count.code);
            if (run.ok) {
                outOfMemory += run.code == ACL_ERROR_BAD_ALLOC ? 1 : 0;
                continue;
            }
            std::printf("FAIL %s: allocation %ld%s failing: %s\n", op->name, k,
                        andEveryLater ? " and every later one" : "", run.why.c_str());
            ++failures;
        }
    }
    std::printf("%s: %ld allocation points; %ld runs answered 200000, %d failed\n", op->name, count.allocations,
                outOfMemory, failures);
    return failures == 0 ? 0 : 1;
}
