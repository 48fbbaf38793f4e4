// C-7: named holders (acl::holders()), the log hook (acl::set_log_handler). The trace itself
// (ACLPP_TRACE) is read once per process: test/cpp/trace_check.py runs trace_main.cpp with it.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <acl/runtime.hpp>
#include <acl/session.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "catch.hpp"
#include "test_support.hpp"

using aclpp_test::ref_count;

namespace {

constexpr std::string_view kProcessMode = R"({"err_msg_mode":"1"})";
constexpr std::string_view kThreadMode = R"({"err_msg_mode":"0"})";

struct LogRecorder {
    static inline std::mutex mutex;
    static inline std::vector<std::string> lines;
    static void handler(std::string_view message) noexcept {
        std::lock_guard lock(mutex);
        lines.emplace_back(message);
    }
    LogRecorder() {
        lines.clear();
        previous = acl::set_log_handler(&handler);
    }
    ~LogRecorder() { acl::set_log_handler(previous); }
    LogRecorder(const LogRecorder &) = delete;
    LogRecorder &operator=(const LogRecorder &) = delete;
    acl::LogHandler previous = nullptr;
};

const acl::Holder *find(const acl::HolderList &list, std::string_view name) {
    for (const acl::Holder &h : list.holders) {
        if (h.name == name) return &h;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("C-7 acl::holders() lists two named sessions: name, thread, since, owner or joined", "[C-7]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const auto before = std::chrono::system_clock::now() - std::chrono::seconds(1);
    {
        acl::Session framework{acl::ConfigText{kProcessMode}, acl::SessionOptions{.name = "framework"}};
        acl::Session plugin{acl::ConfigText{kProcessMode},
                            acl::SessionOptions{.name = "plugin", .policy = acl::JoinPolicy::strict}};
        const acl::HolderList list = acl::holders();
        REQUIRE(list.holders.size() == 2);
        CHECK_FALSE(list.started_outside_aclpp);
        const acl::Holder *f = find(list, "framework");
        const acl::Holder *p = find(list, "plugin");
        REQUIRE(f != nullptr);
        REQUIRE(p != nullptr);
        CHECK(f->ownership == acl::Ownership::owner);
        CHECK(p->ownership == acl::Ownership::joined);
        CHECK(f->thread == static_cast<std::uint64_t>(gettid()));
        CHECK(f->since >= before);
        CHECK(f->since <= std::chrono::system_clock::now() + std::chrono::seconds(1));
        CHECK(f->epoch == framework.scoped_init().epoch());
        // The registry counts nothing: every reference here is a holder's, so the two agree.
        CHECK(ref_count() == list.holders.size());
        {
            acl::ScopedInit unnamed;
            CHECK(acl::holders().holders.size() == 3);
            CHECK(find(acl::holders(), "") != nullptr);
        }
        plugin.close();
        const acl::HolderList after = acl::holders();
        REQUIRE(after.holders.size() == 1);
        CHECK(after.holders[0].name == "framework");
    }
    CHECK(acl::holders().holders.empty());
}

TEST_CASE("C-7 a moved handle keeps its entry; release() drops it and leaves the reference", "[C-7][reference-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    acl::ScopedInit first{acl::HolderOptions{.name = "first"}};
    acl::ScopedInit moved = std::move(first);
    REQUIRE(acl::holders().holders.size() == 1);
    CHECK(acl::holders().holders[0].name == "first");
    {
        acl::ScopedInit second{acl::ConfigText{"{}"}, acl::HolderOptions{.name = "second"}};
        REQUIRE(second.release());
    }
    CHECK(acl::holders().holders.size() == 1);
    CHECK(ref_count() == 2);  // the released reference is the caller's now
    CHECK(aclpp_test::give_back_reference() == ACL_SUCCESS);
}

TEST_CASE("C-7 a name is cut at 63 bytes", "[C-7]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const std::string long_name(100, 'n');
    acl::ScopedInit init{acl::HolderOptions{.name = long_name}};
    REQUIRE(acl::holders().holders.size() == 1);
    CHECK(acl::holders().holders[0].name == long_name.substr(0, 63));
}

TEST_CASE("C-7 a runtime a plain aclInit started is started outside aclpp", "[C-7][reference-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    {
        acl::ScopedInit joined{acl::HolderOptions{.name = "late"}};
        const acl::HolderList list = acl::holders();
        CHECK(list.started_outside_aclpp);
        REQUIRE(list.holders.size() == 1);
        CHECK(list.holders[0].ownership == acl::Ownership::joined);
        CHECK_WHERE_KNOWN(ref_count() == 2);  // one count: the plain reference is simply no holder
    }
    CHECK(aclpp_test::give_back_reference() == ACL_SUCCESS);
    CHECK_FALSE(acl::holders().started_outside_aclpp);  // nothing is live
}

TEST_CASE("C-7 a holder whose runtime another aclFinalize tore down is not listed", "[C-7][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    acl::ScopedInit init{acl::HolderOptions{.name = "stale"}};
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(acl::holders().holders.empty());
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(acl::holders().holders.empty());  // a later runtime: the old entry is not its holder
    CHECK(acl::holders().started_outside_aclpp);
    std::error_code ec;
    init.close(ec);
    CHECK(ec.value() == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(aclpp_test::give_back_reference() == ACL_SUCCESS);
}

TEST_CASE("C-7 a fork child's holder reports the child's own thread id", "[C-7][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    acl::ScopedInit parent{acl::HolderOptions{.name = "parent"}};
    REQUIRE(acl::holders().holders[0].thread == static_cast<std::uint64_t>(gettid()));  // caches the id
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        // L-10: the parent's holder holds nothing here; the child's own holder is the only one.
        int rc = 0;
        if (!acl::holders().holders.empty()) rc |= 1;
        std::error_code ec;
        acl::ScopedInit mine = acl::ScopedInit::create(ec, acl::HolderOptions{.name = "child"});
        const acl::HolderList list = acl::holders(ec);
        if (list.holders.size() != 1 || list.holders[0].name != "child") rc |= 2;
        if (!list.holders.empty() && list.holders[0].thread != static_cast<std::uint64_t>(gettid())) rc |= 4;
        _exit(rc);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);  // 4: the child listed its parent's cached thread id
    CHECK(acl::holders().holders.size() == 1);
}

TEST_CASE("C-7 set_log_handler receives the join-difference warning; nullptr restores stderr", "[C-7][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    acl::Session framework{acl::ConfigText{kProcessMode}};
    {
        LogRecorder recorder;
        acl::Session plugin{acl::ConfigText{kThreadMode}, acl::SessionOptions{.name = "plugin"}};
        REQUIRE(LogRecorder::lines.size() == 1);
        CHECK(LogRecorder::lines[0].find("/err_msg_mode") != std::string::npos);
        CHECK(LogRecorder::lines[0].find("joined a runtime initialised with a different config") != std::string::npos);
    }
    // Restored: the next warning goes to stderr, caught here in a file.
    const acl::LogHandler none = acl::set_log_handler(nullptr);
    CHECK(none == nullptr);
    char path[] = "/tmp/aclpp-log-XXXXXX";
    const int file = mkstemp(path);
    REQUIRE(file >= 0);
    std::fflush(stderr);
    const int saved = dup(STDERR_FILENO);
    dup2(file, STDERR_FILENO);
    { acl::Session plugin{acl::ConfigText{kThreadMode}}; }
    dup2(saved, STDERR_FILENO);
    close(saved);
    close(file);
    std::ifstream in(path);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    unlink(path);
    CHECK(text.find("/err_msg_mode") != std::string::npos);
    CHECK(LogRecorder::lines.size() == 1);  // the recorder was gone
}

TEST_CASE("C-7 set_log_handler receives a destructor failure", "[C-7][full-lifecycle][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    LogRecorder recorder;
    {
        acl::ScopedInit init{acl::HolderOptions{.name = "failing"}};
        REQUIRE(aclppTestingInjectFault(ACLPP_STEP_FINALIZE_OTHER_CALLBACKS, ACL_ERROR_FAILURE, 0, 1) == ACL_SUCCESS);
    }
    REQUIRE(LogRecorder::lines.size() == 1);
    CHECK(LogRecorder::lines[0].find("aclFinalizeReference failed in the destructor of acl::ScopedInit") !=
          std::string::npos);
    CHECK(acl::holders().holders.empty());  // the handle is gone; the runtime kept its reference
    CHECK(ref_count() == 1);
    CHECK(aclpp_test::give_back_reference() == ACL_SUCCESS);
}

TEST_CASE("C-7 holders join, leave and are listed from several threads at once", "[C-7][threads]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    acl::Session base{acl::ConfigText{"{}"}, acl::SessionOptions{.name = "base"}};
    std::atomic<bool> stop{false};
    std::atomic<int> bad{0};
    std::thread lister([&] {
        while (!stop.load()) {
            std::error_code ec;
            const acl::HolderList list = acl::holders(ec);
            if (ec || list.holders.empty() || list.holders.size() > 5) ++bad;
            for (const acl::Holder &h : list.holders) {
                if (h.name != "base" && h.name.rfind("worker-", 0) != 0) ++bad;
            }
        }
    });
    std::vector<std::thread> workers;
    for (int t = 0; t < 4; ++t) {
        workers.emplace_back([t, &bad] {
            const std::string name = "worker-" + std::to_string(t);
            for (int i = 0; i < 300; ++i) {
                std::error_code ec;
                acl::ScopedInit init = acl::ScopedInit::create(ec, acl::HolderOptions{.name = name});
                if (ec || !init.joined()) ++bad;
            }
        });
    }
    for (std::thread &w : workers) w.join();
    stop = true;
    lister.join();
    CHECK(bad.load() == 0);
    const acl::HolderList list = acl::holders();
    REQUIRE(list.holders.size() == 1);
    CHECK(list.holders[0].name == "base");
}
