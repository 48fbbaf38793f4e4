// C-2: acl::Session is move-only.
#include <acl/session.hpp>

void f(const acl::Session &session) {
    acl::Session copy = session;
}
