// What the core is and knows without a runtime: its version, the names of the init and
// finalize steps (the schema's), and the product table (for tools such as `acl-config socs`).
// The same on both runtimes (B-3).
#include "acl/aclpp_ext.h"
#include "aclpp/schema/steps.hpp"
#include "platform/products.hpp"

using namespace aclpp::core;

extern "C" {

uint32_t aclppCoreVersion(void) {
    return ACLPP_VERSION_NUMBER;
}
const char *aclppCoreVersionString(void) {
    return ACLPP_VERSION_STRING;
}

const char *aclppStepName(aclppStep step) {
    return aclpp::schema::stepName(step);
}

size_t aclppSocCount(void) {
    return allProducts().size();
}

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
