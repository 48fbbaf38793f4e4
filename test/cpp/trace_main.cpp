// C-7: a program with two named Sessions, for test/cpp/trace_check.py to run with ACLPP_TRACE.
// Warnings reach stdout through acl::set_log_handler ("log: ..."), so the checker can tell them
// from trace lines on stderr. On the emulated runtime it also makes plain C calls (no holder)
// and registers a finalize callback, whose run is traced.
#include <acl/acl.hpp>
#include <acl/runtime.hpp>

#include <cstdio>
#include <string_view>

namespace {

void print_log(std::string_view message) noexcept {
    std::printf("log: %.*s\n", static_cast<int>(message.size()), message.data());
    std::fflush(stdout);
}

aclError on_finalize(void *) {
    return ACL_SUCCESS;
}

}  // namespace

int main() {
    acl::set_log_handler(&print_log);
    const bool emulated = std::string_view(aclppRuntimeName()) == "emulated";
    {
        acl::Session framework{acl::ConfigText{R"({"err_msg_mode":"1"})"}, acl::SessionOptions{.name = "framework"}};
        acl::Session plugin{acl::ConfigText{R"({"err_msg_mode":"1"})"}, acl::SessionOptions{.name = "plugin"}};
        std::printf("holders: %zu\n", acl::holders().holders.size());
#if !defined(ACLPP_TEST_TOOLKIT_8X)  // a CANN 8.x toolkit declares neither call (B-6)
        if (emulated) {
            if (aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, &on_finalize, nullptr) != ACL_SUCCESS) return 1;
            if (aclInit(nullptr) != ACL_ERROR_REPEAT_INITIALIZE) return 1;  // traced: call=aclInit, no holder
            if (aclFinalizeReference(nullptr) != ACL_SUCCESS) return 1;
        }
#else
        (void)emulated;
        (void)&on_finalize;
#endif
    }  // plugin leaves, framework finalizes
    return 0;
}
