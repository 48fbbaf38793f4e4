// Built by check_install.sh against the installed cann build: the application source of any
// backend (B-2).
#include <acl/acl.hpp>

#include <cstdio>
#include <cstring>

int main() {
    acl::Session session{acl::ConfigText{"{}"}};
    const bool ok = session.is_owner() && std::strcmp(aclppRuntimeName(), "cann") == 0;
    std::printf("installed consumer over the vendor runtime: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
