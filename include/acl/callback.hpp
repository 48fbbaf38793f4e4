// acl/callback.hpp: init and finalize callbacks as RAII tokens (decision C-5).
//
//     acl::InitCallback on_init{acl::CallbackType::other, [&](std::string_view config) {
//         cache.load(config);               // any callable; captures welcome
//     }};                                   // ~InitCallback unregisters
//
// The C API identifies a registration by its function pointer alone (unregister removes the
// first entry with that pointer), so every token gets its own trampoline function from a
// fixed pool: tokens never unregister each other. An exception thrown by the callable stops at
// the C boundary and becomes an error code (acl::Error's code, else ACL_ERROR_FAILURE) with its
// message kept in the token (last_error()) and in acl::last_callback_error() on that thread.
#pragma once

#include <acl/acl.h>

#include <acl/detail/atomic.hpp>
#include <acl/detail/handle.hpp>
#include <acl/detail/macros.hpp>
#include <acl/error.hpp>
#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>

#if ACLPP_HAS_SCHED_YIELD
#include <sched.h>
#else
#include <thread>
#endif

namespace acl {
inline namespace v1 {

/// aclRegisterCallbackType.
enum class CallbackType : std::uint32_t {
    model = ACL_REG_TYPE_ACL_MODEL,
    op_executor = ACL_REG_TYPE_ACL_OP_EXECUTOR,
    op_cblas = ACL_REG_TYPE_ACL_OP_CBLAS,
    op_compiler = ACL_REG_TYPE_ACL_OP_COMPILER,
    tdt_channel = ACL_REG_TYPE_ACL_TDT_CHANNEL,
    tdt_queue = ACL_REG_TYPE_ACL_TDT_QUEUE,
    dvpp = ACL_REG_TYPE_ACL_DVPP,
    retr = ACL_REG_TYPE_ACL_RETR,
    other = ACL_REG_TYPE_OTHER,
};

namespace detail {

/// The text of the last exception a callable threw on this thread.
inline thread_local std::string t_last_callback_error;

/// Lets a callback that is still running on another thread finish.
inline void yield_thread() noexcept {
#if ACLPP_HAS_SCHED_YIELD
    ::sched_yield();
#else
    std::this_thread::yield();
#endif
}

/// Guards a target's last error, held only to copy or move one string. Not std::mutex: the
/// standard declares it in <mutex>, whose unique_lock, call_once and timed mutexes (with
/// <chrono>'s clocks) every includer would compile (issue 7, target 5).
class ErrorLock {
public:
    class Guard {
    public:
        explicit Guard(ErrorLock &lock) noexcept : lock_(lock) {
            while (lock_.locked_.exchange(true)) yield_thread();
        }
        Guard(const Guard &) = delete;
        Guard &operator=(const Guard &) = delete;
        ~Guard() { lock_.locked_.store(false, MemoryOrder::release); }

    private:
        ErrorLock &lock_;
    };

private:
    Atomic<bool> locked_{false};
};

/// A user callable behind a registration.
class CallbackTarget {
public:
    CallbackTarget() = default;
    CallbackTarget(const CallbackTarget &) = delete;
    CallbackTarget &operator=(const CallbackTarget &) = delete;
    virtual ~CallbackTarget() = default;
    virtual aclError invoke(const char *config, std::size_t length) noexcept = 0;

    [[nodiscard]] std::string last_error() const {
        const ErrorLock::Guard guard(lock_);
        return last_error_;
    }

protected:
    void record(std::string text) noexcept {
#if ACLPP_EXCEPTIONS
        try {
#endif
            t_last_callback_error = text;
            const ErrorLock::Guard guard(lock_);
            last_error_ = std::move(text);
#if ACLPP_EXCEPTIONS
        } catch (...) {  // out of memory while recording: the code still tells the story
        }
#endif
    }

private:
    mutable ErrorLock lock_;
    std::string last_error_;
};

/// What a callable returned, as an aclError: void and true are success, false is
/// ACL_ERROR_FAILURE, an aclError or acl::Errc is itself, a std::error_code in the "acl"
/// category its value (any other category: ACL_ERROR_FAILURE).
template <class R>
[[nodiscard]] aclError callback_result(R &&result) noexcept {
    using T = std::remove_cvref_t<R>;
    if constexpr (std::is_same_v<T, bool>) {
        return result ? ACL_SUCCESS : ACL_ERROR_FAILURE;
    } else if constexpr (std::is_same_v<T, Errc>) {
        return static_cast<aclError>(result);
    } else if constexpr (std::is_same_v<T, std::error_code>) {
        if (!result) return ACL_SUCCESS;
        return result.category() == category() ? result.value() : ACL_ERROR_FAILURE;
    } else {
        static_assert(std::is_convertible_v<T, aclError>,
                      "a callback returns void, bool, aclError, acl::Errc or std::error_code");
        return static_cast<aclError>(result);
    }
}

template <class F>
class TypedTarget final : public CallbackTarget {
public:
    template <class G>
    explicit TypedTarget(G &&f) : f_(std::forward<G>(f)) {}

    aclError invoke(const char *config, std::size_t length) noexcept override {
#if ACLPP_EXCEPTIONS
        try {
#endif
            return call(std::string_view(config != nullptr ? config : "", config != nullptr ? length : 0));
#if ACLPP_EXCEPTIONS
        } catch (const Error &e) {
            record(e.what());
            return e.value() != ACL_SUCCESS ? e.value() : ACL_ERROR_FAILURE;
        } catch (const std::exception &e) {
            record(e.what());
            return ACL_ERROR_FAILURE;
        } catch (...) {
            record("a callback threw an exception that is not a std::exception");
            return ACL_ERROR_FAILURE;
        }
#endif
    }

private:
    aclError call(std::string_view config) {
        if constexpr (std::is_invocable_v<F &, std::string_view>) {
            if constexpr (std::is_void_v<std::invoke_result_t<F &, std::string_view>>) {
                f_(config);
                return ACL_SUCCESS;
            } else {
                return callback_result(f_(config));
            }
        } else {
            if constexpr (std::is_void_v<std::invoke_result_t<F &>>) {
                f_();
                return ACL_SUCCESS;
            } else {
                return callback_result(f_());
            }
        }
    }

    F f_;
};

/// One trampoline function per slot, so that each registration has its own pointer.
struct CallbackSlot {
    detail::Atomic<CallbackTarget *> target{nullptr};
    detail::Atomic<CallbackTarget *> orphan{nullptr};  ///< destroyed from inside its own call
    detail::Atomic<std::uint64_t> generation{0};
    detail::Atomic<int> active{0};
    detail::Atomic<bool> in_use{false};
};

inline constexpr std::size_t kCallbackSlots = 64;
enum class SlotKind : int { init = 0, finalize = 1 };

template <SlotKind K>
inline std::array<CallbackSlot, kCallbackSlots> callback_slots{};

/// The slots this thread is running a callback of (a token destroyed from inside its own
/// callback must not wait for itself).
struct RunningSlots {
    static constexpr std::size_t kDepth = 16;
    const CallbackSlot *slots[kDepth] = {};
    std::size_t depth = 0;

    [[nodiscard]] int count(const CallbackSlot *slot) const noexcept {
        int n = 0;
        for (std::size_t i = 0; i < depth && i < kDepth; ++i) n += slots[i] == slot ? 1 : 0;
        return n;
    }
};
inline thread_local RunningSlots t_running_slots;

template <SlotKind K>
inline aclError run_slot(std::size_t index, const char *config, std::size_t length, void *user_data) noexcept {
    CallbackSlot &slot = callback_slots<K>[index];
    slot.active.fetch_add(1);
    RunningSlots &running = t_running_slots;
    if (running.depth < RunningSlots::kDepth) running.slots[running.depth] = &slot;
    ++running.depth;
    aclError rc = ACL_SUCCESS;
    CallbackTarget *target = slot.target.load();
    // A call from an older registration of a reused slot (a snapshot taken before it was
    // unregistered) finds another generation and does nothing.
    if (target != nullptr && slot.generation.load() == reinterpret_cast<std::uintptr_t>(user_data)) {
        rc = target->invoke(config, length);
    }
    --running.depth;
    if (slot.active.fetch_sub(1) == 1) {
        if (CallbackTarget *orphan = slot.orphan.exchange(nullptr)) {
            delete orphan;
            slot.in_use.store(false);
        }
    }
    return rc;
}

template <std::size_t I>
aclError init_trampoline(const char *config, std::size_t length, void *user_data) {
    return run_slot<SlotKind::init>(I, config, length, user_data);
}
template <std::size_t I>
aclError finalize_trampoline(void *user_data) {
    return run_slot<SlotKind::finalize>(I, nullptr, 0, user_data);
}

template <std::size_t... I>
constexpr std::array<aclInitCallbackFunc, sizeof...(I)> init_trampolines(std::index_sequence<I...>) {
    return {&init_trampoline<I>...};
}
template <std::size_t... I>
constexpr std::array<aclFinalizeCallbackFunc, sizeof...(I)> finalize_trampolines(std::index_sequence<I...>) {
    return {&finalize_trampoline<I>...};
}
inline constexpr auto kInitTrampolines = init_trampolines(std::make_index_sequence<kCallbackSlots>());
inline constexpr auto kFinalizeTrampolines = finalize_trampolines(std::make_index_sequence<kCallbackSlots>());

/// A registration: the slot index and the generation its user data carries.
template <SlotKind K>
class Registration {
public:
    Registration() = default;

    /// Claims a slot for `target` and registers its trampoline. Takes `target` in every case.
    aclError open(CallbackType type, CallbackTarget *target) noexcept {
        if (target == nullptr) return ACL_ERROR_BAD_ALLOC;
        std::size_t index = kCallbackSlots;
        for (std::size_t i = 0; i < kCallbackSlots; ++i) {
            bool expected = false;
            if (callback_slots<K>[i].in_use.compare_exchange_strong(expected, true)) {
                index = i;
                break;
            }
        }
        if (index == kCallbackSlots) {
            delete target;
            return ACL_ERROR_FAILURE;  // every trampoline is taken: 64 live tokens of this kind
        }
        CallbackSlot &slot = callback_slots<K>[index];
        const std::uint64_t generation = slot.generation.fetch_add(1) + 1;
        void *user_data = reinterpret_cast<void *>(static_cast<std::uintptr_t>(generation));
        slot.target.store(target);  // before registering: a late init callback runs at once (L-7)
        const auto c_type = static_cast<aclRegisterCallbackType>(type);
        aclError rc;
        if constexpr (K == SlotKind::init) {
            rc = aclInitCallbackRegister(c_type, kInitTrampolines[index], user_data);
        } else {
            rc = aclFinalizeCallbackRegister(c_type, kFinalizeTrampolines[index], user_data);
        }
        if (rc != ACL_SUCCESS) {
            retire(slot, target);
            return rc;
        }
        index_ = index;
        type_ = type;
        origin_ = Origin::this_process();
        return ACL_SUCCESS;
    }

    /// Unregisters; the callable is destroyed once no call of it is running.
    aclError close() noexcept {
        const std::size_t index = std::exchange(index_, kCallbackSlots);
        if (index == kCallbackSlots) return ACL_SUCCESS;
        CallbackSlot &slot = callback_slots<K>[index];
        aclError rc = ACL_SUCCESS;
        if (origin_.same_process()) {  // L-10: in a fork() child the registration is not ours
            const auto c_type = static_cast<aclRegisterCallbackType>(type_);
            if constexpr (K == SlotKind::init) {
                rc = aclInitCallbackUnRegister(c_type, kInitTrampolines[index]);
            } else {
                rc = aclFinalizeCallbackUnRegister(c_type, kFinalizeTrampolines[index]);
            }
        }
        retire(slot, slot.target.load());
        return rc;
    }

    [[nodiscard]] bool empty() const noexcept { return index_ == kCallbackSlots; }
    [[nodiscard]] CallbackType type() const noexcept { return type_; }
    [[nodiscard]] const CallbackTarget *target() const noexcept {
        return index_ == kCallbackSlots ? nullptr : callback_slots<K>[index_].target.load();
    }
    /// Forgets the registration without unregistering (the callable is never destroyed).
    bool release() noexcept { return std::exchange(index_, kCallbackSlots) != kCallbackSlots; }

    Registration(const Registration &) = delete;
    Registration &operator=(const Registration &) = delete;
    Registration(Registration &&other) noexcept
        : index_(std::exchange(other.index_, kCallbackSlots)), type_(other.type_), origin_(other.origin_) {}
    Registration &operator=(Registration &&other) noexcept {
        index_ = std::exchange(other.index_, kCallbackSlots);
        type_ = other.type_;
        origin_ = other.origin_;
        return *this;
    }
    ~Registration() = default;

private:
    static void retire(CallbackSlot &slot, CallbackTarget *target) noexcept {
        slot.target.store(nullptr);
        const int mine = t_running_slots.count(&slot);
        if (mine > 0) {
            // Destroyed from inside its own callback: the last call to leave deletes it.
            slot.orphan.store(target);
            return;
        }
        while (slot.active.load() != 0) yield_thread();
        delete target;
        slot.in_use.store(false);
    }

    std::size_t index_ = kCallbackSlots;  ///< the handle: kCallbackSlots = empty
    CallbackType type_ = CallbackType::other;
    Origin origin_{};
};

template <SlotKind K, class Token, class F>
Token make_token(CallbackType type, F &&f, std::error_code &ec) noexcept {
    Token token(nullptr);
    auto *target = new (std::nothrow) TypedTarget<std::decay_t<F>>(std::forward<F>(f));
    detail::assign(ec, token.registration_.open(type, target));
    return token;
}

}  // namespace detail

/// The text of the last exception a callback threw on this thread ("" when none).
[[nodiscard]] inline std::string last_callback_error() {
    return detail::t_last_callback_error;
}

/// A callable for init callbacks: invoked with the raw config bytes, or with nothing.
template <class F>
concept InitCallable = std::is_invocable_v < std::decay_t<F>
&, std::string_view > || std::is_invocable_v<std::decay_t<F> &>;
/// A callable for finalize callbacks.
template <class F>
concept FinalizeCallable = std::is_invocable_v < std::decay_t<F>
& > ;

/// An init callback registration (aclInitCallbackRegister). Registering while the runtime is
/// initialised calls the callable at once on this thread (L-7). Move-only.
class InitCallback {
public:
    InitCallback(std::nullptr_t) noexcept {}  // NOLINT(google-explicit-constructor): Vulkan-Hpp shape
    /// Registers `f` for `type`. Throws acl::Error (500000 for a second non-`other` registration).
    template <InitCallable F ACLPP_THROWING_PARAMETER>
    InitCallback(CallbackType type, F &&f) {
        ACLPP_NEEDS_EXCEPTIONS("acl::InitCallback::create(type, f, ec)");
        std::error_code ec;
        *this = detail::make_token<detail::SlotKind::init, InitCallback>(type, std::forward<F>(f), ec);
        if (ec) detail::raise(ec.value(), "aclInitCallbackRegister");
    }
    /// The error_code twin.
    template <InitCallable F>
    [[nodiscard]] static InitCallback create(CallbackType type, F &&f, std::error_code &ec) noexcept {
        return detail::make_token<detail::SlotKind::init, InitCallback>(type, std::forward<F>(f), ec);
    }
    InitCallback(InitCallback &&) noexcept = default;
    InitCallback &operator=(InitCallback &&other) noexcept {
        if (this != &other) {
            reset();
            registration_ = std::move(other.registration_);
        }
        return *this;
    }
    /// Unregisters; a failure goes to the finalize-error handler.
    ~InitCallback() { reset(); }

    [[nodiscard]] explicit operator bool() const noexcept { return !registration_.empty(); }
    [[nodiscard]] CallbackType type() const noexcept { return registration_.type(); }
    /// The message of the last exception the callable threw ("" when none).
    [[nodiscard]] std::string last_error() const {
        const detail::CallbackTarget *target = registration_.target();
        return target != nullptr ? target->last_error() : std::string();
    }
    /// Unregisters now (failures go to the finalize-error handler).
    void reset() noexcept {
        const aclError rc = registration_.close();
        if (rc != ACL_SUCCESS) detail::report_finalize_error(rc, "aclInitCallbackUnRegister", "acl::InitCallback");
    }
    /// Unregisters now; throws acl::Error on failure.
    ACLPP_THROWING void close() {
        ACLPP_NEEDS_EXCEPTIONS("close(ec)");
        const aclError rc = registration_.close();
        if (rc != ACL_SUCCESS) detail::raise(rc, "aclInitCallbackUnRegister");
    }
    void close(std::error_code &ec) noexcept { detail::assign(ec, registration_.close()); }
    /// Leaves the callback registered for the rest of the process.
    [[nodiscard]] bool release() noexcept { return registration_.release(); }

private:
    template <detail::SlotKind K, class Token, class F>
    friend Token detail::make_token(CallbackType, F &&, std::error_code &) noexcept;
    detail::Registration<detail::SlotKind::init> registration_;
};

/// A finalize callback registration (aclFinalizeCallbackRegister). Move-only.
class FinalizeCallback {
public:
    FinalizeCallback(std::nullptr_t) noexcept {}  // NOLINT(google-explicit-constructor): Vulkan-Hpp shape
    /// Registers `f` for `type`. Throws acl::Error.
    template <FinalizeCallable F ACLPP_THROWING_PARAMETER>
    FinalizeCallback(CallbackType type, F &&f) {
        ACLPP_NEEDS_EXCEPTIONS("acl::FinalizeCallback::create(type, f, ec)");
        std::error_code ec;
        *this = detail::make_token<detail::SlotKind::finalize, FinalizeCallback>(type, std::forward<F>(f), ec);
        if (ec) detail::raise(ec.value(), "aclFinalizeCallbackRegister");
    }
    /// The error_code twin.
    template <FinalizeCallable F>
    [[nodiscard]] static FinalizeCallback create(CallbackType type, F &&f, std::error_code &ec) noexcept {
        return detail::make_token<detail::SlotKind::finalize, FinalizeCallback>(type, std::forward<F>(f), ec);
    }
    FinalizeCallback(FinalizeCallback &&) noexcept = default;
    FinalizeCallback &operator=(FinalizeCallback &&other) noexcept {
        if (this != &other) {
            reset();
            registration_ = std::move(other.registration_);
        }
        return *this;
    }
    ~FinalizeCallback() { reset(); }

    [[nodiscard]] explicit operator bool() const noexcept { return !registration_.empty(); }
    [[nodiscard]] CallbackType type() const noexcept { return registration_.type(); }
    [[nodiscard]] std::string last_error() const {
        const detail::CallbackTarget *target = registration_.target();
        return target != nullptr ? target->last_error() : std::string();
    }
    void reset() noexcept {
        const aclError rc = registration_.close();
        if (rc != ACL_SUCCESS)
            detail::report_finalize_error(rc, "aclFinalizeCallbackUnRegister", "acl::FinalizeCallback");
    }
    ACLPP_THROWING void close() {
        ACLPP_NEEDS_EXCEPTIONS("close(ec)");
        const aclError rc = registration_.close();
        if (rc != ACL_SUCCESS) detail::raise(rc, "aclFinalizeCallbackUnRegister");
    }
    void close(std::error_code &ec) noexcept { detail::assign(ec, registration_.close()); }
    [[nodiscard]] bool release() noexcept { return registration_.release(); }

private:
    template <detail::SlotKind K, class Token, class F>
    friend Token detail::make_token(CallbackType, F &&, std::error_code &) noexcept;
    detail::Registration<detail::SlotKind::finalize> registration_;
};

}  // namespace v1
}  // namespace acl
