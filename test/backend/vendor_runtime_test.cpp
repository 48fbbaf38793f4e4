// The C++ layer over the vendor's runtime (B-2, B-3), against the stand-in toolkit (B-4). Each
// case runs in a process of its own (test/support/run_each_case.py): nothing resets the runtime.
#include <acl/all.hpp>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "catch.hpp"

namespace {

namespace fs = std::filesystem;

/// A config file written by the test, for the outside holder's plain aclInit.
std::string write_config(const fs::path &dir, std::string_view name, std::string_view text) {
    const fs::path path = dir / name;
    std::ofstream(path) << text;
    return path.string();
}

/// A folder of its own, also $XDG_RUNTIME_DIR (the first place the private directory goes).
struct TempDir {
    fs::path path;
    TempDir() {
        char pattern[] = "/tmp/aclpp-backend-XXXXXX";
        const char *made = ::mkdtemp(pattern);
        REQUIRE(made != nullptr);
        path = made;
        REQUIRE(::setenv("XDG_RUNTIME_DIR", made, 1) == 0);
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
};

fs::path private_dir(const TempDir &tmp) {
    return tmp.path / ("aclpp-" + std::to_string(::getpid()));
}

std::uint64_t held_by_aclpp() {
    return acl::lifecycle_state().ref_count;
}

}  // namespace

TEST_CASE("B-1 the library runs over the vendor runtime", "[B-1]") {
    CHECK(std::string_view(aclppRuntimeName()) == "cann");
    CHECK_FALSE(acl::lifecycle_state().ref_count_is_total);
}

TEST_CASE("B-3 a strict Session joining a runtime another library started compares against its config", "[B-3][C-2]") {
    TempDir tmp;
    // The outside holder (torch_npu, say) starts the runtime before aclpp has watched anything.
    const std::string outside =
        write_config(tmp.path, "outside.json", R"({"err_msg_mode": "1", "max_opqueue_num": "100"})");
    REQUIRE(aclInit(outside.c_str()) == ACL_SUCCESS);

    const acl::Config other{.err_msg_mode = acl::ErrMsgMode::thread, .max_opqueue_num = 200u};
    std::error_code ec;
    acl::Session refused = acl::Session::create(other, ec, acl::JoinPolicy::strict);
    CHECK(ec == acl::Errc::invalid_param);
    CHECK(refused.empty());
    CHECK(held_by_aclpp() == 0);  // the joined reference was given back
    try {
        acl::Session again{other, acl::JoinPolicy::strict};
        FAIL("a conflicting strict join succeeded");
    } catch (const acl::Error &e) {
        CHECK(e.errc() == acl::Errc::invalid_param);
        CHECK(e.context().find("/err_msg_mode") != std::string::npos);
        CHECK(e.context().find("/max_opqueue_num") != std::string::npos);
    }

    const acl::Config same{.err_msg_mode = acl::ErrMsgMode::process, .max_opqueue_num = 100u};
    {
        acl::Session joined = acl::Session::create(same, ec, acl::JoinPolicy::strict);
        REQUIRE_FALSE(ec);
        CHECK(joined.joined());
        CHECK_FALSE(joined.is_owner());
        CHECK(joined.join_report().compared);
        CHECK(joined.join_report().compatible());
        CHECK(held_by_aclpp() == 1);
    }
    // Leaving gave back the session's reference only: the runtime is still up for its holder.
    CHECK(held_by_aclpp() == 0);
    CHECK(aclppLifecycleEpoch() != 0);
    CHECK(acl::config_bytes() == R"({"err_msg_mode": "1", "max_opqueue_num": "100"})");

    std::uint64_t remaining = 99;
    CHECK(aclFinalizeReference(&remaining) == ACL_SUCCESS);
    CHECK(remaining == 0);
    CHECK(aclppLifecycleEpoch() == 0);  // aclpp saw the teardown
}

TEST_CASE("B-3 init from a buffer goes through a private file that is gone after a success", "[B-3]") {
    TempDir tmp;
    struct Seen {
        bool dirOk = false;
        bool fileOk = false;
        std::string path;
    } seen;
    // An OTHER init callback runs while aclInit reads the private file: look at it then.
    acl::InitCallback look{acl::CallbackType::other, [&seen, &tmp](std::string_view) {
                               const fs::path dir = private_dir(tmp);
                               struct stat st {};
                               seen.dirOk = ::lstat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) &&
                                            (st.st_mode & 07777) == 0700 && st.st_uid == ::geteuid();
                               const fs::path file = dir / "config.json";
                               seen.fileOk = ::lstat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
                                             (st.st_mode & 07777) == 0600;
                               seen.path = file.string();
                           }};
    {
        acl::Session session{acl::Config{.max_opqueue_num = 300u}};
        CHECK(session.is_owner());
        CHECK(seen.dirOk);
        CHECK(seen.fileOk);
        CHECK(acl::config_bytes().find("\"300\"") != std::string::npos);
        CHECK_FALSE(fs::exists(private_dir(tmp)));  // removed before the init returned
    }
    CHECK(fs::is_empty(tmp.path));
}

