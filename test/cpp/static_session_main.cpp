// C-6: a Session with static storage duration finalizes safely at exit (fresh process).
// The checker registers its atexit handler before the Session exists, so the handler runs after
// the Session's destructor and can see that the runtime was finalised and the finalize callback
// (a static token as well) ran. On the compact runtime (ACLPP_SOC=IPV350) there are no callbacks
// (P-3): the token is empty and nothing is expected of it.
#include <acl/config.hpp>
#include <acl/session.hpp>

#include <unistd.h>
#include <cstdio>
#include <cstdlib>

namespace {

bool g_finalize_callback_ran = false;
const bool g_compact = aclppGetLifecycleKind() == ACLPP_LIFECYCLE_COMPACT;

void verify_after_static_destruction() {
    aclppLifecycleState state{};
    const bool read = aclppGetLifecycleState(&state) == ACL_SUCCESS;
    // Over the vendor runtime the "already finalised" flag and the callback count are unknown (B-3).
    const bool known = state.refCountIsTotal != 0;
    const bool ok = read && state.refCount == 0 && state.initialized == 0 && (!known || state.finalized == 1) &&
                    g_finalize_callback_ran != g_compact && (!known || aclppRegisteredCallbackCount() == 0);
    std::printf(
        "C-6 static Session at exit: refCount=%llu initialized=%d finalized=%d callback=%d callbacks left=%zu: %s\n",
        static_cast<unsigned long long>(state.refCount), state.initialized, state.finalized,
        g_finalize_callback_ran ? 1 : 0, aclppRegisteredCallbackCount(), ok ? "ok" : "FAILED");
    std::fflush(stdout);
    if (!ok) _exit(1);
}

struct Checker {
    Checker() { std::atexit(&verify_after_static_destruction); }
} g_checker;

acl::FinalizeCallback g_on_finalize =
    g_compact ? acl::FinalizeCallback(nullptr)
              : acl::FinalizeCallback{acl::CallbackType::other, [] { g_finalize_callback_ran = true; }};
acl::Session g_session{acl::Config{.err_msg_mode = acl::ErrMsgMode::process}};

}  // namespace

int main() {
    if (!g_session.is_owner()) {
        std::puts("the static Session did not initialise the runtime");
        return 1;
    }
    std::puts("static Session initialised; returning from main");
    return 0;
}
