// acl/callback.hpp: init and finalize callbacks as RAII tokens (decision C-5).
//
//     acl::InitCallback on_init{acl::CallbackType::other, [&](std::string_view config) {
//         cache.load(config);               // any callable; captures welcome
//     }};                                   // ~InitCallback unregisters
//
// aclInitCallbackUnRegister identifies a registration by its function alone, so a token is an
// aclpp registration known by a handle (aclppAddInitCallback, aclppRemoveCallback): any number
// of tokens share one function and never unregister each other, on the emulated runtime and
// over the vendor's. An exception thrown by the callable stops at the C boundary and becomes an
// error code (acl::Error's code, else ACL_ERROR_FAILURE) with its message kept in the token
// (last_error()) and in acl::last_callback_error() on that thread.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <acl/detail/atomic.hpp>
#include <acl/detail/handle.hpp>
#include <acl/detail/macros.hpp>
#include <acl/error.hpp>
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

class Session;

/// The vendor's aclRegisterCallbackType (ACL_REG_TYPE_ACL_MODEL ... ACL_REG_TYPE_OTHER), by value:
/// the CANN 8.x headers have no such type (B-6).
enum class CallbackType : std::uint32_t {
    model = 0,
    op_executor = 1,
    op_cblas = 2,
    op_compiler = 3,
    tdt_channel = 4,
    tdt_queue = 5,
    dvpp = 6,
    retr = 7,
    other = 0xFFFF,
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

/// Guards a target's last error or a Session's handed-over registrations, held only to copy or
/// move one string or one list head. Not std::mutex: the standard declares it in <mutex>, whose
/// unique_lock, call_once and timed mutexes (with <chrono>'s clocks) every includer would
/// compile (issue 7, target 5).
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

/// The finalize callbacks a Session was asked for whose tokens are gone (issue 27). A token
/// declared after its Session is destroyed first; unregistering then would lose the callback
/// the Session's finalize is to run, so such a token hands its registration over instead. The
/// Session unregisters what it holds once it has given its reference back: the callback runs if
/// that finalized the runtime, and never once the Session is gone. Shared by the Session and its
/// tokens (either may end first, on any thread), counted by hand: <memory> is not worth it here.
class FinalizeHandover {
public:
    FinalizeHandover(const FinalizeHandover &) = delete;
    FinalizeHandover &operator=(const FinalizeHandover &) = delete;

    /// A new holder with one reference, or nullptr when out of memory (tokens then unregister).
    [[nodiscard]] static FinalizeHandover *create() noexcept { return new (std::nothrow) FinalizeHandover(); }
    void retain() noexcept { references_.fetch_add(1); }
    void release() noexcept {
        if (references_.fetch_sub(1) == 1) delete this;
    }
    /// Takes `handle` for the Session to unregister; false once the Session is done (or out of
    /// memory): the token unregisters it itself.
    [[nodiscard]] bool take(aclppCallbackHandle handle) noexcept {
        auto *node = new (std::nothrow) Node{handle, nullptr};
        if (node == nullptr) return false;
        {
            const ErrorLock::Guard guard(lock_);
            if (!closed_) {
                node->next = std::exchange(head_, node);
                return true;
            }
        }
        delete node;
        return false;
    }
    /// Unregisters everything taken and refuses what comes later (L-10: not in a fork() child).
    void close() noexcept {
        Node *node = nullptr;
        {
            const ErrorLock::Guard guard(lock_);
            closed_ = true;
            node = std::exchange(head_, nullptr);
        }
        while (node != nullptr) {
            if (origin_.same_process()) {
                if (const aclError rc = aclppRemoveCallback(node->handle); rc != ACL_SUCCESS)
                    report_finalize_error(rc, "aclFinalizeCallbackUnRegister", "acl::Session");
            }
            delete std::exchange(node, node->next);
        }
    }

private:
    struct Node {
        aclppCallbackHandle handle;
        Node *next;
    };
    FinalizeHandover() = default;
    ~FinalizeHandover() { close(); }

