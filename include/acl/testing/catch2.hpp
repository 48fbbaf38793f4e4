// acl/testing/catch2.hpp: Catch2 support for code that uses aclpp (docs/faq.md P10).
//
// Works with Catch2 v2.13 (<catch2/catch.hpp>) and v3 (<catch2/catch_all.hpp>); it includes the
// right one itself. What it gives:
//
//   ACLPP_CATCH2_SESSION_LISTENER();   // in exactly one .cpp of the test executable
//
//     A listener that holds one runtime reference for the whole test run: aclInit(NULL) when the
//     run starts (100002 counts: it joined a runtime that was already up) and
//     aclFinalizeReference when it ends. Suites then neither tear down each other's runtime nor
//     pay an init and a finalize per test. After each test case it also reports on stderr what
//     the test left behind, and if a test tore the runtime down it takes a new reference so that
//     the tests after it still run on a live runtime.
//     With Catch2 v2, include this header before <catch2/catch.hpp> in that .cpp (it needs
//     Catch's listener interfaces, which catch.hpp only declares when asked first).
//
//   ACLPP_CATCH2_FRESH_RUNTIME_LISTENER();   // instead, in one .cpp: a fresh runtime per test case
//
//     Emulated runtime only (it calls aclppTestingReset). Before each test case the process is
//     returned to a fresh process's lifecycle state: not initialised, no remembered config, no
//     callbacks, no injected faults, the platform read again from the environment. So every
//     test's first aclInit is a first init with its own config, in any order. After each test
//     case it reports on stderr what the test left behind and finalizes a runtime it left up.
//     The same include order as above with Catch2 v2; never together with the session listener.
//
//   TEST_CASE_METHOD(acl::testing::LifecycleBaseline, "...") { ... }
//   or { acl::testing::LifecycleBaseline baseline; ... }   // declared first in the test
//
//     Records the reference count, aclppDevicesInUse() and aclppRegisteredCallbackCount() when
//     constructed, and fails the running test when destroyed if they are not back where they
//     were: a leaked device, callback or reference makes the leaking test fail, not a later one.
//
//   CHECK_THAT(R"({"dump":{"dump_path":""}})", acl::testing::FailsWith(acl::Errc::invalid_dump_config,
//                                                                       "/dump/dump_path"));
//
//     Matchers over a config text (validated with aclppValidateBuffer, touching no state) or an
//     aclppReport*: FailsWith (aclInit would return the code, and an error with that code is at
//     the pointer) and HasError (some error with the code is at the pointer).
//
//   Catch::StringMaker for acl::Errc ("ACL_ERROR_INVALID_DUMP_CONFIG (100009)"), acl::Error and
//   aclppReport*, so assertions print names and findings instead of numbers and addresses.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <acl/error.hpp>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_test_case_info.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/catch_tostring.hpp>
#include <catch2/interfaces/catch_interfaces_reporter.hpp>
#include <catch2/matchers/catch_matchers_templated.hpp>
#include <catch2/reporters/catch_reporter_event_listener.hpp>
#include <catch2/reporters/catch_reporter_registrars.hpp>
#define ACLPP_TESTING_CATCH2_V3 1
#define ACLPP_TESTING_CATCH2_LISTENER 1
#else
// catch.hpp declares the listener base only when CATCH_CONFIG_EXTERNAL_INTERFACES is defined
// before its first inclusion (or in the TU that holds Catch's main).
#if defined(TWOBLUECUBES_SINGLE_INCLUDE_CATCH_HPP_INCLUDED) && !defined(CATCH_CONFIG_EXTERNAL_INTERFACES)
#define ACLPP_TESTING_CATCH2_LISTENER 0
#else
#ifndef CATCH_CONFIG_EXTERNAL_INTERFACES
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#endif
#define ACLPP_TESTING_CATCH2_LISTENER 1
#endif
#include <catch2/catch.hpp>
#define ACLPP_TESTING_CATCH2_V3 0
#endif

// The user may have asked Catch for prefixed macro names only.
#if defined(CATCH_CONFIG_PREFIX_ALL)
#define ACLPP_TESTING_FAIL_CHECK CATCH_FAIL_CHECK
#else
#define ACLPP_TESTING_FAIL_CHECK FAIL_CHECK
#endif

