// C-6: an acl::ScopedInit with static storage duration, filled in main, finalizes safely when
// its destructor runs during exit. A second, function-local static holds a joined
// reference, so the two destructors run in the reverse of their construction.
#include <acl/scoped_init.hpp>

#include "exit_common.hpp"

using namespace aclpp::exit_test;

namespace {

// Constructed before owner, so destroyed after it: checks the end state.
struct AfterCheck {
    ~AfterCheck() {
        expectReleased("ScopedInit: the runtime is still initialised after both destructors");
        say("both static ScopedInit destructors released the runtime");
    }
};
AfterCheck afterCheck;

acl::ScopedInit owner{nullptr};

acl::ScopedInit &joined() {
    static acl::ScopedInit instance;  // aclInit(nullptr) at first use: joins owner's runtime
    return instance;
}

}  // namespace

int main() {
    static char marker[] = "finalize callback ran during exit";
    expect(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, sayOnFinalize, marker) == ACL_SUCCESS,
           "aclFinalizeCallbackRegister");
    std::error_code ec;
    owner = acl::ScopedInit::create(ec);
    expect(!ec && owner.is_owner(), "ScopedInit::create", ec.value());
    expect(joined().joined(), "the function-local ScopedInit did not join");
    expect(lifecycleState().refCount == 2, "count after two ScopedInit",
           static_cast<long long>(lifecycleState().refCount));
    say("main returns with two static ScopedInit");
    return 0;
}
