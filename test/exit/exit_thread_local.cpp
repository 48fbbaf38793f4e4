// thread_local objects whose destructors call aclGetRecentErrMsg and aclFinalizeReference,
// on a worker thread (destroyed at thread exit) and on the main thread (destroyed by exit()).
// The error text a thread left before must still be readable in its thread_local destructor.
#include <thread>

#include "exit_common.hpp"

using namespace aclpp::exit_test;

namespace {

struct ThreadRuntime {
    const char *name = nullptr;
    bool held = false;
    bool lastReference = false;
    ~ThreadRuntime() {
        if (name == nullptr) return;  // constructed but never used on this thread
        const char *text = aclGetRecentErrMsg();
        expect(text != nullptr && std::strstr(text, "107001") != nullptr,
               "thread_local destructor: the error text left by aclrtSetDevice(99) is gone");
        expect(aclGetRecentErrMsg() == nullptr, "thread_local destructor: the text was not cleared (L-9)");
        expect(held, "thread_local destructor: no reference held");
        uint64_t left = 99;
        const aclError code = aclFinalizeReference(&left);
        expect(code == ACL_SUCCESS, "thread_local destructor: aclFinalizeReference", code);
        if (lastReference) {
            expect(left == 0, "thread_local destructor: count after the last release", static_cast<long long>(left));
            expectReleased("thread_local destructor: runtime still initialised");
        }
        say(name);
    }
};

thread_local ThreadRuntime runtime;

void use(const char *name, bool lastReference) {
    runtime.name = name;
    runtime.lastReference = lastReference;
    const aclError code = aclInit(nullptr);
    expect(code == ACL_SUCCESS || code == ACL_ERROR_REPEAT_INITIALIZE, "aclInit", code);
    (void)aclGetRecentErrMsg();
    runtime.held = true;
    expect(aclrtSetDevice(99) == ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice(99)");  // leaves error text
}

}  // namespace

int main() {
    use("main thread_local destructor released the last reference", true);
    std::thread worker([] { use("worker thread_local destructor released its reference", false); });
    worker.join();
    expect(lifecycleState().refCount == 1, "count after the worker exited",
           static_cast<long long>(lifecycleState().refCount));
    say("main returns");
    return 0;
}
