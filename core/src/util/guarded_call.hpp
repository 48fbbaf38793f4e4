#pragma once

#include <new>

#include "acl/acl.h"

namespace aclpp::core {

void recordExceptionMessage(const char *what) noexcept;

template <class Body>
aclError guardedCall(Body &&body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        recordExceptionMessage("out of memory");
        return ACL_ERROR_BAD_ALLOC;
    } catch (const std::exception &error) {
        recordExceptionMessage(error.what());
        return ACL_ERROR_INTERNAL_ERROR;
    } catch (...) {
        recordExceptionMessage("unknown exception");
        return ACL_ERROR_INTERNAL_ERROR;
    }
}

}  // namespace aclpp::core