TEST_CASE("B-3 the private file is gone after a failed init too", "[B-3]") {
    TempDir tmp;
    std::error_code ec;
    // A value the vendor's own aclInit refuses (it leaves max_opqueue_num to a closed component, B-8).
    acl::ScopedInit init = acl::ScopedInit::create(acl::ConfigText{R"({"err_msg_mode": "7"})"}, ec);
    CHECK(ec == acl::Errc::invalid_param);
    CHECK(init.empty());
    CHECK(fs::is_empty(tmp.path));
    CHECK(aclppLifecycleEpoch() == 0);
}

TEST_CASE("B-3 a symlink planted where the private directory goes is refused, not followed", "[B-3]") {
    TempDir tmp;
    const fs::path target = tmp.path / "elsewhere";
    fs::create_directory(target);
    fs::create_directory_symlink(target, private_dir(tmp));
    std::error_code ec;
    acl::Session session = acl::Session::create(acl::Config{.max_opqueue_num = 300u}, ec);
    CHECK(ec == acl::Errc::write_file);
    CHECK(session.empty());
    CHECK(fs::is_empty(target));              // nothing was written through the link
    CHECK(fs::is_symlink(private_dir(tmp)));  // and it was not removed either
    CHECK(aclppLifecycleEpoch() == 0);
    try {
        acl::Session again{acl::Config{.max_opqueue_num = 300u}};
        FAIL("an init through a planted symlink succeeded");
    } catch (const acl::Error &e) {
        CHECK(e.errc() == acl::Errc::write_file);
        CHECK(e.recent_message().find("refusing the private directory") != std::string::npos);
    }
}

TEST_CASE("B-3 a private directory left by a dead process is removed on the next use", "[B-3]") {
    TempDir tmp;
    // A pid that cannot be running: above the kernel's pid_max.
    const fs::path stale = tmp.path / "aclpp-999999999";
    fs::create_directory(stale);
    std::ofstream(stale / "config.json") << "{}";
    {
        acl::ScopedInit init{acl::ConfigText{"{}"}};
        CHECK(init.is_owner());
    }
    CHECK_FALSE(fs::exists(stale));
}

TEST_CASE("B-3 what only the emulated runtime has answers 200001 over the vendor runtime", "[B-3]") {
    CHECK(aclppSetPlatform("Ascend910B1", 1) == ACL_ERROR_API_NOT_SUPPORT);
    CHECK(aclppTestingReset(ACLPP_RESET_ALL) == ACL_ERROR_API_NOT_SUPPORT);
    CHECK(aclppTestingInjectFault(ACLPP_STEP_DUMP, ACL_ERROR_FAILURE, 0, 1) == ACL_ERROR_API_NOT_SUPPORT);
    CHECK(aclppRegisteredCallbackCount() == ACLPP_COUNT_UNKNOWN_SIZE);
    CHECK(aclppDevicesInUse() == ACLPP_COUNT_UNKNOWN_U64);
    // What touches no runtime works as on the emulator.
    const acl::Report report = acl::validate(R"({"max_opqueue_num": 5})");
    CHECK(report.result == ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG);
}

