// acl/session.hpp: acl::Session, a ScopedInit with a config and a join policy (decision C-2).
//
//     #include <acl/config.hpp>   // the typed config, when the session is made from one
//     acl::Session session{acl::Config{.err_msg_mode = acl::ErrMsgMode::process}};
//     acl::Device device = session.set_device(0);
//     ...
//     device.close();
//     session.close();   // reports a finalize failure (throws); the destructor cannot
//
// The config goes to the runtime as bytes (aclppInitFromBuffer), never through a temp file.
// When the runtime was already initialised (a join), the session compares the config it asked
// for with the one the runtime was initialised with and names the differing JSON pointers; the
// JoinPolicy decides whether that is an error (strict), a warning (warn) or nothing (ignore).
//
// This header does not include <acl/config.hpp>: the typed config and its compile-time checks
// cost a translation unit several times what the rest of the layer does, and most files that
// hold a Session never build a config. The constructors from a typed config are templates that
// take whatever renders acl.json, so they need the config's header only where one is made.
#pragma once

#include <acl/aclpp_ext.h>

#include <acl/callback.hpp>
#include <acl/detail/atomic.hpp>
#include <acl/device.hpp>
#include <acl/effective_config.hpp>
#include <acl/error.hpp>
#include <acl/scoped_init.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {

/// What a joining session does when the runtime's config differs from the one it asked for.
enum class JoinPolicy : std::uint8_t {
    strict,  ///< fail with ACL_ERROR_INVALID_PARAM naming the differing keys (the reference is given back)
    warn,    ///< keep the reference and send the differences to the join-warning handler
    ignore,  ///< keep the reference silently (join_report() still has the differences)
};

/// How a Session takes its reference: its name as a holder (C-7: acl::holders(), ACLPP_TRACE) and
/// its join policy. acl::Session s{cfg, acl::SessionOptions{.name = "plugin", .policy = acl::JoinPolicy::strict}}.
struct SessionOptions {
    std::string_view name;  ///< copied when the reference is taken
    JoinPolicy policy = JoinPolicy::warn;
};

/// One key where the requested config and the runtime's differ.
struct ConfigDifference {
    std::string pointer;    ///< JSON pointer ("/dump/dump_path")
    std::string requested;  ///< the requested value as JSON, "" when the request lacks it
    std::string effective;  ///< the runtime's value as JSON, "" when the runtime lacks it
};

/// The outcome of joining an initialised runtime.
struct JoinReport {
    bool joined = false;    ///< the runtime was already initialised
    bool compared = false;  ///< the runtime's config could be read and compared
    /// Why a comparison that was tried could not be made ("" when it was made or not tried):
    /// over a CANN 8.x runtime that another library initialised the live config is unknown (B-6).
    std::string not_compared;
    aclError not_compared_code = ACL_SUCCESS;  ///< the comparison's code when it could not be made
    /// Keys the session asked for that the runtime has with another value or lacks.
    std::vector<ConfigDifference> conflicts;
    /// Keys the runtime has that the session did not ask for (the runtime's config is a superset).
    std::vector<ConfigDifference> extras;

    /// True when the runtime's config has everything the session asked for.
    [[nodiscard]] bool compatible() const noexcept { return conflicts.empty(); }
    /// "/dump/dump_path: requested \"./a\", runtime has \"./b\"; ..." (empty when compatible).
    [[nodiscard]] std::string describe() const {
        std::string text;
        for (const ConfigDifference &d : conflicts) {
            if (!text.empty()) text.append("; ");
            text.append(d.pointer).append(": requested ").append(d.requested).append(", runtime has ");
            text.append(d.effective.empty() ? std::string_view("it unset (its default)")
                                            : std::string_view(d.effective));
        }
        return text;
    }
};

/// Receives the report of a join with conflicts under JoinPolicy::warn. Must not throw.
using JoinWarningHandler = void (*)(const JoinReport &report) noexcept;

