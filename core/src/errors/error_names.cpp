// aclppErrorName / aclppErrorDescription (A-2, C-3): a name and a one-sentence description for
// every code in <acl/acl.h>. The table is the only place that knows them; the C++ layer's
// acl::error_name, acl::error_description and the "acl" error_category read it through the C ABI.
#include "acl/aclpp_ext.h"

namespace {

struct ErrorEntry {
    aclError code;
    const char *name;
    const char *description;
};

// Sorted by nothing in particular: 27 entries, a linear scan is cheaper than any lookup structure
// and keeps the table readable. ACL_ERROR_NONE shares 0 with ACL_SUCCESS; the name is ACL_SUCCESS.
constexpr ErrorEntry kErrors[] = {
    {ACL_SUCCESS, "ACL_SUCCESS", "success"},
    {ACL_ERROR_INVALID_PARAM, "ACL_ERROR_INVALID_PARAM",
     "invalid parameter: a bad argument or config value, or a config that differs from the one the process "
     "was first initialised with"},
    {ACL_ERROR_UNINITIALIZE, "ACL_ERROR_UNINITIALIZE", "the runtime is not initialised (call aclInit first)"},
    {ACL_ERROR_REPEAT_INITIALIZE, "ACL_ERROR_REPEAT_INITIALIZE",
     "the runtime was already initialised; this call joined it and holds one more reference"},
    {ACL_ERROR_INVALID_FILE, "ACL_ERROR_INVALID_FILE",
     "the config file cannot be used: missing, unreadable, not a regular file or larger than 10 MiB"},
    {ACL_ERROR_WRITE_FILE, "ACL_ERROR_WRITE_FILE", "a file could not be written"},
    {ACL_ERROR_INVALID_FILE_SIZE, "ACL_ERROR_INVALID_FILE_SIZE", "the file size is invalid"},
    {ACL_ERROR_PARSE_FILE, "ACL_ERROR_PARSE_FILE",
     "the config is not valid JSON (syntax, encoding, trailing data or nesting deeper than 10)"},
    {ACL_ERROR_FILE_MISSING_ATTR, "ACL_ERROR_FILE_MISSING_ATTR", "the file lacks a required attribute"},
    {ACL_ERROR_FILE_ATTR_INVALID, "ACL_ERROR_FILE_ATTR_INVALID", "a file attribute is invalid"},
    {ACL_ERROR_INVALID_DUMP_CONFIG, "ACL_ERROR_INVALID_DUMP_CONFIG", "the dump section of the config is invalid"},
    {ACL_ERROR_INVALID_PROFILING_CONFIG, "ACL_ERROR_INVALID_PROFILING_CONFIG",
     "the profiling configuration is invalid"},
    {ACL_ERROR_REPEAT_FINALIZE, "ACL_ERROR_REPEAT_FINALIZE",
     "the runtime is already finalised, or no reference is held"},
    {ACL_ERROR_COMPILING_STUB_MODE, "ACL_ERROR_COMPILING_STUB_MODE",
     "the libascendcl.so loaded is the toolkit's compile-time stub, which answers every call with this "
     "code: run `source <toolkit>/set_env.sh` (or put <toolkit>/lib64, not lib64/stub, first on "
     "LD_LIBRARY_PATH) so that the real runtime is loaded"},
    {ACL_ERROR_DUMP_NOT_RUN, "ACL_ERROR_DUMP_NOT_RUN", "dump was not initialised"},
    {ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG, "ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG",
     "max_opqueue_num in the config has the wrong JSON type (it must be a string of digits)"},
    {ACL_ERROR_BAD_ALLOC, "ACL_ERROR_BAD_ALLOC", "memory allocation failed"},
    {ACL_ERROR_API_NOT_SUPPORT, "ACL_ERROR_API_NOT_SUPPORT", "the API is not supported"},
    {ACL_ERROR_INTERNAL_ERROR, "ACL_ERROR_INTERNAL_ERROR",
     "internal error (for callbacks: a duplicate registration or an unregister that found nothing)"},
    {ACL_ERROR_FAILURE, "ACL_ERROR_FAILURE",
     "the operation failed (StackSize, defaultDevice and printf FIFO config errors use this code)"},
    {ACL_ERROR_GE_FAILURE, "ACL_ERROR_GE_FAILURE", "graph engine failure"},
    {ACL_ERROR_RT_FAILURE, "ACL_ERROR_RT_FAILURE", "runtime (device layer) failure"},
    {ACL_ERROR_RT_PARAM_INVALID, "ACL_ERROR_RT_PARAM_INVALID",
     "the device layer rejected a parameter (for example a value outside a limit's range)"},
    {ACL_ERROR_RT_INVALID_DEVICEID, "ACL_ERROR_RT_INVALID_DEVICEID",
     "the device id is outside the range of available devices"},
    {ACL_ERROR_RT_CONTEXT_NULL, "ACL_ERROR_RT_CONTEXT_NULL", "no current device or context is set on this thread"},
    {ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "ACL_ERROR_RT_FEATURE_NOT_SUPPORT",
     "the feature is not supported on this product"},
    {ACL_ERROR_RT_INTERNAL_ERROR, "ACL_ERROR_RT_INTERNAL_ERROR", "internal error in the device layer"},
};

const ErrorEntry *findError(aclError code) noexcept {
    for (const ErrorEntry &entry : kErrors) {
        if (entry.code == code) return &entry;
    }
    return nullptr;
}

}  // namespace

extern "C" {

const char *aclppErrorName(aclError code) {
    const ErrorEntry *entry = findError(code);
    return entry != nullptr ? entry->name : "ACL_ERROR_UNKNOWN";
}

const char *aclppErrorDescription(aclError code) {
    const ErrorEntry *entry = findError(code);
    return entry != nullptr ? entry->description : "unknown error code";
}

}  // extern "C"
