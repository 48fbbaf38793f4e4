// Over the toolkit's stub libraries (B-4): every vendor call answers 100039. A Session must fail
// with that code and a message that says what happened and how to load the real runtime; no
// crash, no hang (the test's timeout).
#include <acl/all.hpp>

#include <cstdio>
#include <string>

int main() {
    try {
        acl::Session session{acl::Config{}};
        std::puts("B-4 stub runtime: a Session started: FAILED");
        return 1;
    } catch (const acl::Error &e) {
        const std::string what = e.what();
        const bool ok = e.errc() == acl::Errc::compiling_stub_mode && what.find("stub") != std::string::npos &&
                        what.find("set_env.sh") != std::string::npos;
        std::printf("B-4 stub runtime: %s\n%s\n", ok ? "ok" : "FAILED", what.c_str());
        return ok ? 0 : 1;
    }
}