namespace detail {

/// A typed config: acl::Config (to_json()) or acl::StaticConfig<N> (json()), both from
/// <acl/config.hpp>. ConfigText and ConfigFile have their own constructors.
template <class T>
concept RendersJson = requires(const T &config) {
    std::string(config.to_json());
};
template <class T>
concept HoldsJson = requires(const T &config) {
    std::string(config.json());
};
template <class T>
concept TypedConfig = RendersJson<T> || HoldsJson<T>;

/// The acl.json text of a typed config.
template <TypedConfig T>
std::string typed_config_json(const T &config) {
    if constexpr (RendersJson<T>) {
        return std::string(config.to_json());
    } else {
        return std::string(config.json());
    }
}

inline void default_join_warning_handler(const JoinReport &report) noexcept {
#if ACLPP_EXCEPTIONS
    try {
#endif
        const std::string text =
            "aclpp: joined a runtime initialised with a different config (only the first config takes effect): " +
            report.describe();
        aclppLog(text.c_str());  // acl::set_log_handler's handler, else stderr
#if ACLPP_EXCEPTIONS
    } catch (...) {
    }
#endif
}
inline detail::Atomic<JoinWarningHandler> join_warning_handler{&default_join_warning_handler};

/// Fills `out` from the diff of an aclppCompareConfigs-like call (the parser and the diff are
/// compiled into the core, not into every program that makes a Session). Leaves `out.compared`
/// false when the call failed: the live config or the file cannot be read, or a text is not JSON.
template <class Compare>
void compare_into(Compare &&compare, JoinReport &out) {
    struct Diff {
        aclppConfigDiff *handle = nullptr;
        Diff() = default;
        Diff(const Diff &) = delete;
        Diff &operator=(const Diff &) = delete;
        ~Diff() { aclppConfigDiffFree(handle); }
    } diff;
    if (const aclError rc = compare(&diff.handle); rc != ACL_SUCCESS) {
        out.not_compared_code = rc;
        out.not_compared = take_recent_error_message();
        if (out.not_compared.empty())
            out.not_compared = std::string(aclppErrorName(rc)) + " (" + std::to_string(rc) + ")";
        return;
    }
    out.compared = true;
    const std::size_t count = aclppConfigDiffCount(diff.handle);
    for (std::size_t i = 0; i < count; ++i) {
        aclppConfigDifference d{};
        if (aclppConfigDiffGet(diff.handle, i, &d) != ACL_SUCCESS) continue;
        (d.kind == ACLPP_CONFIG_EXTRA ? out.extras : out.conflicts)
            .push_back(ConfigDifference{d.pointer, d.requested, d.live});
    }
}

/// Compares the requested config text with the live runtime's config (aclppCompareConfigs).
inline void compare_with_live_config(std::string_view requested, JoinReport &out) {
    compare_into(
        [&](aclppConfigDiff **diff) {
            return aclppCompareConfigs(requested.data(), requested.size(), nullptr, 0, diff);
        },
        out);
}

/// Compares a config file with the live runtime's config (aclppCompareConfigFile): the core
/// reads it with aclInit's checks, so a FIFO never blocks and a device is never read (F-2).
inline void compare_file_with_live_config(const std::string &path, JoinReport &out) {
    compare_into([&](aclppConfigDiff **diff) { return aclppCompareConfigFile(path.c_str(), diff); }, out);
}

/// A Session's share of its FinalizeHandover: closing it unregisters what tokens handed over.
class HandoverOwner {
public:
    HandoverOwner() noexcept = default;
    explicit HandoverOwner(FinalizeHandover *handover) noexcept : handover_(handover) {}
    HandoverOwner(HandoverOwner &&other) noexcept : handover_(std::exchange(other.handover_, nullptr)) {}
    HandoverOwner &operator=(HandoverOwner &&other) noexcept {
        if (this != &other) {
            close();
            handover_ = std::exchange(other.handover_, nullptr);
        }
        return *this;
    }
    HandoverOwner(const HandoverOwner &) = delete;
    HandoverOwner &operator=(const HandoverOwner &) = delete;
    ~HandoverOwner() { close(); }

    [[nodiscard]] FinalizeHandover *get() const noexcept { return handover_; }
    void close() noexcept {
        if (FinalizeHandover *handover = std::exchange(handover_, nullptr)) {
            handover->close();
            handover->release();
        }
    }

private:
    FinalizeHandover *handover_ = nullptr;
};

}  // namespace detail

/// Installs `handler` for JoinPolicy::warn (nullptr restores the default, which sends one line
/// to the log handler, acl::set_log_handler, else stderr); returns the previous one.
inline JoinWarningHandler set_join_warning_handler(JoinWarningHandler handler) noexcept {
    return detail::join_warning_handler.exchange(handler != nullptr ? handler : &detail::default_join_warning_handler);
}

