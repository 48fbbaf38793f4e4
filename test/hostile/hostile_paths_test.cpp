// Hostile paths and file kinds (F-2, L-2): every one is rejected with 100003 before a byte is
// read, nothing blocks, nothing crashes, and the runtime is left exactly as before.
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dirent.h>

#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include "catch.hpp"
#include "hostile_support.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;
using aclpp::test::liveConfigBytes;
using aclpp::test::recentError;
using aclpp::test::runInChild;
using aclpp::test::TempDir;
using aclpp::test::validateFileResult;

namespace {

// aclInit(path) gives 100003, names it in the error text (K-8), and changes nothing (L-2); the
// validate API agrees (A-2).
void requireInvalidFile(const std::string &path) {
    INFO("path of " << path.size() << " chars: " << path.substr(0, 120));
    CHECK(aclInit(path.c_str()) == ACL_ERROR_INVALID_FILE);
    const std::string message = recentError();
    CHECK(message.find("100003") != std::string::npos);
    const aclppLifecycleState state = lifecycleState();
    CHECK(state.refCount == 0);
    CHECK(state.initialized == 0);
    CHECK(state.identityRemembered == 0);
    CHECK(aclppDevicesInUse() == 0);
    CHECK(validateFileResult(path.c_str()) == ACL_ERROR_INVALID_FILE);
}

bool runningAsRoot() {
    return ::geteuid() == 0;
}

// The uid and gid of "nobody" on Debian: a user the permission bits apply to.
constexpr uid_t kNobody = 65534;

// Removes `name` under `parent` recursively through directory descriptors: the tree is too
// deep for path-based removal.
void removeTreeAt(int parent, const char *name) {
    const int fd = ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        ::unlinkat(parent, name, 0);
        return;
    }
    DIR *listing = ::fdopendir(fd);
    if (listing == nullptr) {
        ::close(fd);
        return;
    }
    std::vector<std::string> entries;
    while (const dirent *entry = ::readdir(listing)) {
        const std::string entryName = entry->d_name;
        if (entryName != "." && entryName != "..") entries.push_back(entryName);
    }
    for (const std::string &entry : entries) removeTreeAt(::dirfd(listing), entry.c_str());
    ::closedir(listing);
    ::unlinkat(parent, name, AT_REMOVEDIR);
}

}  // namespace

TEST_CASE("F-2 a symlink loop gives 100003", "[F-2][hostile]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string a = dir.file("a.json");
    const std::string b = dir.file("b.json");
    const std::string self = dir.file("self.json");
    REQUIRE(::symlink(b.c_str(), a.c_str()) == 0);
    REQUIRE(::symlink(a.c_str(), b.c_str()) == 0);
    REQUIRE(::symlink(self.c_str(), self.c_str()) == 0);
    requireInvalidFile(a);
    requireInvalidFile(self);
    // A loop in a directory component, with a real file name after it.
    const std::string loopDir = dir.file("loop");
    REQUIRE(::symlink(loopDir.c_str(), loopDir.c_str()) == 0);
    requireInvalidFile(loopDir + "/acl.json");
    // A dangling link is a missing file.
    const std::string dangling = dir.file("dangling.json");
    REQUIRE(::symlink(dir.file("nowhere.json").c_str(), dangling.c_str()) == 0);
    requireInvalidFile(dangling);
}

