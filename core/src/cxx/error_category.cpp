// The std::error_category named "acl" (C-3): the only C++ the core compiles for the C++ layer,
// here once and exported, so that every library of a process shares one instance and
// std::error_code comparisons work across them (like fmt's and Vulkan-Hpp's categories).
// <acl/aclpp_category.hpp> says why it is not inline.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <acl/aclpp_category.hpp>

#include <string>
#include <system_error>

#include "util/never_destroyed.hpp"

namespace {

class AclCategory final : public std::error_category {
public:
    [[nodiscard]] const char *name() const noexcept override { return "acl"; }

    [[nodiscard]] std::string message(int code) const override {
        std::string text = aclppErrorDescription(code);
        text.append(" [").append(aclppErrorName(code)).append(" ").append(std::to_string(code)).append("]");
        return text;
    }

    // The portable conditions that clearly match, so `ec == std::errc::not_enough_memory` works.
    [[nodiscard]] std::error_condition default_error_condition(int code) const noexcept override {
        switch (code) {
            case ACL_ERROR_BAD_ALLOC:
                return std::errc::not_enough_memory;
            case ACL_ERROR_INVALID_PARAM:
            case ACL_ERROR_RT_PARAM_INVALID:
                return std::errc::invalid_argument;
            case ACL_ERROR_API_NOT_SUPPORT:
            case ACL_ERROR_RT_FEATURE_NOT_SUPPORT:
                return std::errc::not_supported;
            case ACL_ERROR_RT_INVALID_DEVICEID:
                return std::errc::no_such_device;
            default:
                return {code, *this};
        }
    }
};

}  // namespace

namespace acl {
inline namespace v1 {

// Never destroyed: static destructors and atexit handlers may still build error_codes.
ACLPP_EXPORT const std::error_category &category() noexcept {
    static aclpp::core::NeverDestroyed<AclCategory> instance;
    return instance.get();
}

}  // namespace v1
}  // namespace acl
