// C-5: a callback's result must say success or failure; a string does not.
#include <acl/callback.hpp>

#include <string>

void f() {
    acl::InitCallback token{acl::CallbackType::other, [](std::string_view) { return std::string("ok"); }};
}
