// F8 (issue 24), B-3: an allocation that fails right after aclppInitFromBuffer made its private
// directory leaves nothing behind. This program replaces operator new and wraps mkdir/mkdirat:
// once armed, the first allocation after a directory is made fails. Exit status 0 when the
// failed init left no aclpp-<pid> and a later init works; 77 (skipped) under the sanitizers,
// which own operator new.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <string>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
int main() {
    std::puts("F8: skipped under a sanitizer, which replaces operator new itself");
    return 77;
}
#else

namespace {

bool armed = false;     // set by the test around the one call
bool failNext = false;  // a directory was made while armed: the next allocation fails
bool failureHappened = false;

bool privateDirectoryLeft(const std::filesystem::path &base) {
    struct stat st {};
    return ::lstat((base / ("aclpp-" + std::to_string(::getpid()))).c_str(), &st) == 0;
}

void finalizeAll() {
    uint64_t remaining = 0;
    while (aclppLifecycleEpoch() != 0 && aclFinalizeReference(&remaining) == ACL_SUCCESS && remaining != 0) {
    }
}

}  // namespace

void *operator new(std::size_t size) {
    if (failNext) {
        failNext = false;
        failureHappened = true;
        throw std::bad_alloc();
    }
    if (void *p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
void operator delete(void *p) noexcept {
    std::free(p);
}
void operator delete(void *p, std::size_t) noexcept {
    std::free(p);
}

extern "C" int mkdir(const char *path, mode_t mode) {
    static auto real = reinterpret_cast<int (*)(const char *, mode_t)>(dlsym(RTLD_NEXT, "mkdir"));
    const int rc = real(path, mode);
    if (rc == 0 && armed) failNext = true;
    return rc;
}

extern "C" int mkdirat(int dirfd, const char *path, mode_t mode) {
    static auto real = reinterpret_cast<int (*)(int, const char *, mode_t)>(dlsym(RTLD_NEXT, "mkdirat"));
    const int rc = real(dirfd, path, mode);
    if (rc == 0 && armed) failNext = true;
    return rc;
}

int main() {
    char pattern[] = "/tmp/aclpp-f8-XXXXXX";
    const char *made = ::mkdtemp(pattern);
    if (made == nullptr || ::setenv("XDG_RUNTIME_DIR", made, 1) != 0) return 10;
    const std::filesystem::path base = made;
    const char config[] = R"({"err_msg_mode": "1"})";
    const size_t length = sizeof config - 1;

    // A first init and finalize: what happens once per process is done before the fault.
    if (aclppInitFromBuffer(config, length) != ACL_SUCCESS) return 11;
    finalizeAll();

    armed = true;
    const aclError rc = aclppInitFromBuffer(config, length);
    armed = false;
    failNext = false;
    if (rc == ACL_SUCCESS) finalizeAll();
    const bool left = privateDirectoryLeft(base);

    const aclError again = aclppInitFromBuffer(config, length);
    if (again == ACL_SUCCESS) finalizeAll();
    const bool leftAfter = privateDirectoryLeft(base);
    std::error_code ignored;
    std::filesystem::remove_all(base, ignored);

    std::printf("F8: allocation failed after mkdir: %s; init gave %d; directory left: %s; next init %d, left %s\n",
                failureHappened ? "yes" : "no", rc, left ? "yes" : "no", again, leftAfter ? "yes" : "no");
    return failureHappened && !left && again == ACL_SUCCESS && !leftAfter ? 0 : 1;
}
#endif
