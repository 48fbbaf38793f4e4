// C-6, A-3: a namespace-scope object whose destructor gives back the reference main took.
// The destructor runs during exit(), after main returned; the runtime's own state must still be
// usable then, the teardown must run the finalize callbacks, and nothing may reach stderr.
#include "exit_common.hpp"

using namespace aclpp::exit_test;

namespace {

struct RuntimeHolder {
    bool held = false;
    RuntimeHolder() = default;
    RuntimeHolder(const RuntimeHolder &) = delete;
    RuntimeHolder &operator=(const RuntimeHolder &) = delete;
    ~RuntimeHolder() {
        if (!held) die("static holder: main never took the reference");
        uint64_t left = 99;
        const aclError code = aclFinalizeReference(&left);
        expect(code == ACL_SUCCESS, "static holder: aclFinalizeReference", code);
        expect(left == 0, "static holder: count after release", static_cast<long long>(left));
        expectReleased("static holder: runtime still initialised");
        expect(aclGetRecentErrMsg() == nullptr, "static holder: unexpected error text");
        say("static holder released the runtime");
    }
};

RuntimeHolder holder;

}  // namespace

int main() {
    static char marker[] = "finalize callback ran during exit";
    expect(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, sayOnFinalize, marker) == ACL_SUCCESS,
           "aclFinalizeCallbackRegister");
    const aclError code = aclInit(nullptr);
    expect(code == ACL_SUCCESS, "aclInit", code);
    expect(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");  // finalize resets it (E-2)
    holder.held = true;
    say("main returns holding the runtime");
    return 0;
}