TEST_CASE("B-3 E-2 Device::synchronize reaches its own device and leaves the current one", "[B-3][E-2]") {
    acl::Session session{acl::Config{}};
    acl::Device zero = session.set_device(0);
    acl::Device one = session.set_device(1);  // now the current device
    std::error_code ec;
    zero.synchronize(ec);
    CHECK_FALSE(ec);
    std::int32_t current = -1;
    CHECK(aclrtGetDevice(&current) == ACL_SUCCESS);
    CHECK(current == 1);
}

// ---- issue 24: the private directory cannot be turned against its owner -----------------------

namespace {

/// Inits from a buffer with an OTHER init callback that runs `inside` while the runtime reads the
/// private file; returns the code.
template <class Inside>
aclError initFromBufferRunning(const std::string &config, Inside inside) {
    acl::InitCallback callback{acl::CallbackType::other, [&inside](std::string_view) { inside(); }};
    return aclppInitFromBuffer(config.data(), config.size());
}

void finalizeAll() {
    std::uint64_t remaining = 0;
    while (aclppLifecycleEpoch() != 0 && aclFinalizeReference(&remaining) == ACL_SUCCESS && remaining != 0) {
    }
}

/// The private directory of this process under `base`, seen from inside an init.
bool privateDirectoryIn(const fs::path &base) {
    struct stat st {};
    return ::lstat((base / ("aclpp-" + std::to_string(::getpid()))).c_str(), &st) == 0;
}

}  // namespace

TEST_CASE("F7 B-3 a directory swapped for a symlink during the init: nothing is created or removed through the link",
          "[B-3][F7]") {
    TempDir tmp;
    const fs::path victim = tmp.path / "victim";
    fs::create_directory(victim);
    std::ofstream(victim / "config.json") << "precious";
    const fs::path moved = tmp.path / "moved";
    // What an attacker who can write the base directory does between aclpp's steps: move the
    // private directory away and leave a symlink to the victim in its place.
    const aclError rc = initFromBufferRunning(R"({"max_opqueue_num": "300"})", [&] {
        std::error_code ignored;
        fs::rename(private_dir(tmp), moved, ignored);
        fs::create_directory_symlink(victim, private_dir(tmp), ignored);
    });
    CHECK(rc == ACL_SUCCESS);
    finalizeAll();
    CHECK(fs::is_regular_file(victim / "config.json"));  // F7: the old code removed it through the link
    std::ifstream in(victim / "config.json");
    std::string content;
    std::getline(in, content);
    CHECK(content == "precious");
    CHECK(fs::is_symlink(private_dir(tmp)));  // the link stays: aclpp removes only its own directory
    CHECK(fs::is_empty(moved));               // the file went through the directory's descriptor
}

TEST_CASE("F7 B-3 a base directory writable by others without the sticky bit is passed over", "[B-3][F7]") {
    TempDir tmp;
    REQUIRE(::chmod(tmp.path.c_str(), 0777) == 0);
    bool inBase = true;
    bool ran = false;
    const aclError rc = initFromBufferRunning("{}", [&] {
        inBase = privateDirectoryIn(tmp.path);
        ran = true;
    });
    CHECK(rc == ACL_SUCCESS);
    CHECK(ran);
    CHECK_FALSE(inBase);  // the next candidate (/dev/shm, $TMPDIR, /tmp) took it
    finalizeAll();
    CHECK(fs::is_empty(tmp.path));

    // With the sticky bit (as /tmp has it) the folder is safe: others cannot rename what is ours.
    REQUIRE(::chmod(tmp.path.c_str(), 01777) == 0);
    REQUIRE(aclppInitFromBuffer("{}", 2) == ACL_SUCCESS);
    finalizeAll();
    CHECK(initFromBufferRunning("{}", [&] { inBase = privateDirectoryIn(tmp.path); }) == ACL_SUCCESS);
    CHECK(inBase);
    finalizeAll();
}

