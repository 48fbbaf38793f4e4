// acl::detail::throw_error: the one throw of acl::Error, compiled once here instead of in every
// translation unit that includes a throwing call of the C++ layer (see <acl/error.hpp>).
#include <acl/error.hpp>

#include <string>
#include <utility>

namespace acl {
inline namespace v1 {
namespace detail {

void throw_error(aclError code, const char *function, std::string recent, std::string context) {
    throw Error(code, function != nullptr ? function : "", std::move(recent), std::move(context));
}

}  // namespace detail
}  // namespace v1
}  // namespace acl
