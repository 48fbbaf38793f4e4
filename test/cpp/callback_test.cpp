// C-5: callback tokens: any callable, unregistered on destruction, exceptions stopped at the C
// boundary and turned into an error code and a message.
#include <acl/callback.hpp>
#include <acl/session.hpp>

#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <type_traits>
#include <vector>

#include "catch.hpp"
#include "test_support.hpp"

static_assert(!std::is_copy_constructible_v<acl::InitCallback>);
static_assert(!std::is_copy_assignable_v<acl::InitCallback>);
static_assert(std::is_nothrow_move_constructible_v<acl::InitCallback>);
static_assert(std::is_nothrow_move_assignable_v<acl::InitCallback>);
static_assert(std::is_nothrow_destructible_v<acl::InitCallback>);
static_assert(!std::is_copy_constructible_v<acl::FinalizeCallback>);
static_assert(std::is_nothrow_move_constructible_v<acl::FinalizeCallback>);
static_assert(std::is_nothrow_move_assignable_v<acl::FinalizeCallback>);
static_assert(std::is_nothrow_destructible_v<acl::FinalizeCallback>);

TEST_CASE("C-5 a capturing lambda runs at init with the config bytes and at finalize", "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::vector<std::string> seen;
    int finalized = 0;
    std::error_code ec;
    {
        acl::InitCallback on_init = acl::InitCallback::create(
            acl::CallbackType::model, [&seen](std::string_view config) { seen.emplace_back(config); }, ec);
        REQUIRE_FALSE(ec);
        acl::FinalizeCallback on_finalize = acl::FinalizeCallback::create(
            acl::CallbackType::model, [&finalized] { ++finalized; }, ec);
        REQUIRE_FALSE(ec);
        CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 2);
        const acl::Config config{.err_msg_mode = acl::ErrMsgMode::process};
        {
            acl::Session session = acl::Session::create(config, ec);
            REQUIRE_FALSE(ec);
            REQUIRE(seen.size() == 1);
            CHECK(seen[0] == config.to_json());
            CHECK(finalized == 0);
        }
        CHECK(finalized == 1);
    }
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 0);
}

TEST_CASE("C-5 tokens of the same function shape never unregister each other", "[C-5][callback-api][P12]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::vector<int> order;
    std::error_code ec;
    auto make = [&](int id) {
        return acl::InitCallback::create(
            acl::CallbackType::other, [&order, id] { order.push_back(id); }, ec);
    };
    acl::InitCallback one = make(1);
    auto two = std::make_unique<acl::InitCallback>(make(2));
    acl::InitCallback three = make(3);
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 3);
    two.reset();  // unregisters exactly token 2
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 2);
    acl::Session session = acl::Session::create(acl::Config{}, ec);
    REQUIRE_FALSE(ec);
    CHECK(order == std::vector<int>{1, 3});
}

TEST_CASE("C-5 an exception from a callable becomes ACL_ERROR_FAILURE and a message", "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
#if ACLPP_EXCEPTIONS
    acl::InitCallback throwing = acl::InitCallback::create(
        acl::CallbackType::dvpp, []() -> void { throw std::runtime_error("model cache is corrupt"); }, ec);
    REQUIRE_FALSE(ec);
    acl::Session failed = acl::Session::create(acl::Config{}, ec);
    CHECK(ec == acl::Errc::failure);
    CHECK(failed.empty());
    CHECK(throwing.last_error() == "model cache is corrupt");
    CHECK(acl::last_callback_error() == "model cache is corrupt");
    CHECK(aclpp_test::ref_count() == 0);
    try {
        acl::Session session{acl::Config{}};
        FAIL("init succeeded although a callback threw");
    } catch (const acl::Error &e) {
        CHECK(e.errc() == acl::Errc::failure);
        CHECK(e.context().find("model cache is corrupt") != std::string::npos);
    }
    // An acl::Error thrown by a callable keeps its code. (The old token goes first: a second
    // registration for a non-other type is refused with 500000.)
    throwing.reset();
    throwing = acl::InitCallback::create(
        acl::CallbackType::dvpp, []() -> void { throw acl::Error(ACL_ERROR_RT_PARAM_INVALID, "mine"); }, ec);
    REQUIRE_FALSE(ec);
    acl::Session again = acl::Session::create(acl::Config{}, ec);
    CHECK(ec == acl::Errc::rt_param_invalid);
#else
    acl::InitCallback failing = acl::InitCallback::create(
        acl::CallbackType::dvpp, [] { return acl::Errc::rt_param_invalid; }, ec);
    acl::Session failed = acl::Session::create(acl::Config{}, ec);
    CHECK(ec == acl::Errc::rt_param_invalid);
#endif
}

