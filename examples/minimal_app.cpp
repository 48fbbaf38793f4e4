// The smallest program: a typed config, one Session, one Device.
#include <acl/acl.hpp>
#include <acl/config.hpp>
#include <acl/runtime.hpp>

#include <cstdio>

int main() {
    const acl::Config cfg{
        .err_msg_mode = acl::ErrMsgMode::process,
        .dump = acl::Dump{.path = "./", .scene = acl::DumpScene::aic_err_brief_dump},
    };
    try {
        acl::Session s{cfg};                   // aclppInitFromBuffer(cfg.to_json()); 100002 would be a join
        acl::Device device = s.set_device(0);  // aclrtSetDevice(0) ... aclrtResetDevice(0)
        std::printf("%s the runtime on %s with:\n%s", s.is_owner() ? "initialised" : "joined", acl::soc_name().c_str(),
                    cfg.to_json().c_str());
    } catch (const acl::Error &e) {  // code, C function and the runtime's recent error text
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
