// C-3 without exceptions: Config::to_json's one run-time failure, the core's writer out of memory,
// gives "" (no config renders less than "{}") and Session::create reports it as
// acl::Errc::bad_alloc without initialising anything; nothing aborts. This program replaces the
// core's aclppJsonWriterCreate (its own definition wins over the shared library's) with one
// that cannot allocate. Plain main: every to_json here fails.
#include <acl/aclpp_ext.h>

#include <acl/acl.hpp>
#include <acl/config.hpp>
#include <cstdio>
#include <string>
#include <system_error>

static_assert(ACLPP_EXCEPTIONS == 0, "this file is built with -fno-exceptions");

extern "C" aclppJsonWriter *aclppJsonWriterCreate(int /*pretty*/) {
    return nullptr;
}

int main() {
    const acl::Config config{.err_msg_mode = acl::ErrMsgMode::process};
    const std::string json = config.to_json();  // a std::string: rendered at run time, not folded
    const bool rendered_empty = json.empty();
    std::error_code ec;
    const acl::Session session = acl::Session::create(config, ec);
    const bool ok = rendered_empty && ec == acl::Errc::bad_alloc && session.empty();
    std::printf("%s: to_json gave %s, Session::create gave %s (%d), session %s\n", ok ? "ok" : "FAIL",
                rendered_empty ? "\"\"" : "text", ec.message().c_str(), ec.value(), session.empty() ? "empty" : "held");
    return ok ? 0 : 1;
}