/// One reference to the runtime initialised (or joined) with a typed config. Move-only.
class Session {
public:
    /// An empty session.
    Session(std::nullptr_t) noexcept {}  // NOLINT(google-explicit-constructor): Vulkan-Hpp shape
    /// No config (aclInit(nullptr)). A join never conflicts: nothing was asked for.
    ACLPP_THROWING Session() : Session(SessionOptions{}) {}
    /// No config, as a named holder (C-7).
    ACLPP_THROWING explicit Session(SessionOptions options) : init_(HolderOptions{options.name}) {
        ACLPP_NEEDS_EXCEPTIONS("acl::Session::create(ec)");
        join_.joined = init_.joined();
        handover_ = detail::HandoverOwner(detail::FinalizeHandover::create());
    }
    /// Initialises from a typed config, acl::Config or a compile-time checked acl::StaticConfig
    /// (or joins and compares). Throws acl::Error.
    template <detail::TypedConfig C ACLPP_THROWING_PARAMETER>
    explicit Session(const C &config, JoinPolicy policy = JoinPolicy::warn)
        : Session(config, SessionOptions{.name = {}, .policy = policy}) {}
    /// The same with a holder name (C-7) and a policy.
    template <detail::TypedConfig C ACLPP_THROWING_PARAMETER>
    Session(const C &config, SessionOptions options) {
        ACLPP_NEEDS_EXCEPTIONS("acl::Session::create(config, ec, policy)");
        open_or_raise(detail::typed_config_json(config), options);
    }
    /// Initialises from acl.json text. Throws acl::Error.
    ACLPP_THROWING explicit Session(ConfigText text, JoinPolicy policy = JoinPolicy::warn)
        : Session(text, SessionOptions{.name = {}, .policy = policy}) {}
    ACLPP_THROWING Session(ConfigText text, SessionOptions options) {
        ACLPP_NEEDS_EXCEPTIONS("acl::Session::create(text, ec, policy)");
        open_or_raise(std::string(text.json), options);
    }
    /// Initialises from an acl.json file (the runtime reads it). Throws acl::Error.
    ACLPP_THROWING explicit Session(const ConfigFile &file, JoinPolicy policy = JoinPolicy::warn)
        : Session(file, SessionOptions{.name = {}, .policy = policy}) {}
    ACLPP_THROWING Session(const ConfigFile &file, SessionOptions options) {
        ACLPP_NEEDS_EXCEPTIONS("acl::Session::create(file, ec, policy)");
        std::error_code ec;
        std::string context;
        open_file(file, options, ec, context);
        if (ec) fail(ec.value(), "aclInit", std::move(context));
    }

    /// The error_code twins: an empty session and `ec` set on failure (the runtime's recent
    /// error text is left for aclGetRecentErrMsg).
    template <detail::TypedConfig C>
    [[nodiscard]] static Session create(const C &config, std::error_code &ec,
                                        JoinPolicy policy = JoinPolicy::warn) noexcept {
        return create(config, ec, SessionOptions{.name = {}, .policy = policy});
    }
    template <detail::TypedConfig C>
    [[nodiscard]] static Session create(const C &config, std::error_code &ec, SessionOptions options) noexcept {
        Session session(nullptr);
#if ACLPP_EXCEPTIONS
        try {
#endif
            std::string json = detail::typed_config_json(config);
            std::string context;
            session.open(std::move(json), options, ec, context);
#if ACLPP_EXCEPTIONS
        } catch (const std::bad_alloc &) {
            ec = make_error_code(Errc::bad_alloc);
        }
#endif
        return session;
    }
    [[nodiscard]] static Session create(ConfigText text, std::error_code &ec,
                                        JoinPolicy policy = JoinPolicy::warn) noexcept {
        return create(text, ec, SessionOptions{.name = {}, .policy = policy});
    }
    [[nodiscard]] static Session create(ConfigText text, std::error_code &ec, SessionOptions options) noexcept {
        Session session(nullptr);
#if ACLPP_EXCEPTIONS
        try {
#endif
            std::string context;
            session.open(std::string(text.json), options, ec, context);
#if ACLPP_EXCEPTIONS
        } catch (const std::bad_alloc &) {
            ec = make_error_code(Errc::bad_alloc);
        }
#endif
        return session;
    }
    [[nodiscard]] static Session create(const ConfigFile &file, std::error_code &ec,
                                        JoinPolicy policy = JoinPolicy::warn) noexcept {
        return create(file, ec, SessionOptions{.name = {}, .policy = policy});
    }
    [[nodiscard]] static Session create(const ConfigFile &file, std::error_code &ec, SessionOptions options) noexcept {
        Session session(nullptr);
#if ACLPP_EXCEPTIONS
        try {
#endif
            std::string context;
            session.open_file(file, options, ec, context);
#if ACLPP_EXCEPTIONS
        } catch (const std::bad_alloc &) {
            ec = make_error_code(Errc::bad_alloc);
        }
#endif
        return session;
    }

    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;
    Session(Session &&) noexcept = default;
    Session &operator=(Session &&other) noexcept {
        if (this != &other) {
            init_ = std::move(other.init_);  // gives our reference back before our handed-over callbacks go
            handover_ = std::move(other.handover_);
            requested_ = std::move(other.requested_);
            join_ = std::move(other.join_);
        }
        return *this;
    }
    /// Gives the reference back (a failure goes to the finalize-error handler), then unregisters
    /// the finalize callbacks whose tokens handed them over: they ran if that was the finalize.
    ~Session() = default;

