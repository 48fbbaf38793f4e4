// C-5: a callback token unregisters once; it is move-only.
#include <acl/callback.hpp>

void f(const acl::InitCallback &token) {
    acl::InitCallback copy = token;
}
