// What the core is and knows without a runtime: its version, the names of the init and
// finalize steps, and the product table (for tools such as `acl-config socs`). The same on both
// runtimes (B-3).
#include "acl/aclpp_ext.h"
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
    switch (step) {
        case ACLPP_STEP_READ_FILE:
            return "read_file";
        case ACLPP_STEP_ERR_MSG_MODE:
            return "err_msg_mode";
        case ACLPP_STEP_MODEL_CALLBACKS:
            return "model_callbacks";
        case ACLPP_STEP_DUMP:
            return "dump";
        case ACLPP_STEP_OP_EXECUTOR:
            return "op_executor";
        case ACLPP_STEP_STACK_SIZE:
            return "stack_size";
        case ACLPP_STEP_DEFAULT_DEVICE:
            return "default_device";
        case ACLPP_STEP_PRINTF_FIFO:
            return "printf_fifo";
        case ACLPP_STEP_EVENT_MODE:
            return "event_mode";
        case ACLPP_STEP_PROFILING:
            return "profiling";
        case ACLPP_STEP_SOC:
            return "soc";
        case ACLPP_STEP_DVPP_CALLBACKS:
            return "dvpp_callbacks";
        case ACLPP_STEP_FILL_HOOK:
            return "fill_hook";
        case ACLPP_STEP_OTHER_CALLBACKS:
            return "other_callbacks";
        case ACLPP_STEP_FINALIZE_DLOG:
            return "finalize_dlog";
        case ACLPP_STEP_FINALIZE_PROFILING:
            return "finalize_profiling";
        case ACLPP_STEP_FINALIZE_OP_COMPILER_CALLBACKS:
            return "finalize_op_compiler_callbacks";
        case ACLPP_STEP_FINALIZE_MODEL_CALLBACKS:
            return "finalize_model_callbacks";
        case ACLPP_STEP_FINALIZE_DUMP:
            return "finalize_dump";
        case ACLPP_STEP_FINALIZE_DVPP_CALLBACKS:
            return "finalize_dvpp_callbacks";
        case ACLPP_STEP_FINALIZE_FILL_HOOK:
            return "finalize_fill_hook";
        case ACLPP_STEP_FINALIZE_DEFAULT_DEVICE:
            return "finalize_default_device";
        case ACLPP_STEP_FINALIZE_OTHER_CALLBACKS:
            return "finalize_other_callbacks";
    }
    return nullptr;
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
