// C-2: acl::Session: a typed config handed over as bytes, a join policy that names the
// differing keys, the effective configuration, and an explicit close().
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>
#include <acl/session.hpp>

#include <atomic>
#include <cstdio>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

#include "catch.hpp"
#include "test_support.hpp"

using aclpp_test::ref_count;

static_assert(!std::is_copy_constructible_v<acl::Session>);
static_assert(!std::is_copy_assignable_v<acl::Session>);
static_assert(std::is_nothrow_move_constructible_v<acl::Session>);
static_assert(std::is_nothrow_move_assignable_v<acl::Session>);
static_assert(std::is_nothrow_destructible_v<acl::Session>);

namespace {

acl::Config process_mode() {
    return acl::Config{.err_msg_mode = acl::ErrMsgMode::process};
}

struct JoinWarnings {
    static inline std::vector<acl::JoinReport> reports;
    static void handler(const acl::JoinReport &report) noexcept { reports.push_back(report); }
    JoinWarnings() {
        reports.clear();
        previous = acl::set_join_warning_handler(&handler);
    }
    ~JoinWarnings() { acl::set_join_warning_handler(previous); }
    JoinWarnings(const JoinWarnings &) = delete;
    JoinWarnings &operator=(const JoinWarnings &) = delete;
    acl::JoinWarningHandler previous = nullptr;
};

bool has_pointer(const std::vector<acl::ConfigDifference> &list, std::string_view pointer) {
    for (const acl::ConfigDifference &d : list) {
        if (d.pointer == pointer) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("C-2 Session hands its config to the core as bytes, never a file", "[C-2]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const acl::Config config = process_mode();
    std::error_code ec;
    acl::Session session = acl::Session::create(config, ec);
    REQUIRE_FALSE(ec);
    CHECK(session.is_owner());
    CHECK(session.requested_json() == config.to_json());
    CHECK(acl::config_bytes(ec) == config.to_json());
    CHECK_FALSE(ec);
}

TEST_CASE("C-2 Session exposes the effective configuration", "[C-2]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Session session =
        acl::Session::create(acl::Config{.err_msg_mode = acl::ErrMsgMode::process, .max_opqueue_num = 30000u}, ec);
    REQUIRE_FALSE(ec);
    const std::string text = session.effective_json(ec);
    REQUIRE_FALSE(ec);
    const auto effective = acl::JsonValue::parse(text);
    REQUIRE(effective);
    const acl::JsonValue *mode = aclpp_test::setting(*effective, "/err_msg_mode");
    REQUIRE(mode != nullptr);
    CHECK(mode->text() == "1");
    const acl::JsonValue *queue = aclpp_test::setting(*effective, "/max_opqueue_num");
    REQUIRE(queue != nullptr);
    // IPV350 lacks the key: a warning, and the default stays (P-4).
    const bool compact = aclppGetLifecycleKind() == ACLPP_LIFECYCLE_COMPACT;
    CHECK(queue->text() == (compact ? "20000" : "30000"));
}

TEST_CASE("C-2 JoinPolicy::strict refuses a runtime with another config and names the keys", "[C-2][P5]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Session first =
        acl::Session::create(acl::Config{.err_msg_mode = acl::ErrMsgMode::thread, .max_opqueue_num = 100u}, ec);
    REQUIRE_FALSE(ec);
    acl::Session second = acl::Session::create(process_mode(), ec, acl::JoinPolicy::strict);
    CHECK(ec == acl::Errc::invalid_param);
    CHECK(second.empty());
    CHECK(ref_count() == 1);  // the joined reference was given back
#if ACLPP_EXCEPTIONS
    try {
        acl::Session third{process_mode(), acl::JoinPolicy::strict};
        FAIL("a conflicting strict join succeeded");
    } catch (const acl::Error &e) {
        CHECK(e.errc() == acl::Errc::invalid_param);
        CHECK(e.function() == "acl::Session");
        CHECK(e.context().find("/err_msg_mode") != std::string::npos);
        CHECK(e.context().find("\"1\"") != std::string::npos);
    }
    CHECK(ref_count() == 1);
#endif
}

TEST_CASE("C-2 JoinPolicy::warn keeps the reference and reports the differing pointers", "[C-2][P5]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    JoinWarnings warnings;
    std::error_code ec;
    acl::Session first = acl::Session::create(acl::Config{.dump = acl::Dump{.path = "./"}}, ec);
    REQUIRE_FALSE(ec);
    acl::Session second =
        acl::Session::create(acl::Config{.err_msg_mode = acl::ErrMsgMode::process, .dump = acl::Dump{.path = "/tmp"}},
                             ec, acl::JoinPolicy::warn);
    REQUIRE_FALSE(ec);
    CHECK(second.joined());
    CHECK(ref_count() == 2);
    REQUIRE(warnings.reports.size() == 1);
    const acl::JoinReport &report = second.join_report();
    CHECK(report.joined);
    CHECK(report.compared);
    CHECK_FALSE(report.compatible());
    CHECK(has_pointer(report.conflicts, "/err_msg_mode"));
    CHECK(has_pointer(report.conflicts, "/dump/dump_path"));
    CHECK(report.conflicts.size() == 2);
    CHECK(report.describe().find("/dump/dump_path: requested \"/tmp\", runtime has \"./\"") != std::string::npos);
}

TEST_CASE("C-2 JoinPolicy::ignore stays silent but keeps the report", "[C-2]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    JoinWarnings warnings;
    std::error_code ec;
    acl::Session first = acl::Session::create(acl::Config{}, ec);
    acl::Session second = acl::Session::create(process_mode(), ec, acl::JoinPolicy::ignore);
    REQUIRE_FALSE(ec);
    CHECK(second.joined());
    CHECK(warnings.reports.empty());
    CHECK(has_pointer(second.join_report().conflicts, "/err_msg_mode"));
}

TEST_CASE("C-2 a join with the same config, a subset or defaults is compatible", "[C-2]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    JoinWarnings warnings;
    std::error_code ec;
    const acl::Config full{.err_msg_mode = acl::ErrMsgMode::process, .dump = acl::Dump{.path = "./"}};
    acl::Session first = acl::Session::create(full, ec);
    REQUIRE_FALSE(ec);
    acl::Session same = acl::Session::create(full, ec, acl::JoinPolicy::strict);
    REQUIRE_FALSE(ec);
    CHECK(same.join_report().compatible());
    CHECK(same.join_report().extras.empty());

    acl::Session subset = acl::Session::create(process_mode(), ec, acl::JoinPolicy::strict);
    REQUIRE_FALSE(ec);
    CHECK(subset.join_report().compatible());
    CHECK(has_pointer(subset.join_report().extras, "/dump"));

    // dump_mode "output" is the runtime's default: asking for it explicitly is no conflict.
    acl::Session defaults =
        acl::Session::create(acl::Config{.err_msg_mode = acl::ErrMsgMode::process,
                                         .dump = acl::Dump{.path = "./", .mode = acl::DumpMode::output}},
                             ec, acl::JoinPolicy::strict);
    REQUIRE_FALSE(ec);
    CHECK(defaults.join_report().compatible());

    acl::Session nothing = acl::Session::create(acl::ConfigText{""}, ec, acl::JoinPolicy::strict);
    REQUIRE_FALSE(ec);
    CHECK(nothing.joined());
    CHECK(warnings.reports.empty());
}

TEST_CASE("C-2 a Session without config joins anything", "[C-2]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Session first = acl::Session::create(process_mode(), ec);
    REQUIRE_FALSE(ec);
#if ACLPP_EXCEPTIONS
    acl::Session second;
    CHECK(second.joined());
    CHECK(second.join_report().compatible());
#endif
}

TEST_CASE("C-2 a Session from a config file", "[C-2][full-lifecycle]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const std::string path = "aclpp_session_test.json";
    std::FILE *f = std::fopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    std::fputs(R"({"err_msg_mode":"1"})", f);
    std::fclose(f);
    std::error_code ec;
    {
        acl::Session owner = acl::Session::create(acl::ConfigFile{path}, ec);
        REQUIRE_FALSE(ec);
        CHECK(owner.is_owner());
        acl::Session strict = acl::Session::create(acl::ConfigFile{path}, ec, acl::JoinPolicy::strict);
        REQUIRE_FALSE(ec);
        CHECK(strict.joined());
        CHECK(strict.join_report().compared);
        CHECK(strict.join_report().compatible());
    }
    std::remove(path.c_str());
    acl::Session missing = acl::Session::create(acl::ConfigFile{path}, ec);
    CHECK(ec == acl::Errc::invalid_file);
}

namespace {
void write_file(const std::string &path, const std::string &content) {
    std::FILE *f = std::fopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    REQUIRE(std::fwrite(content.data(), 1, content.size(), f) == content.size());
    std::fclose(f);
}
}  // namespace

TEST_CASE("F-2 C-2 a Session joining from a config file reads it through the core's checks",
          "[F-2][C-2][full-lifecycle]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    // Per process: cpp/session and its -fno-exceptions twin run at the same time.
    const std::string path = "aclpp_session_join_test." + std::to_string(getpid()) + ".json";
    write_file(path, R"({"err_msg_mode":"1"})");
    std::error_code ec;
    {
        acl::Session owner = acl::Session::create(acl::ConfigFile{path}, ec);
        REQUIRE_FALSE(ec);
        // The runtime runs the bytes it read; the file changes on disk afterwards.
        write_file(path, R"({"err_msg_mode":"0"})");
        acl::Session strict = acl::Session::create(acl::ConfigFile{path}, ec, acl::JoinPolicy::strict);
        CHECK(ec == acl::Errc::invalid_param);
        CHECK(strict.empty());

        // Over 10 MiB: aclInit would give 100003 without reading it (F-2), so the join does not
        // read it either and has nothing to compare.
        std::string big = R"({"err_msg_mode":"0"})";
        big.resize(10u * 1024u * 1024u + 1u, ' ');
        write_file(path, big);
        acl::Session oversized = acl::Session::create(acl::ConfigFile{path}, ec, acl::JoinPolicy::strict);
        REQUIRE_FALSE(ec);
        CHECK(oversized.joined());
        CHECK_FALSE(oversized.join_report().compared);
        CHECK(oversized.requested_json().empty());

        // A FIFO with no writer: the core refuses it without opening it for reading, so the
        // join does not block.
        std::remove(path.c_str());
        REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
        acl::Session fifo = acl::Session::create(acl::ConfigFile{path}, ec, acl::JoinPolicy::strict);
        REQUIRE_FALSE(ec);
        CHECK_FALSE(fifo.join_report().compared);
    }
    std::remove(path.c_str());
}

namespace {
/// How many times `path` is opened while `body` runs (inotify). Closes are watched too: inotify
/// merges an event into an identical one still queued, and open, close, open, close has none.
template <class Body>
int opens_of(const std::string &path, Body &&body) {
    const int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    REQUIRE(fd >= 0);
    REQUIRE(::inotify_add_watch(fd, path.c_str(), IN_OPEN | IN_CLOSE) >= 0);
    body();
    int opens = 0;
    alignas(inotify_event) char buffer[4096];
    for (ssize_t n = 0; (n = ::read(fd, buffer, sizeof buffer)) > 0;) {
        for (ssize_t at = 0; at < n;) {
            const auto *event = reinterpret_cast<const inotify_event *>(buffer + at);
            opens += (event->mask & IN_OPEN) != 0 ? 1 : 0;
            at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
    ::close(fd);
    return opens;
}
}  // namespace

// [emulated]: the count is the emulated runtime's; the vendor's aclInit opens the file once per
// sub-parser (11 opens over the reference runtime, B-8).
TEST_CASE("F-2 C-2 a Session from a config file reads it once: the runtime, or the join's comparison",
          "[F-2][C-2][full-lifecycle][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const std::string path = "aclpp_session_read_once_test.json";
    write_file(path, R"({"err_msg_mode":"1"})");
    std::error_code ec;
    {
        acl::Session owner{nullptr};
        CHECK(opens_of(path, [&] { owner = acl::Session::create(acl::ConfigFile{path}, ec); }) == 1);
        REQUIRE_FALSE(ec);
        CHECK(owner.is_owner());
        acl::Session joiner{nullptr};
        CHECK(opens_of(path, [&] {
                  joiner = acl::Session::create(acl::ConfigFile{path}, ec, acl::JoinPolicy::strict);
              }) == 1);
        REQUIRE_FALSE(ec);
        CHECK(joiner.joined());
        CHECK(joiner.join_report().compared);
    }
    std::remove(path.c_str());
}

TEST_CASE("C-2 an invalid config fails the session with the core's code", "[C-2][full-lifecycle]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Session bad = acl::Session::create(acl::Config{.dump = acl::Dump{.op_switch = true}}, ec);
    CHECK(ec == acl::Errc::invalid_dump_config);
    CHECK(bad.empty());
#if ACLPP_EXCEPTIONS
    try {
        acl::Session s{acl::Config{.dump = acl::Dump{.op_switch = true}}};
        FAIL("an invalid config initialised");
    } catch (const acl::Error &e) {
        CHECK(e.errc() == acl::Errc::invalid_dump_config);
        CHECK(e.function() == "aclppInitFromBuffer");
        CHECK(e.recent_message().find("/dump/dump_path") != std::string::npos);
    }
#endif
    CHECK(ref_count() == 0);
}

TEST_CASE("C-2 close() reports errors and the session keeps its reference", "[C-2][full-lifecycle][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Session session = acl::Session::create(process_mode(), ec);
    REQUIRE(aclppTestingInjectFault(ACLPP_STEP_FINALIZE_MODEL_CALLBACKS, ACL_ERROR_FAILURE, 0, 1) == ACL_SUCCESS);
    session.close(ec);
    CHECK(ec == acl::Errc::failure);
    CHECK(static_cast<bool>(session));
    session.close(ec);
    CHECK_FALSE(ec);
    CHECK(session.empty());
}
