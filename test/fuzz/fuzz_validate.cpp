// libFuzzer target: arbitrary bytes as an acl.json, through aclppValidateBuffer.
//
// Every report must be well formed whatever the bytes (see checkReport): error findings carry
// a non-zero code, the result is the first error in init-step order or 0, the JSON forms parse.
// Validation touches no runtime state, so the lifecycle state must not move.
#include "fuzz_common.hpp"

using namespace aclpp::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // libFuzzer may hand an empty input as a NULL pointer; a 0-byte config is not "no config".
    static const char empty[1] = {'\0'};
    const char *bytes = size == 0 ? empty : reinterpret_cast<const char *>(data);

    const aclppLifecycleState before = lifecycleState();
    const ReportSummary plain = validateAndCheck(bytes, size, nullptr);

    // The same bytes for one more product, picked from the bytes, so product rules get fuzzed.
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < size; ++i) hash = (hash ^ data[i]) * 16777619u;
    aclppSocInfo info{};
    const size_t socs = aclppSocCount();
    ACLPP_FUZZ_CHECK(socs > 0, "no products");
    ACLPP_FUZZ_CHECK(aclppGetSocInfo(hash % socs, &info) == ACL_SUCCESS && info.soc != nullptr, "product %zu",
                     static_cast<size_t>(hash % socs));
    const ReportSummary product = validateAndCheck(bytes, size, info.soc);
    // A file-level rejection (syntax, depth) does not depend on the product.
    if (plain.decisiveStep == ACLPP_STEP_ERR_MSG_MODE) {
        ACLPP_FUZZ_CHECK(product.result == plain.result, "file-level result %d on the default product, %d on %s",
                         plain.result, product.result, info.soc);
    }

    // Deterministic: the same bytes give the same report.
    const ReportSummary again = validateAndCheck(bytes, size, nullptr);
    ACLPP_FUZZ_CHECK(again.result == plain.result && again.effectiveJson == plain.effectiveJson,
                     "validating twice gave %d then %d", plain.result, again.result);

    const aclppLifecycleState after = lifecycleState();
    ACLPP_FUZZ_CHECK(after.refCount == before.refCount && after.epoch == before.epoch &&
                         after.identityRemembered == before.identityRemembered && after.finalized == before.finalized,
                     "validation changed the lifecycle state");
    drainRecentErrors();
    return 0;
}
