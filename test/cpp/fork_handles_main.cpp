// L-10 / C-6: handles created before fork() do nothing when destroyed in the child; the parent
// keeps its runtime (fresh process).
#include <acl/config.hpp>
#include <acl/session.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <optional>
#include <utility>

namespace {

int g_handler_calls = 0;
void count_finalize_errors(const acl::FinalizeError &) noexcept {
    ++g_handler_calls;
}

aclppLifecycleState state() {
    aclppLifecycleState s{};
    aclppGetLifecycleState(&s);
    return s;
}

int child(std::optional<acl::Session> &session, std::optional<acl::Device> &device,
          std::optional<acl::FinalizeCallback> &token) {
    const aclppLifecycleState before = state();
    std::printf("child: forkedChild=%d refCount=%llu\n", before.forkedChild,
                static_cast<unsigned long long>(before.refCount));
    token.reset();
    device.reset();
    session.reset();
    const aclppLifecycleState after = state();
    bool ok = g_handler_calls == 0 && after.refCount == before.refCount;
    // The child may start its own runtime.
    std::error_code ec;
    {
        acl::ScopedInit own = acl::ScopedInit::create(ec);
        ok = ok && !ec && own.is_owner();
    }
    ok = ok && state().refCount == 0;
    std::printf("child: handler calls=%d, own init %s: %s\n", g_handler_calls, ec ? ec.message().c_str() : "ok",
                ok ? "ok" : "FAILED");
    std::fflush(stdout);
    return ok ? 0 : 1;
}

}  // namespace

int main() {
    acl::set_finalize_error_handler(&count_finalize_errors);
    std::optional<acl::Session> session;
    session.emplace(acl::Config{.err_msg_mode = acl::ErrMsgMode::process});
    std::optional<acl::Device> device;
    device.emplace(session->set_device(0));
    int finalize_calls = 0;
    std::optional<acl::FinalizeCallback> token;
    token.emplace(acl::CallbackType::other, [&finalize_calls] { ++finalize_calls; });

    const pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) _exit(child(session, device, token));

    int status = 0;
    waitpid(pid, &status, 0);
    const bool child_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    const aclppLifecycleState parent = state();
    bool ok = child_ok && parent.refCount == 1 && parent.initialized == 1 && aclppDevicesInUse() == 1 &&
              aclppRegisteredCallbackCount() == 1;
    device.reset();
    session.reset();
    token.reset();
    ok = ok && finalize_calls == 1 && state().refCount == 0 && g_handler_calls == 0;
    std::printf("L-10 handles across fork: child %s, parent %s\n", child_ok ? "ok" : "FAILED", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
