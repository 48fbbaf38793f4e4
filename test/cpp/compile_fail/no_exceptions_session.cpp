// C-3: built with -fno-exceptions, a throwing constructor is not available: the compiler names
// the error_code twin to call instead.
#include <acl/config.hpp>
#include <acl/session.hpp>

void f() {
    acl::Session session{acl::Config{}};
}