TEST_CASE("F-2 an unreadable file gives 100003 (as root: read anyway, and 100003 once privileges are dropped)",
          "[F-2][hostile]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string content = R"({"err_msg_mode":"1"})";
    const std::string file = dir.write("acl.json", content);
    REQUIRE(::chmod(file.c_str(), 0) == 0);
    const std::string lockedDir = dir.file("locked");
    REQUIRE(::mkdir(lockedDir.c_str(), 0700) == 0);
    const std::string inLockedDir = dir.write("locked/acl.json", content);
    REQUIRE(::chmod(lockedDir.c_str(), 0) == 0);

    if (runningAsRoot()) {
        // CAP_DAC_OVERRIDE: the permission bits do not apply, so the file is read and used.
        // This is the behaviour CI sees; asserted, not skipped.
        std::printf("hostile: running as root: chmod 000 does not stop reading; asserting that\n");
        for (const std::string &path : {file, inLockedDir}) {
            INFO(path);
            REQUIRE(aclInit(path.c_str()) == ACL_SUCCESS);
            CHECK(liveConfigBytes() == content);
            CHECK(aclFinalize() == ACL_SUCCESS);
            REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);
        }
        // A child that drops to an unprivileged user makes the permission bits apply again, so
        // the 100003 path is proven under root too. The temporary directory itself must be
        // traversable for that user, or every path would fail at the directory instead.
        REQUIRE(::chmod(dir.path().c_str(), 0755) == 0);
        const auto dropped = runInChild(20, [&] {
            if (::setgroups(0, nullptr) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0) return 90;
            if (::geteuid() == 0) return 91;
            if (aclInit(file.c_str()) != ACL_ERROR_INVALID_FILE) return 1;         // open: EACCES
            if (aclInit(inLockedDir.c_str()) != ACL_ERROR_INVALID_FILE) return 2;  // realpath: EACCES
            if (recentError().find("100003") == std::string::npos) return 3;
            const aclppLifecycleState state = lifecycleState();
            if (state.refCount != 0 || state.initialized != 0 || state.identityRemembered != 0) return 4;
            if (validateFileResult(file.c_str()) != ACL_ERROR_INVALID_FILE) return 5;
            return 0;
        });
        CHECK(dropped.status == 0);
    } else {
        requireInvalidFile(file);         // open fails: EACCES
        requireInvalidFile(inLockedDir);  // realpath fails on the directory: EACCES
    }
    ::chmod(lockedDir.c_str(), 0700);  // so that the temporary directory can be removed
}

