// C-3: built with -fno-exceptions, a throwing query is not available: the compiler names the
// error_code twin to call instead.
#include <acl/runtime.hpp>

unsigned long long f() {
    return acl::lifecycle_state().ref_count;
}
