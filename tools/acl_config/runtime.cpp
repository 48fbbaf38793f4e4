// acl-config runtime: the runtime libaclpp runs over and which of the vendor's optional
// lifecycle functions the loaded runtime has (decision B-6), straight from the core.
#include "commands.hpp"

namespace aclconfig {
namespace {

struct FeatureRow {
    uint32_t bit;
    const char *without;  // what aclpp does when the runtime lacks it
};

constexpr FeatureRow kFeatures[] = {
    {ACLPP_FEATURE_FINALIZE_REFERENCE,
     "aclpp counts its own holders; the last one finalizes only a runtime aclpp initialised"},
    {ACLPP_FEATURE_CALLBACKS,
     "callback tokens fail with 200001; the config of a runtime another library initialised is unknown"},
    {ACLPP_FEATURE_DEVICE_LIMITS, "aclppDeviceSetLimit and aclppDeviceGetLimit answer 200001"},
};

}  // namespace

int runRuntime(const Style &style, std::ostream &out) {
    out << "Runtime     " << style.bold(aclppRuntimeName()) << '\n';
    out << "aclpp core  " << aclppCoreVersionString() << '\n';
    out << "Vendor features of the loaded runtime:\n";
    const uint32_t features = aclppRuntimeFeatures();
    for (const FeatureRow &row : kFeatures) {
        const bool has = (features & row.bit) == row.bit;
        out << "  " << (has ? "yes" : "no ") << "  " << aclppRuntimeFeatureFunctions(row.bit) << '\n';
        if (!has) out << "       without it: " << row.without << '\n';
    }
    return kExitOk;
}

}  // namespace aclconfig