TEST_CASE("C-5 callables may return bool, aclError, Errc or std::error_code", "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    SECTION("false") {
        acl::InitCallback cb = acl::InitCallback::create(
            acl::CallbackType::other, [] { return false; }, ec);
        acl::Session s = acl::Session::create(acl::Config{}, ec);
        CHECK(ec == acl::Errc::failure);
    }
    SECTION("aclError") {
        acl::InitCallback cb = acl::InitCallback::create(
            acl::CallbackType::other, [] { return aclError{ACL_ERROR_RT_FAILURE}; }, ec);
        acl::Session s = acl::Session::create(acl::Config{}, ec);
        CHECK(ec == acl::Errc::rt_failure);
    }
    SECTION("std::error_code of another category") {
        acl::InitCallback cb = acl::InitCallback::create(
            acl::CallbackType::other, [] { return std::make_error_code(std::errc::io_error); }, ec);
        acl::Session s = acl::Session::create(acl::Config{}, ec);
        CHECK(ec == acl::Errc::failure);
    }
    SECTION("true and an empty error_code") {
        acl::InitCallback a = acl::InitCallback::create(
            acl::CallbackType::other, [] { return true; }, ec);
        acl::InitCallback b = acl::InitCallback::create(
            acl::CallbackType::other, [] { return std::error_code(); }, ec);
        acl::Session s = acl::Session::create(acl::Config{}, ec);
        CHECK_FALSE(ec);
    }
}

TEST_CASE("C-5 a second token for a non-other type gets 500000 (L-7)", "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::InitCallback first = acl::InitCallback::create(
        acl::CallbackType::model, [] {}, ec);
    REQUIRE_FALSE(ec);
    acl::InitCallback second = acl::InitCallback::create(
        acl::CallbackType::model, [] {}, ec);
    CHECK(ec == acl::Errc::internal_error);
    CHECK_FALSE(static_cast<bool>(second));
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 1);
}

TEST_CASE("C-5 an init token registered while initialised runs at once (L-7)", "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Session session = acl::Session::create(acl::Config{}, ec);
    int calls = 0;
#if ACLPP_EXCEPTIONS
    acl::InitCallback late = session.on_init(acl::CallbackType::other, [&calls] { ++calls; });
#else
    acl::InitCallback late = acl::InitCallback::create(
        acl::CallbackType::other, [&calls] { ++calls; }, ec);
    REQUIRE_FALSE(ec);
#endif
    CHECK(calls == 1);
}

TEST_CASE("C-5 a token may be destroyed from inside its own callback", "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    std::optional<acl::FinalizeCallback> token;
    int calls = 0;
    token.emplace(acl::FinalizeCallback::create(
        acl::CallbackType::other,
        [&token, &calls] {
            ++calls;
            token.reset();  // unregisters itself; the callable lives until the call returns
        },
        ec));
    REQUIRE_FALSE(ec);
    { acl::Session session = acl::Session::create(acl::Config{}, ec); }
    CHECK(calls == 1);
    CHECK_FALSE(token.has_value());
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 0);
}

TEST_CASE("C-5 tokens from many threads register and unregister exactly their own entry", "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::atomic<int> calls{0};
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&calls, &failures] {
            for (int i = 0; i < 200; ++i) {
                std::error_code ec;
                acl::InitCallback cb = acl::InitCallback::create(
                    acl::CallbackType::other, [&calls] { ++calls; }, ec);
                if (ec || !cb) ++failures;  // Catch2 assertions are not thread-safe
            }
        });
    }
    for (std::thread &t : threads) t.join();
    CHECK(failures.load() == 0);
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 0);
    CHECK(calls.load() == 0);
}