TEST_CASE("F-2 paths at PATH_MAX give 100003 without crashing", "[F-2][hostile]") {
    FreshRuntime fresh;
    STATIC_REQUIRE(PATH_MAX == 4096);
    TempDir dir;
    // Paths that do not exist, exactly 4095 and 4096 characters long, with long and short
    // components.
    for (std::size_t length : {std::size_t{4095}, std::size_t{4096}, std::size_t{4097}, std::size_t{65536}}) {
        std::string longComponent = dir.path() + "/";
        longComponent.append(length - longComponent.size(), 'x');
        REQUIRE(longComponent.size() == length);
        requireInvalidFile(longComponent);

        std::string shortComponents = dir.path();
        while (shortComponents.size() + 2 <= length) shortComponents += "/d";
        shortComponents.append(length - shortComponents.size(), 'f');
        REQUIRE(shortComponents.size() == length);
        requireInvalidFile(shortComponents);
    }

    // Files that exist, at real paths of exactly 4095 and 4096 characters (built with openat,
    // since path-based calls cannot reach that deep): 4095 plus the NUL fits PATH_MAX, so the
    // file is read (F-2 rejects paths >= PATH_MAX); 4096 does not, so realpath
    // fails with ENAMETOOLONG and the result is 100003.
    const std::string component(200, 'd');
    const std::string tail = "/acl.json";
    const int root = ::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    REQUIRE(root >= 0);
    int fd = ::dup(root);
    std::string path = dir.path();
    while (4095 - static_cast<long>(path.size() + 1 + component.size() + 1 + tail.size()) >= 1) {
        REQUIRE(::mkdirat(fd, component.c_str(), 0700) == 0);
        const int next = ::openat(fd, component.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        REQUIRE(next >= 0);
        ::close(fd);
        fd = next;
        path += "/" + component;
    }
    const std::size_t room = 4095 - path.size() - 1 - tail.size();  // the last directory's name
    REQUIRE(room >= 1);
    REQUIRE(room + 1 <= 255);
    for (std::size_t length : {std::size_t{4095}, std::size_t{4096}}) {
        const std::string last(room + (length - 4095), length == 4095 ? 'e' : 'f');
        REQUIRE(::mkdirat(fd, last.c_str(), 0700) == 0);
        const int lastFd = ::openat(fd, last.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        REQUIRE(lastFd >= 0);
        const int fileFd = ::openat(lastFd, "acl.json", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        REQUIRE(fileFd >= 0);
        REQUIRE(::write(fileFd, "{}", 2) == 2);
        ::close(fileFd);
        ::close(lastFd);
        const std::string named = path + "/" + last + tail;
        REQUIRE(named.size() == length);
        INFO("existing file, real path of " << named.size() << " chars");
        if (length == 4095) {
            CHECK(aclInit(named.c_str()) == ACL_SUCCESS);
            CHECK(liveConfigBytes() == "{}");
            CHECK(aclFinalize() == ACL_SUCCESS);
            REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);
        } else {
            requireInvalidFile(named);
        }
    }
    ::close(fd);
    removeTreeAt(root, component.c_str());
    ::close(root);
}

TEST_CASE("F-2 a FIFO gives 100003 and never blocks", "[F-2][hostile]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string fifo = dir.file("acl.json");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const std::string link = dir.file("link.json");
    REQUIRE(::symlink(fifo.c_str(), link.c_str()) == 0);
    // In a child with a deadline: opening a FIFO for reading with no writer blocks forever.
    for (const std::string &path : {fifo, link}) {
        INFO(path);
        const auto outcome = runInChild(10, [&] {
            if (aclInit(path.c_str()) != ACL_ERROR_INVALID_FILE) return 1;
            if (validateFileResult(path.c_str()) != ACL_ERROR_INVALID_FILE) return 2;
            aclppLifecycleState state{};
            aclppGetLifecycleState(&state);
            return state.refCount == 0 ? 0 : 3;
        });
        CHECK_FALSE(outcome.killedByAlarm());
        CHECK(outcome.status == 0);
    }
    // And in this process too, now that it is known not to block.
    requireInvalidFile(fifo);
}

TEST_CASE("F-2 devices and other non-regular files give 100003", "[F-2][hostile]") {
    FreshRuntime fresh;
    TempDir dir;
    for (const char *device : {"/dev/zero", "/dev/null", "/dev/urandom"}) {
        const auto outcome = runInChild(10, [&] { return aclInit(device) == ACL_ERROR_INVALID_FILE ? 0 : 1; });
        INFO(device);
        CHECK_FALSE(outcome.killedByAlarm());
        CHECK(outcome.status == 0);
        requireInvalidFile(device);
    }
    requireInvalidFile(dir.path());  // a directory
    requireInvalidFile("/");
    // A symlink to /dev/zero.
    const std::string zeroLink = dir.file("zero.json");
    REQUIRE(::symlink("/dev/zero", zeroLink.c_str()) == 0);
    requireInvalidFile(zeroLink);
}

TEST_CASE("F-2 a procfs file (size 0, content not JSON) is rejected and does not hang", "[F-2][hostile]") {
    FreshRuntime fresh;
    // stat says 0 bytes, read returns text: either outcome is a rejection, never success.
    const auto outcome = runInChild(10, [] {
        const aclError code = aclInit("/proc/self/status");
        return code == ACL_ERROR_PARSE_FILE || code == ACL_ERROR_INVALID_FILE ? 0 : 1;
    });
    CHECK_FALSE(outcome.killedByAlarm());
    CHECK(outcome.status == 0);
}

TEST_CASE("F-2 size limit: 10 MiB is allowed, 10 MiB + 1 and 11 MiB give 100003", "[F-2][hostile]") {
    FreshRuntime fresh;
    TempDir dir;
    constexpr std::size_t kLimit = 10u * 1024u * 1024u;
    // Exactly 10 MiB of valid JSON: {} and spaces.
    std::string exact = "{}";
    exact.resize(kLimit, ' ');
    const std::string exactPath = dir.write("exact.json", exact);
    CHECK(aclInit(exactPath.c_str()) == ACL_SUCCESS);
    CHECK(liveConfigBytes().size() == kLimit);
    CHECK(aclFinalize() == ACL_SUCCESS);
    REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);

    exact.push_back(' ');
    requireInvalidFile(dir.write("over.json", exact));

    // 11 MiB, sparse: rejected from its size alone.
    const std::string big = dir.file("big.json");
    const int fd = ::open(big.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    REQUIRE(fd >= 0);
    REQUIRE(::ftruncate(fd, 11 * 1024 * 1024) == 0);
    ::close(fd);
    requireInvalidFile(big);
}