TEST_CASE("F7 B-3 a base directory owned by another user is passed over (as root: sudo -E keeps XDG_RUNTIME_DIR)",
          "[B-3][F7]") {
    if (::geteuid() != 0) {
        WARN("needs root to give the folder to another user: not run");
        return;
    }
    TempDir tmp;
    REQUIRE(::chown(tmp.path.c_str(), 65534, 65534) == 0);  // nobody
    REQUIRE(::chmod(tmp.path.c_str(), 0700) == 0);
    bool inBase = true;
    const aclError rc = initFromBufferRunning("{}", [&] { inBase = privateDirectoryIn(tmp.path); });
    CHECK(rc == ACL_SUCCESS);
    CHECK_FALSE(inBase);
    finalizeAll();
    CHECK(fs::is_empty(tmp.path));
}

TEST_CASE("F9 B-3 a leftover private directory of this process is cleaned, or refused naming what is in it",
          "[B-3][F9]") {
    TempDir tmp;
    // Left with only the config file (a process with this pid was killed): cleaned and used.
    fs::create_directory(private_dir(tmp));
    std::ofstream(private_dir(tmp) / "config.json") << "{\"old\": 1}";
    REQUIRE(aclppInitFromBuffer("{}", 2) == ACL_SUCCESS);
    finalizeAll();
    CHECK(fs::is_empty(tmp.path));

    // Holding a file aclpp never writes: refused, and the message says what is there.
    fs::create_directory(private_dir(tmp));
    std::ofstream(private_dir(tmp) / "stranger.txt") << "not aclpp's";
    const aclError rc = aclppInitFromBuffer("{}", 2);
    CHECK(rc == ACL_ERROR_WRITE_FILE);
    const char *recent = aclppGetRecentErrMsg();  // gets and clears
    const std::string message = recent != nullptr ? recent : "";
    INFO(message);
    CHECK(message.find("stranger.txt") != std::string::npos);
    CHECK(message.find("not this user's directory") == std::string::npos);  // F9: it is this user's
    CHECK(fs::is_regular_file(private_dir(tmp) / "stranger.txt"));          // nothing of it removed
    CHECK(aclppLifecycleEpoch() == 0);
}

TEST_CASE("F16 B-3 exit() from a callback during a buffer init leaves no private directory behind", "[B-3][F16]") {
    TempDir tmp;
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::alarm(20);
        (void)initFromBufferRunning(R"({"err_msg_mode": "1"})", [] { std::exit(7); });
        std::_Exit(1);  // not reached
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 7);
    CHECK_FALSE(fs::exists(tmp.path / ("aclpp-" + std::to_string(child))));
    CHECK(fs::is_empty(tmp.path));
}

namespace {

int calls_of_adding = 0;
int calls_of_added = 0;
aclppCallbackHandle added_handle = 0;

aclError count_added(const char *, size_t, void *) {
    ++calls_of_added;
    return ACL_SUCCESS;
}

aclError add_a_token_once(const char *, size_t, void *) {
    if (++calls_of_adding == 1) {
        CHECK(aclppAddInitCallback(ACL_REG_TYPE_OTHER, count_added, nullptr, nullptr, &added_handle) == ACL_SUCCESS);
    }
    return ACL_SUCCESS;
}

}  // namespace

// aclpp holds its registration lock across the vendor's aclInitCallbackRegister, which calls the
// dispatcher (and so the first token) at once: the lock is recursive (it used not to be, and the
// token's own add waited for ever on the thread that held it).
TEST_CASE("C-5 B-3 a token added by a token called at once at registration is called once too", "[B-3][C-5]") {
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);  // the runtime is up before the first OTHER token
    aclppCallbackHandle adding = 0;
    REQUIRE(aclppAddInitCallback(ACL_REG_TYPE_OTHER, add_a_token_once, nullptr, nullptr, &adding) == ACL_SUCCESS);
    CHECK(calls_of_adding == 1);
    CHECK(calls_of_added == 1);
    CHECK(aclppRemoveCallback(added_handle) == ACL_SUCCESS);
    CHECK(aclppRemoveCallback(adding) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}
