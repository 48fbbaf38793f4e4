// aclppGetConfigSchema: the JSON Schema of acl.json, for `acl-config schema` and editors.
#include "acl/aclpp_ext.h"
#include "platform/products.hpp"
#include "schema/json_schema.hpp"
#include "util/copy_out.hpp"
#include "util/guarded_call.hpp"

using namespace aclpp::core;

extern "C" {

aclError aclppGetConfigSchema(const char *soc, char *buffer, size_t capacity, size_t *required) {
    if (required == nullptr) return ACL_ERROR_INVALID_PARAM;
    const Product *product = nullptr;
    if (soc != nullptr) {
        product = findProduct(soc);
        if (product == nullptr) return ACL_ERROR_INVALID_PARAM;
    }
    return guardedCall([&] { return copyOut(configJsonSchema(product), buffer, capacity, required); });
}

}  // extern "C"
