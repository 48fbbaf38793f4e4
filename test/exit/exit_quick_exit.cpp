// quick_exit runs only at_quick_exit handlers; one finalizes the runtime. Static
// destructors must not run (a static object here fails the test if its destructor runs).
#include <cstdlib>

#include "exit_common.hpp"

using namespace aclpp::exit_test;

namespace {

struct MustNotBeDestroyed {
    MustNotBeDestroyed() = default;
    MustNotBeDestroyed(const MustNotBeDestroyed &) = delete;
    MustNotBeDestroyed &operator=(const MustNotBeDestroyed &) = delete;
    ~MustNotBeDestroyed() { die("a static destructor ran under quick_exit"); }
};
MustNotBeDestroyed mustNotBeDestroyed;

void finalizeAtQuickExit() {
    uint64_t left = 99;
    const aclError code = aclFinalizeReference(&left);
    expect(code == ACL_SUCCESS && left == 0, "at_quick_exit: aclFinalizeReference", code);
    expectReleased("at_quick_exit: runtime still initialised");
    expect(aclGetRecentErrMsg() == nullptr, "at_quick_exit: unexpected error text");
    say("at_quick_exit handler released the runtime");
}

}  // namespace

int main() {
    static char marker[] = "finalize callback ran in the at_quick_exit handler";
    expect(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, sayOnFinalize, marker) == ACL_SUCCESS,
           "aclFinalizeCallbackRegister");
    expect(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    expect(std::at_quick_exit(finalizeAtQuickExit) == 0, "at_quick_exit");
    say("main calls quick_exit");
    std::quick_exit(0);
}
