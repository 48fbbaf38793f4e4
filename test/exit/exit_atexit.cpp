// an atexit handler that finalizes. It is registered before the first call into the
// runtime, so it runs after anything the runtime could have registered for exit itself: the
// runtime's state must outlive every exit handler.
#include <cstdlib>

#include "exit_common.hpp"

using namespace aclpp::exit_test;

namespace {

bool initialised = false;

void finalizeAtExit() {
    expect(initialised, "atexit: main never initialised");
    const aclError code = aclFinalize();
    expect(code == ACL_SUCCESS, "atexit: aclFinalize", code);
    expectReleased("atexit: runtime still initialised");
    expect(lifecycleState().finalized == 1, "atexit: finalized flag");
    // L-1: a repeat gives 100037, and the error text is still reachable.
    const aclError again = aclFinalize();
    expect(again == ACL_ERROR_REPEAT_FINALIZE, "atexit: second aclFinalize", again);
    (void)aclGetRecentErrMsg();
    say("atexit handler finalized the runtime");
}

}  // namespace

int main() {
    expect(std::atexit(finalizeAtExit) == 0, "atexit");
    static char marker[] = "finalize callback ran in the atexit handler";
    expect(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, sayOnFinalize, marker) == ACL_SUCCESS,
           "aclFinalizeCallbackRegister");
    // Two references: aclFinalize tears down whatever the count (L-1).
    expect(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    expect(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE, "second aclInit");
    (void)aclGetRecentErrMsg();
    initialised = true;
    say("main returns with two references");
    return 0;
}