namespace acl {
inline namespace v1 {
namespace testing {

/// The parts of the process state a test must leave as it found them.
struct LifecycleSnapshot {
    std::uint64_t ref_count = 0;       ///< aclInit references (aclppLifecycleState::refCount)
    std::uint64_t epoch = 0;           ///< successful 0->1 inits so far
    std::uint64_t devices_in_use = 0;  ///< aclppDevicesInUse(): aclrtSetDevice counts not reset
    std::size_t callbacks = 0;         ///< aclppRegisteredCallbackCount(): init + finalize callbacks

    /// The state now.
    [[nodiscard]] static LifecycleSnapshot current() noexcept {
        LifecycleSnapshot snapshot;
        aclppLifecycleState state{};
        if (aclppGetLifecycleState(&state) == ACL_SUCCESS) {
            snapshot.ref_count = state.refCount;
            snapshot.epoch = state.epoch;
        }
        snapshot.devices_in_use = aclppDevicesInUse();
        snapshot.callbacks = aclppRegisteredCallbackCount();
        return snapshot;
    }

    friend bool operator==(const LifecycleSnapshot &, const LifecycleSnapshot &) = default;
};

/// What changed between `before` and `after`, one line per problem, each saying what the test
/// most likely did; "" when nothing leaked.
[[nodiscard]] inline std::string describe_leaks(const LifecycleSnapshot &before, const LifecycleSnapshot &after) {
    std::string text;
    const auto line = [&](std::string_view what, auto was, auto now, std::string_view why) {
        text.append("  ").append(what).append(": ").append(std::to_string(was)).append(" at the start, ");
        text.append(std::to_string(now)).append(" at the end (").append(why).append(")\n");
    };
    if (after.ref_count > before.ref_count) {
        line("runtime references", before.ref_count, after.ref_count,
             "an aclInit without its aclFinalizeReference; a 100002 from aclInit is a reference too");
    } else if (after.ref_count < before.ref_count) {
        line("runtime references", before.ref_count, after.ref_count,
             "a reference released that the test did not take, or an aclFinalize, which tears the runtime "
             "down for every holder; release your own reference with aclFinalizeReference");
    } else if (before.ref_count > 0 && after.epoch != before.epoch) {
        // Same count but a new epoch: finalized and initialised again under the other holders.
        line("runtime epoch", before.epoch, after.epoch,
             "the runtime was torn down and initialised again while others held it; their devices, "
             "limits and config were reset");
    }
    if (after.devices_in_use > before.devices_in_use) {
        line("devices in use", before.devices_in_use, after.devices_in_use,
             "an aclrtSetDevice without its aclrtResetDevice");
    } else if (after.devices_in_use < before.devices_in_use) {
        line("devices in use", before.devices_in_use, after.devices_in_use,
             "a device reset that the test did not set, or a finalize that reset every device");
    }
    if (after.callbacks > before.callbacks) {
        line("registered callbacks", before.callbacks, after.callbacks,
             "an init or finalize callback registered and never unregistered");
    } else if (after.callbacks < before.callbacks) {
        line("registered callbacks", before.callbacks, after.callbacks,
             "a callback unregistered that the test did not register");
    }
    return text;
}

/// A fixture (TEST_CASE_METHOD) or scope guard that fails the running test when the test does
/// not restore the lifecycle state it started with. As a local, declare it first so that it is
/// destroyed after everything the test owns.
class LifecycleBaseline {
public:
    LifecycleBaseline() noexcept
        : baseline_(LifecycleSnapshot::current()), uncaught_on_entry_(std::uncaught_exceptions()) {}
    LifecycleBaseline(const LifecycleBaseline &) = delete;
    LifecycleBaseline &operator=(const LifecycleBaseline &) = delete;

    // noexcept: a failure is recorded with FAIL_CHECK, never thrown. When the test is already
    // unwinding from a failed REQUIRE or an exception, its cleanup was skipped on purpose, so a
    // leak report would only repeat that failure.
    ~LifecycleBaseline() {
        if (dismissed_ || std::uncaught_exceptions() > uncaught_on_entry_) return;
        try {
            const std::string leaks = this->leaks();
            if (!leaks.empty()) {
                ACLPP_TESTING_FAIL_CHECK("the test did not restore the aclpp lifecycle state:\n" << leaks);
            }
        } catch (...) {
            // Catch throws to stop a test only after recording the failure (abort-after mode);
            // the failure is already reported.
        }
    }

    /// The state recorded at construction (or by the last rebaseline()).
    [[nodiscard]] const LifecycleSnapshot &baseline() const noexcept { return baseline_; }
    /// What differs from the baseline now, as describe_leaks() words it; "" when nothing.
    [[nodiscard]] std::string leaks() const { return describe_leaks(baseline_, LifecycleSnapshot::current()); }
    /// Accepts the current state as the baseline (after deliberately keeping something).
    void rebaseline() noexcept { baseline_ = LifecycleSnapshot::current(); }
    /// Skips the check at destruction.
    void dismiss() noexcept { dismissed_ = true; }

private:
    LifecycleSnapshot baseline_;
    int uncaught_on_entry_;
    bool dismissed_ = false;
};

namespace detail {

inline std::string errc_text(aclError code) {
    return std::string(aclppErrorName(code)) + " (" + std::to_string(code) + ")";
}

inline std::string report_text(const aclppReport *report) {
    if (report == nullptr) return "aclppReport{nullptr}";
    std::string text = "aclppReport{aclInit would return " + errc_text(aclppReportResult(report));
    const std::size_t count = aclppReportFindingCount(report);
    if (count == 0) text += "; no findings";
    for (std::size_t i = 0; i < count; ++i) {
        aclppFinding finding{};
        if (aclppReportGetFinding(report, i, &finding) != ACL_SUCCESS) continue;
        text += "; ";
        text += finding.severity == ACLPP_SEVERITY_ERROR     ? "error "
                : finding.severity == ACLPP_SEVERITY_WARNING ? "warning"
                                                             : "note";
        if (finding.severity == ACLPP_SEVERITY_ERROR) text += std::to_string(finding.code);
        text += " at \"";
        text += finding.pointer;
        text += "\": ";
        text += finding.message;
    }
    return text + "}";
}

/// The matcher behind FailsWith and HasError.
// Catch2 v3 composes matchers derived from MatcherGenericBase (&&, ||, !); v2 only needs a type
// with match() and toString().
class FindingMatcher final
#if ACLPP_TESTING_CATCH2_V3
    : public Catch::Matchers::MatcherGenericBase
#endif
{
public:
    FindingMatcher(aclError code, std::optional<std::string> pointer, bool decisive)
        : code_(code), pointer_(std::move(pointer)), decisive_(decisive) {}

    /// Validates config texts for this SoC (default: the platform the next aclInit would use).
    [[nodiscard]] FindingMatcher on_soc(std::string soc) && {
        soc_ = std::move(soc);
        return std::move(*this);
    }

    [[nodiscard]] bool match(const aclppReport *report) const {
        observed_ = report_text(report);
        if (report == nullptr) return false;
        if (decisive_ && aclppReportResult(report) != code_) return false;
        const std::size_t count = aclppReportFindingCount(report);
        for (std::size_t i = 0; i < count; ++i) {
            aclppFinding finding{};
            if (aclppReportGetFinding(report, i, &finding) != ACL_SUCCESS) continue;
            if (finding.severity != ACLPP_SEVERITY_ERROR || finding.code != code_) continue;
            if (!pointer_ || *pointer_ == finding.pointer) return true;
        }
        return false;
    }

    [[nodiscard]] bool match(std::string_view config_text) const {
        aclppReport *report = nullptr;
        const aclError rc =
            aclppValidateBuffer(config_text.data(), config_text.size(), soc_.empty() ? nullptr : soc_.c_str(), &report);
        if (report == nullptr) {
            observed_ = "aclppValidateBuffer refused the input with " + errc_text(rc) +
                        (soc_.empty() ? std::string() : " (is \"" + soc_ + "\" a known SoC?)");
            return false;
        }
        const bool matched = match(static_cast<const aclppReport *>(report));
        aclppReportFree(report);
        return matched;
    }

#if ACLPP_TESTING_CATCH2_V3
    std::string describe() const override {
        return description();
    }
#else
    [[nodiscard]] std::string toString() const {
        return description();
    }
#endif

    /// What the matcher expects and, once it has run, what validation gave.
    [[nodiscard]] std::string description() const {
        std::string text = decisive_ ? "fails with " : "has an error ";
        text += errc_text(code_);
        if (pointer_) text += " at \"" + *pointer_ + "\"";
        if (!soc_.empty()) text += " on " + soc_;
        // Catch prints the description after match() ran: show what was found instead.
        if (!observed_.empty()) text += "; validation gave " + observed_;
        return text;
    }

private:
    aclError code_;
    std::optional<std::string> pointer_;
    bool decisive_;
    std::string soc_;
    mutable std::string observed_;
};

}  // namespace detail

/// aclInit would fail with `code` for the config, and an error with that code is at `pointer`.
[[nodiscard]] inline detail::FindingMatcher FailsWith(aclError code, std::string_view pointer) {
    return {code, std::string(pointer), true};
}
[[nodiscard]] inline detail::FindingMatcher FailsWith(Errc code, std::string_view pointer) {
    return FailsWith(static_cast<aclError>(code), pointer);
}
/// aclInit would fail with `code` for the config, wherever the error is.
[[nodiscard]] inline detail::FindingMatcher FailsWith(aclError code) {
    return {code, std::nullopt, true};
}
[[nodiscard]] inline detail::FindingMatcher FailsWith(Errc code) {
    return FailsWith(static_cast<aclError>(code));
}

/// Some error finding has `code` at `pointer`, even when an earlier init step decides what
/// aclInit returns.
[[nodiscard]] inline detail::FindingMatcher HasError(aclError code, std::string_view pointer) {
    return {code, std::string(pointer), false};
}
[[nodiscard]] inline detail::FindingMatcher HasError(Errc code, std::string_view pointer) {
    return HasError(static_cast<aclError>(code), pointer);
}

#if ACLPP_TESTING_CATCH2_LISTENER
namespace detail {

#if ACLPP_TESTING_CATCH2_V3
using ListenerBase = Catch::EventListenerBase;
#else
using ListenerBase = Catch::TestEventListenerBase;
#endif

/// See ACLPP_CATCH2_SESSION_LISTENER.
class SessionListener : public ListenerBase {
public:
    using ListenerBase::ListenerBase;

    void testRunStarting(const Catch::TestRunInfo &info) override {
        ListenerBase::testRunStarting(info);
        refs_before_run_ = LifecycleSnapshot::current().ref_count;
        acquire();
    }

    void testCaseStarting(const Catch::TestCaseInfo &info) override {
        ListenerBase::testCaseStarting(info);
        test_name_ = info.name;
        before_test_ = LifecycleSnapshot::current();
    }

    void testCaseEnded(const Catch::TestCaseStats &stats) override {
        const LifecycleSnapshot after = LifecycleSnapshot::current();
        const std::string leaks = describe_leaks(before_test_, after);
        if (!leaks.empty()) {
            std::cerr << "aclpp: test case \"" << test_name_ << "\" changed the lifecycle state:\n" << leaks;
        }
        if (held_ && after.ref_count == 0) {
            // The test finalized the runtime this listener keeps alive: take a new reference so
            // that the tests after it do not all fail for one test's mistake.
            held_ = false;
            std::cerr << "aclpp: the session listener takes a new runtime reference for the remaining tests\n";
            acquire();
        }
        ListenerBase::testCaseEnded(stats);
    }

    void testRunEnded(const Catch::TestRunStats &stats) override {
        if (held_) {
            std::uint64_t remaining = 0;
            const aclError rc = aclppFinalizeReferenceOfEpoch(epoch_, &remaining);
            held_ = false;
            if (rc != ACL_SUCCESS) {
                std::cerr << "aclpp: the session listener's aclFinalizeReference failed with " << errc_text(rc) << '\n';
            } else if (remaining > refs_before_run_) {
                std::cerr << "aclpp: " << (remaining - refs_before_run_)
                          << " more runtime reference(s) are held after the test run than before it\n";
            }
        }
        ListenerBase::testRunEnded(stats);
    }

private:
    void acquire() {
        // The epoch twin: the reference given back at the end is the one taken here, and over
        // the vendor runtime it is one that aclpp counts (B-3).
        const aclError rc = aclppInitWithEpoch(nullptr, &epoch_);
        if (rc != ACL_SUCCESS && rc != ACL_ERROR_REPEAT_INITIALIZE) {
            // Nothing can run without a runtime; Catch reports this and ends the run.
            throw std::runtime_error(
                "aclpp: the Catch2 session listener could not initialise the runtime: aclInit(NULL) "
                "returned " +
                errc_text(rc) + "\n" + take_recent_error_message());
        }
        held_ = true;
    }

    bool held_ = false;
    std::uint64_t epoch_ = 0;
    std::uint64_t refs_before_run_ = 0;
    std::string test_name_;
    LifecycleSnapshot before_test_;
};

/// See ACLPP_CATCH2_FRESH_RUNTIME_LISTENER.
class FreshRuntimeListener : public ListenerBase {
public:
    using ListenerBase::ListenerBase;

    void testCaseStarting(const Catch::TestCaseInfo &info) override {
        ListenerBase::testCaseStarting(info);
        test_name_ = info.name;
        const aclError rc = aclppTestingReset(ACLPP_RESET_ALL);
        if (rc != ACL_SUCCESS) {
            // The runtime is held from outside the test cases (a static, a session listener) or
            // this is the vendor runtime: no test can get a fresh one, so the run stops.
            throw std::runtime_error(
                "aclpp: the Catch2 fresh-runtime listener could not reset the runtime before test case \"" +
                test_name_ + "\": aclppTestingReset returned " + errc_text(rc) +
                (rc == ACL_ERROR_API_NOT_SUPPORT
                     ? " (it needs the emulated runtime, not -Druntime=cann)"
                     : " (something outside the test cases holds the runtime: a static Session or ScopedInit, "
                       "or ACLPP_CATCH2_SESSION_LISTENER() in the same executable)"));
        }
        fresh_ = LifecycleSnapshot::current();
    }

    void testCaseEnded(const Catch::TestCaseStats &stats) override {
        const LifecycleSnapshot after = LifecycleSnapshot::current();
        const std::string leaks = describe_leaks(fresh_, after);
        if (!leaks.empty()) {
            std::cerr << "aclpp: test case \"" << test_name_ << "\" changed the lifecycle state:\n" << leaks;
        }
        if (after.ref_count > 0) {
            // Torn down now rather than at the next reset, so that what runs after the last test
            // case (static destructors, atexit handlers) does not meet a runtime a test left up.
            std::cerr << "aclpp: the fresh-runtime listener finalizes the runtime test case \"" << test_name_
                      << "\" left initialised\n";
            const aclError rc = aclFinalize();
            if (rc != ACL_SUCCESS) std::cerr << "aclpp: aclFinalize failed with " << errc_text(rc) << '\n';
        }
        ListenerBase::testCaseEnded(stats);
    }

private:
    std::string test_name_;
    LifecycleSnapshot fresh_;
};

}  // namespace detail
#endif

}  // namespace testing
}  // namespace v1
}  // namespace acl

