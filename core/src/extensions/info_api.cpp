// The product table through the C ABI, for tools such as `acl-config socs`.
#include "acl/aclpp_ext.h"
#include "platform/products.hpp"

using namespace aclpp::core;

extern "C" {

size_t aclppSocCount(void) { return allProducts().size(); }

aclError aclppGetSocInfo(size_t index, aclppSocInfo *info) {
    const auto products = allProducts();
    if (info == nullptr || index >= products.size()) return ACL_ERROR_INVALID_PARAM;
    const Product &product = products[index];
    // Table strings are literals: NUL-terminated and valid for the whole process.
    info->soc = product.soc.data();
    info->family = product.traits->name.data();
    info->shortName = product.traits->shortName.data();
    info->aiCoreCount = product.aiCoreCount;
    info->vectorCoreCount = product.vectorCoreCount;
    return ACL_SUCCESS;
}

}  // extern "C"