    Atomic<int> references_{1};
    ErrorLock lock_;
    bool closed_ = false;
    Node *head_ = nullptr;
    Origin origin_ = Origin::this_process();
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

}  // namespace detail

/// The two kinds of callback a token registers.
enum class CallbackKind : std::uint8_t { init, finalize };

namespace detail {

inline aclError run_init_target(const char *config, std::size_t length, void *target) noexcept {
    return static_cast<CallbackTarget *>(target)->invoke(config, length);
}
inline aclError run_finalize_target(void *target) noexcept {
    return static_cast<CallbackTarget *>(target)->invoke(nullptr, 0);
}
inline void release_target(void *target) noexcept {
    delete static_cast<CallbackTarget *>(target);
}

/// Registers `target` (the core releases it once the registration is removed and no call of it
/// runs); the names below are those of the C calls whose codes the token gives.
inline aclError add_callback(CallbackKind kind, CallbackType type, CallbackTarget *target,
                             aclppCallbackHandle *handle) noexcept {
    const auto c_type = static_cast<aclppCallbackType>(type);
    return kind == CallbackKind::init
               ? aclppAddInitCallback(c_type, &run_init_target, target, &release_target, handle)
               : aclppAddFinalizeCallback(c_type, &run_finalize_target, target, &release_target, handle);
}
inline const char *register_name(CallbackKind kind) noexcept {
    return kind == CallbackKind::init ? "aclInitCallbackRegister" : "aclFinalizeCallbackRegister";
}
inline const char *unregister_name(CallbackKind kind) noexcept {
    return kind == CallbackKind::init ? "aclInitCallbackUnRegister" : "aclFinalizeCallbackUnRegister";
}
inline const char *token_name(CallbackKind kind) noexcept {
    return kind == CallbackKind::init ? "acl::InitCallback" : "acl::FinalizeCallback";
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

/// A callable `K` accepts.
template <CallbackKind K, class F>
concept CallableFor = (K == CallbackKind::init && InitCallable<F>) ||
                      (K == CallbackKind::finalize && FinalizeCallable<F>);

/// An init or finalize callback registration (aclInitCallbackRegister, aclFinalizeCallbackRegister):
/// acl::InitCallback and acl::FinalizeCallback. Registering an init callback while the runtime is
/// initialised calls the callable at once on this thread (L-7). Move-only.
template <CallbackKind K>
class CallbackToken {
public:
    CallbackToken(std::nullptr_t) noexcept {}  // NOLINT(google-explicit-constructor): Vulkan-Hpp shape
    /// Registers `f` for `type`. Throws acl::Error (500000 for a second non-`other` registration).
    template <class F ACLPP_THROWING_PARAMETER>
    requires CallableFor<K, F> CallbackToken(CallbackType type, F &&f) {
        ACLPP_NEEDS_EXCEPTIONS("acl::InitCallback::create or acl::FinalizeCallback::create(type, f, ec)");
        std::error_code ec;
        *this = create(type, std::forward<F>(f), ec);
        if (ec) detail::raise(ec.value(), detail::register_name(K));
    }
    /// The error_code twin.
    template <class F>
    requires CallableFor<K, F>
    [[nodiscard]] static CallbackToken create(CallbackType type, F &&f, std::error_code &ec) noexcept {
        CallbackToken token(nullptr);
        auto *target = new (std::nothrow) detail::TypedTarget<std::decay_t<F>>(std::forward<F>(f));
        aclError rc = ACL_ERROR_BAD_ALLOC;
        if (target != nullptr) rc = detail::add_callback(K, type, target, &token.handle_);
        if (rc == ACL_SUCCESS) {
            token.target_ = target;
            token.type_ = type;
            token.origin_ = detail::Origin::this_process();
        } else {
            delete target;  // a failed registration does not take it
        }
        detail::assign(ec, rc);
        return token;
    }
    CallbackToken(CallbackToken &&other) noexcept
        : handle_(std::exchange(other.handle_, 0)),
          target_(std::exchange(other.target_, nullptr)),
          type_(other.type_),
          origin_(other.origin_),
          handover_(std::exchange(other.handover_, nullptr)) {}
    CallbackToken &operator=(CallbackToken &&other) noexcept {
        if (this != &other) {
            end();
            handle_ = std::exchange(other.handle_, 0);
            target_ = std::exchange(other.target_, nullptr);
            type_ = other.type_;
            origin_ = other.origin_;
            handover_ = std::exchange(other.handover_, nullptr);
        }
        return *this;
    }
    CallbackToken(const CallbackToken &) = delete;
    CallbackToken &operator=(const CallbackToken &) = delete;
    /// Unregisters; a failure goes to the finalize-error handler. The callable is destroyed once
    /// no call of it is running (at once, or, from inside its own call, when that call returns).
    /// A finalize token from Session::on_finalize hands its registration to the Session instead
    /// while that Session holds its reference, so the callback runs at the Session's finalize.
    ~CallbackToken() { end(); }

    [[nodiscard]] explicit operator bool() const noexcept { return handle_ != 0; }
    [[nodiscard]] CallbackType type() const noexcept { return type_; }
    /// The message of the last exception the callable threw ("" when none).
    [[nodiscard]] std::string last_error() const { return target_ != nullptr ? target_->last_error() : std::string(); }
    /// Unregisters now (failures go to the finalize-error handler).
    void reset() noexcept {
        const aclError rc = remove();
        if (rc != ACL_SUCCESS) detail::report_finalize_error(rc, detail::unregister_name(K), detail::token_name(K));
    }
    /// Unregisters now; throws acl::Error on failure.
    ACLPP_THROWING void close() {
        ACLPP_NEEDS_EXCEPTIONS("close(ec)");
        const aclError rc = remove();
        if (rc != ACL_SUCCESS) detail::raise(rc, detail::unregister_name(K));
    }
    void close(std::error_code &ec) noexcept { detail::assign(ec, remove()); }
    /// Leaves the callback registered for the rest of the process (the callable is never destroyed).
    [[nodiscard]] bool release() noexcept {
        target_ = nullptr;
        leave_handover();
        return std::exchange(handle_, 0) != 0;
    }

private:
    friend class Session;

    /// Makes the destructor hand the registration to `handover` (Session::on_finalize).
    void hand_over_to(detail::FinalizeHandover *handover) noexcept {
        if (handover == nullptr || handle_ == 0) return;
        handover->retain();
        leave_handover();
        handover_ = handover;
    }
    void leave_handover() noexcept {
        if (detail::FinalizeHandover *handover = std::exchange(handover_, nullptr)) handover->release();
    }
    /// What the destructor and an assignment do with the registration they end.
    void end() noexcept {
        if (handover_ != nullptr && handle_ != 0 && origin_.same_process() && handover_->take(handle_)) {
            handle_ = 0;
            target_ = nullptr;
        }
        reset();
    }
    aclError remove() noexcept {
        leave_handover();
        const aclppCallbackHandle handle = std::exchange(handle_, 0);
        target_ = nullptr;
        if (handle == 0) return ACL_SUCCESS;
        // L-10: in a fork() child the registration is the parent's; the child leaves it alone.
        if (!origin_.same_process()) return ACL_SUCCESS;
        return aclppRemoveCallback(handle);
    }

    aclppCallbackHandle handle_ = 0;  ///< 0: empty
    const detail::CallbackTarget *target_ = nullptr;
    CallbackType type_ = CallbackType::other;
    detail::Origin origin_{};
    detail::FinalizeHandover *handover_ = nullptr;  ///< the Session's, for a token of Session::on_finalize
};

/// An init callback registration (aclInitCallbackRegister).
using InitCallback = CallbackToken<CallbackKind::init>;
/// A finalize callback registration (aclFinalizeCallbackRegister).
using FinalizeCallback = CallbackToken<CallbackKind::finalize>;

}  // namespace v1
}  // namespace acl