TEST_CASE("C-5 a thousand tokens of each kind run in their registration order", "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    constexpr int kTokens = 1000;
    std::vector<int> inits;
    std::vector<int> finalizes;
    std::vector<acl::InitCallback> on_init;
    std::vector<acl::FinalizeCallback> on_finalize;
    std::error_code ec;
    int failures = 0;
    for (int i = 0; i < kTokens; ++i) {
        on_init.push_back(acl::InitCallback::create(
            acl::CallbackType::other, [&inits, i] { inits.push_back(i); }, ec));
        failures += ec ? 1 : 0;
        on_finalize.push_back(acl::FinalizeCallback::create(
            acl::CallbackType::other, [&finalizes, i] { finalizes.push_back(i); }, ec));
        failures += ec ? 1 : 0;
    }
    REQUIRE(failures == 0);
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 2 * kTokens);
    on_init.erase(on_init.begin() + 10);  // exactly token 10 goes
    { acl::Session session = acl::Session::create(acl::Config{}, ec); }
    REQUIRE_FALSE(ec);
    REQUIRE(inits.size() == kTokens - 1);
    REQUIRE(finalizes.size() == kTokens);
    CHECK(inits[9] == 9);
    CHECK(inits[10] == 11);
    CHECK(inits.back() == kTokens - 1);
    bool in_order = true;
    for (int i = 0; i < kTokens; ++i) in_order = in_order && finalizes[static_cast<std::size_t>(i)] == i;
    CHECK(in_order);
    on_init.clear();
    on_finalize.clear();
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 0);
}

TEST_CASE("C-5 a token destroyed while its callback runs on another thread waits for that call",
          "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::atomic<bool> entered{false};
    std::atomic<bool> leave{false};
    std::atomic<bool> callable_alive{true};
    struct Alive {
        std::atomic<bool> *flag;
        ~Alive() {
            if (flag != nullptr) flag->store(false);
        }
    };
    auto alive = std::make_shared<Alive>(&callable_alive);
    std::error_code ec;
    std::optional<acl::FinalizeCallback> token;
    token.emplace(acl::FinalizeCallback::create(
        acl::CallbackType::other,
        [&entered, &leave, alive = std::move(alive)] {
            entered = true;
            while (!leave) std::this_thread::yield();
        },
        ec));
    REQUIRE_FALSE(ec);
    std::thread finalizer([] {
        std::error_code session_ec;
        acl::Session session = acl::Session::create(acl::Config{}, session_ec);
    });
    while (!entered) std::this_thread::yield();
    std::atomic<bool> destroyed{false};
    std::thread destroyer([&] {
        token.reset();
        destroyed = true;
    });
    for (int i = 0; i < 1000; ++i) std::this_thread::yield();
    const bool destroyed_during_call = destroyed.load();
    const bool alive_during_call = callable_alive.load();
    leave = true;
    destroyer.join();
    finalizer.join();
    CHECK_FALSE(destroyed_during_call);
    CHECK(alive_during_call);
    CHECK_FALSE(callable_alive.load());  // released once the call returned
}