    [[nodiscard]] explicit operator bool() const noexcept {
        return static_cast<bool>(init_);
    }
    [[nodiscard]] bool empty() const noexcept {
        return init_.empty();
    }
    [[nodiscard]] bool is_owner() const noexcept {
        return init_.is_owner();
    }
    [[nodiscard]] bool joined() const noexcept {
        return init_.joined();
    }
    /// How the join went (joined() false: nothing to compare).
    [[nodiscard]] const JoinReport &join_report() const noexcept {
        return join_;
    }
    /// The acl.json text this session asked for ("" for no config or a file session).
    [[nodiscard]] const std::string &requested_json() const noexcept {
        return requested_;
    }

    /// The live effective configuration with provenance (aclppGetEffectiveConfig) as JSON text;
    /// acl::effective_config() in <acl/json.hpp> parses it.
    ACLPP_THROWING [[nodiscard]] std::string effective_json() const {
        ACLPP_NEEDS_EXCEPTIONS("effective_json(ec)");
        return effective_config_json();
    }
    [[nodiscard]] std::string effective_json(std::error_code &ec) const {
        return effective_config_json(ec);
    }

    /// Makes `id` the current device of this thread (aclrtSetDevice); the Device resets it.
    ACLPP_THROWING [[nodiscard]] Device set_device(std::int32_t id) const {
        ACLPP_NEEDS_EXCEPTIONS("set_device(id, ec)");
        return Device(id);
    }
    [[nodiscard]] Device set_device(std::int32_t id, std::error_code &ec) const noexcept {
        return Device::create(id, ec);
    }

    /// Registers an init callback for `type` (see acl::InitCallback).
    template <InitCallable F ACLPP_THROWING_PARAMETER>
    [[nodiscard]] InitCallback on_init(CallbackType type, F &&f) const {
        ACLPP_NEEDS_EXCEPTIONS("acl::InitCallback::create(type, f, ec)");
        return InitCallback(type, std::forward<F>(f));
    }
    /// The error_code twin.
    template <InitCallable F>
    [[nodiscard]] InitCallback on_init(CallbackType type, F &&f, std::error_code &ec) const noexcept {
        return InitCallback::create(type, std::forward<F>(f), ec);
    }
    /// Registers a finalize callback for `type` that runs when this session's runtime finalizes,
    /// whether the token is destroyed before or after the session: a token destroyed first hands
    /// the registration to the session, which unregisters it once it has given its reference
    /// back (so the callback never runs after the session is gone).
    template <FinalizeCallable F ACLPP_THROWING_PARAMETER>
    [[nodiscard]] FinalizeCallback on_finalize(CallbackType type, F &&f) const {
        ACLPP_NEEDS_EXCEPTIONS("on_finalize(type, f, ec)");
        FinalizeCallback token(type, std::forward<F>(f));
        token.hand_over_to(handover_.get());
        return token;
    }
    /// The error_code twin.
    template <FinalizeCallable F>
    [[nodiscard]] FinalizeCallback on_finalize(CallbackType type, F &&f, std::error_code &ec) const noexcept {
        FinalizeCallback token = FinalizeCallback::create(type, std::forward<F>(f), ec);
        token.hand_over_to(handover_.get());
        return token;
    }