#if ACLPP_TESTING_CATCH2_LISTENER
/// Registers the session listener; use it once, in one .cpp of the test executable.
#define ACLPP_CATCH2_SESSION_LISTENER()                                   \
    namespace aclpp_catch2_session_listener {                             \
    using AclppSessionListener = ::acl::testing::detail::SessionListener; \
    CATCH_REGISTER_LISTENER(AclppSessionListener)                         \
    }                                                                     \
    static_assert(true, "ACLPP_CATCH2_SESSION_LISTENER() takes a semicolon")
/// Registers the fresh-runtime listener (emulated runtime); use it once, in one .cpp of the test
/// executable, instead of ACLPP_CATCH2_SESSION_LISTENER().
#define ACLPP_CATCH2_FRESH_RUNTIME_LISTENER()                                       \
    namespace aclpp_catch2_fresh_runtime_listener {                                 \
    using AclppFreshRuntimeListener = ::acl::testing::detail::FreshRuntimeListener; \
    CATCH_REGISTER_LISTENER(AclppFreshRuntimeListener)                              \
    }                                                                               \
    static_assert(true, "ACLPP_CATCH2_FRESH_RUNTIME_LISTENER() takes a semicolon")
#else
#define ACLPP_CATCH2_SESSION_LISTENER()                                                                      \
    static_assert(ACLPP_TESTING_CATCH2_LISTENER,                                                             \
                  "ACLPP_CATCH2_SESSION_LISTENER needs Catch2's listener interfaces: in this .cpp, include " \
                  "<acl/testing/catch2.hpp> before <catch2/catch.hpp>")
