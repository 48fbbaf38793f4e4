// C-6: an acl::ScopedInit and an acl::Session with static storage duration, filled in main,
// finalize safely when their destructors run during exit. A function-local static
// ScopedInit holds one more joined reference; the destructors run in the reverse of their
// construction and the last one tears the runtime down.
#include <acl/config.hpp>
#include <acl/scoped_init.hpp>
#include <acl/session.hpp>

#include "exit_common.hpp"

using namespace aclpp::exit_test;

namespace {

// Constructed before owner, so destroyed after it: checks the end state.
struct AfterCheck {
    ~AfterCheck() {
        expectReleased("ScopedInit: the runtime is still initialised after both destructors");
        say("the static ScopedInit and Session destructors released the runtime");
    }
};
AfterCheck afterCheck;

acl::ScopedInit owner{nullptr};
acl::Session session{nullptr};

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
    session = acl::Session::create(acl::Config{}, ec, acl::JoinPolicy::ignore);
    expect(!ec && session.joined(), "Session::create did not join", ec.value());
    expect(joined().joined(), "the function-local ScopedInit did not join");
    expect(lifecycleState().refCount == 3, "count after two ScopedInit and a Session",
           static_cast<long long>(lifecycleState().refCount));
    say("main returns with two static ScopedInit and a static Session");
    return 0;
}