    /// Gives the reference back now and reports a failure (throws acl::Error). On failure the
    /// session keeps its reference.
    ACLPP_THROWING void close() {
        ACLPP_NEEDS_EXCEPTIONS("close(ec)");
        init_.close();
        handover_.close();
    }
    void close(std::error_code &ec) noexcept {
        init_.close(ec);
        if (!ec) handover_.close();
    }
    /// Stops managing the reference without giving it back (see ScopedInit::release).
    [[nodiscard]] bool release() noexcept {
        return init_.release();
    }
    /// The underlying reference.
    [[nodiscard]] const ScopedInit &scoped_init() const noexcept {
        return init_;
    }

private:
    ACLPP_THROWING [[noreturn]] static void fail(aclError code, const char *function, std::string context) {
        const std::string thrown = last_callback_error();
        if (!thrown.empty() && code == ACL_ERROR_FAILURE)
            context.append(context.empty() ? "" : "; ").append("a callback threw: ").append(thrown);
        detail::raise(code, function, std::move(context));
    }

    ACLPP_THROWING void open_or_raise(std::string json, SessionOptions options) {
        std::error_code ec;
        std::string context;
        const bool joining_conflict = open(std::move(json), options, ec, context);
        if (!ec) return;
        if (joining_conflict) detail::raise_error(ec.value(), "acl::Session", {}, std::move(context));
        fail(ec.value(), "aclppInitFromBuffer", std::move(context));
    }

    /// Returns true when a failure is a strict-policy join conflict (not a C call failure).
    bool open(std::string json, SessionOptions options, std::error_code &ec, std::string &context) {
        detail::t_last_callback_error.clear();
        requested_ = std::move(json);
        init_ = ScopedInit::create(ConfigText{requested_}, ec, HolderOptions{options.name});
        if (ec) return false;
        handover_ = detail::HandoverOwner(detail::FinalizeHandover::create());
        start_join_report();
        if (join_.joined && !requested_.empty()) detail::compare_with_live_config(requested_, join_);
        return apply_join_policy(options.policy, ec, context);
    }

    void open_file(const ConfigFile &file, SessionOptions options, std::error_code &ec, std::string &context) {
        detail::t_last_callback_error.clear();
        init_ = ScopedInit::create(file, ec, HolderOptions{options.name});
        if (ec) {
            context = "config \"" + file.path + "\"";
            return;
        }
        handover_ = detail::HandoverOwner(detail::FinalizeHandover::create());
        // A join reads nothing: the runtime runs the bytes of its first holder, so the file is
        // read here, once, through the core's checked reader, and compared with those bytes.
        start_join_report();
        if (join_.joined) detail::compare_file_with_live_config(file.path, join_);
        apply_join_policy(options.policy, ec, context);
    }

    void start_join_report() {
        join_ = JoinReport{};
        join_.joined = init_.joined();
    }

    bool apply_join_policy(JoinPolicy policy, std::error_code &ec, std::string &context) {
        if (!join_.compared) {
            // strict never passes a join whose live config is unknown (B-6: CANN 8.x, a runtime
            // another library started). A requested file the core refuses (F-2) is read by
            // nobody on a join: nothing was asked for.
            if (policy != JoinPolicy::strict || join_.not_compared_code != ACL_ERROR_API_NOT_SUPPORT) return false;
            init_.reset();
            ec = to_error_code(join_.not_compared_code);
            context =
                "joined a runtime whose config could not be compared with the requested one, so "
                "JoinPolicy::strict cannot hold: " +
                join_.not_compared;
            return true;
        }
        if (join_.compatible() || policy == JoinPolicy::ignore) return false;
        if (policy == JoinPolicy::warn) {
            detail::join_warning_handler.load()(join_);
            return false;
        }
        init_.reset();  // strict: give the reference back, then fail
        ec = make_error_code(Errc::invalid_param);
        context = "joined a runtime initialised with a different config (JoinPolicy::strict): " + join_.describe();
        return true;
    }

    // Declared before init_, so destroyed after it: the reference goes back first.
    detail::HandoverOwner handover_;
    ScopedInit init_{nullptr};
    std::string requested_;
    JoinReport join_;
};

}  // namespace v1
}  // namespace acl
