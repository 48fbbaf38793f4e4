// acl/aclpp_category.hpp: the one C++ declaration of the compiled core, acl::category(), the
// std::error_category named "acl" (decision C-3). Everything else the core exports is C.
//
// It is compiled into the core rather than defined inline so that a process holds one
// instance: std::error_code compares categories by address, and an inline function's static
// would be one per shared library wherever symbols are hidden or loaded RTLD_LOCAL. No
// std::string crosses the boundary through it but std::error_category::message, whose vtable
// libstdc++ gives both string ABIs. <acl/error.hpp> includes this header; include that one.
#pragma once

#include <acl/aclpp_export.h>

#include <system_error>

namespace acl {
inline namespace v1 {

/// The std::error_category named "acl"; message() is aclppErrorDescription. One instance per
/// process, so error_codes compare equal across libraries. Never destroyed.
ACLPP_EXPORT const std::error_category &category() noexcept;

}  // namespace v1
}  // namespace acl