TEST_CASE("C-5 a Session's finalize callback runs at its finalize whichever of it and its token is declared first",
          "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    int finalized = 0;
    SECTION("the token declared after the Session (destroyed first: it hands the callback over)") {
        {
            acl::Session session = acl::Session::create(acl::Config{}, ec);
            REQUIRE_FALSE(ec);
            acl::FinalizeCallback token = session.on_finalize(
                acl::CallbackType::other, [&finalized] { ++finalized; }, ec);
            REQUIRE_FALSE(ec);
            REQUIRE(token);
        }
        CHECK(finalized == 1);
    }
    SECTION("the token declared before the Session (destroyed last: it unregisters)") {
        acl::FinalizeCallback token(nullptr);
        {
            acl::Session session = acl::Session::create(acl::Config{}, ec);
            REQUIRE_FALSE(ec);
            token = session.on_finalize(
                acl::CallbackType::other, [&finalized] { ++finalized; }, ec);
            REQUIRE_FALSE(ec);
        }
        CHECK(finalized == 1);
        CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 1);
    }
    SECTION("the token destroyed by an assignment, and the Session moved before it ends") {
        acl::Session moved(nullptr);
        {
            acl::Session session = acl::Session::create(acl::Config{}, ec);
            REQUIRE_FALSE(ec);
            acl::FinalizeCallback token = session.on_finalize(
                acl::CallbackType::other, [&finalized] { ++finalized; }, ec);
            token = acl::FinalizeCallback(nullptr);
            moved = std::move(session);
        }
        CHECK(finalized == 0);
        moved = acl::Session(nullptr);
        CHECK(finalized == 1);
    }
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 0);
}

TEST_CASE("C-5 a handed-over finalize callback never runs after its Session is gone", "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    int finalized = 0;
    acl::ScopedInit holder = acl::ScopedInit::create(ec);  // keeps the runtime past the Session
    REQUIRE_FALSE(ec);
    {
        acl::Session session = acl::Session::create(acl::Config{}, ec);
        REQUIRE_FALSE(ec);
        REQUIRE(session.joined());
        acl::FinalizeCallback token = session.on_finalize(
            acl::CallbackType::other, [&finalized] { ++finalized; }, ec);
        REQUIRE_FALSE(ec);
    }  // what the callable captures may die with the Session's scope: it must not run later
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 0);
    holder.close(ec);
    CHECK_FALSE(ec);
    CHECK(finalized == 0);
}

TEST_CASE("C-5 Session finalize tokens destroyed on many threads while the Session ends run once each",
          "[C-5][callback-api]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::atomic<int> finalized{0};
    std::error_code ec;
    std::optional<acl::Session> session;
    session.emplace(acl::Session::create(acl::Config{}, ec));
    REQUIRE_FALSE(ec);
    constexpr int kThreads = 4;
    constexpr int kTokensPerThread = 50;
    std::vector<std::vector<acl::FinalizeCallback>> tokens(kThreads);
    for (auto &list : tokens) {
        for (int i = 0; i < kTokensPerThread; ++i) {
            list.push_back(session->on_finalize(
                acl::CallbackType::other, [&finalized] { ++finalized; }, ec));
            REQUIRE_FALSE(ec);
        }
    }
    std::vector<std::thread> threads;
    for (auto &list : tokens) threads.emplace_back([&list] { list.clear(); });
    session.reset();  // the tokens are handed over, or still registered, when the runtime finalizes
    for (std::thread &t : threads) t.join();
    CHECK(finalized.load() == kThreads * kTokensPerThread);
    CHECK_WHERE_KNOWN(aclppRegisteredCallbackCount() == 0);
}

#if ACLPP_EXCEPTIONS
TEST_CASE("C-5 last_error() read while another thread records an error is one whole message", "[C-5]") {
    // Longer than the small-string buffer, so that an unguarded copy would read a buffer being
    // freed and replaced.
    const std::string first(100, 'a');
    const std::string second(300, 'b');
    auto fail = [&, n = 0]() mutable -> void { throw std::runtime_error(++n % 2 == 0 ? first : second); };
    acl::detail::TypedTarget<decltype(fail)> target(fail);
    std::atomic<bool> done{false};
    std::thread writer([&] {
        for (int i = 0; i < 20000; ++i) (void)target.invoke(nullptr, 0);
        done = true;
    });
    int reads = 0;
    int torn = 0;
    while (!done) {
        const std::string seen = target.last_error();
        if (!seen.empty() && seen != first && seen != second) ++torn;
        ++reads;
    }
    writer.join();
    CHECK(torn == 0);
    CHECK(reads > 0);
    CHECK(target.last_error() == first);  // the 20000th call throws `first`
}
#endif