#define ACLPP_CATCH2_FRESH_RUNTIME_LISTENER()                                                                      \
    static_assert(ACLPP_TESTING_CATCH2_LISTENER,                                                                   \
                  "ACLPP_CATCH2_FRESH_RUNTIME_LISTENER needs Catch2's listener interfaces: in this .cpp, include " \
                  "<acl/testing/catch2.hpp> before <catch2/catch.hpp>")
#endif

namespace Catch {

template <>
struct StringMaker<acl::Errc> {
    static std::string convert(acl::Errc code) { return acl::testing::detail::errc_text(static_cast<aclError>(code)); }
};

template <>
struct StringMaker<acl::Error> {
    static std::string convert(const acl::Error &error) {
        std::string text = "acl::Error{" + error.function() + ": " + acl::testing::detail::errc_text(error.value());
        if (!error.context().empty()) text += "; " + error.context();
        if (!error.recent_message().empty()) text += "; recent message: " + error.recent_message();
        return text + "}";
    }
};

template <>
struct StringMaker<const aclppReport *> {
    static std::string convert(const aclppReport *report) { return acl::testing::detail::report_text(report); }
};

template <>
struct StringMaker<aclppReport *> {
    static std::string convert(aclppReport *report) { return acl::testing::detail::report_text(report); }
};

}  // namespace Catch
