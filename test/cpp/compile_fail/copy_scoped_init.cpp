// C-1: acl::ScopedInit owns one reference; copying it would give it back twice.
#include <acl/scoped_init.hpp>

void f(const acl::ScopedInit &init) {
    acl::ScopedInit copy = init;
}
