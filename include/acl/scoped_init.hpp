// acl/scoped_init.hpp: acl::ScopedInit, one reference to the process-wide runtime (decision C-1).
//
//     acl::ScopedInit init;                         // aclInit(nullptr)
//     acl::ScopedInit init{acl::ConfigFile{"acl.json"}};
//     acl::ScopedInit named{acl::ConfigFile{"acl.json"}, acl::HolderOptions{.name = "plugin"}};
//     if (init.joined()) { /* someone else initialised the runtime; we hold one more reference */ }
//
// 100002 (ACL_ERROR_REPEAT_INITIALIZE) means "joined", never a failure: the runtime counted our
// reference. The destructor gives that one reference back with aclFinalizeReference (on the
// compact runtime of IPV350, which counts N aclInit against N aclFinalize and has no
// aclFinalizeReference, with aclFinalize) and sends a failure to the finalize-error handler;
// close() reports it instead. A handle created before
// fork() does nothing in the child (L-10); a handle whose runtime was finalized by somebody
// else's aclFinalize does not release a later runtime's reference.
//
// Every handle is a holder the process can list (acl::holders() in <acl/runtime.hpp>) and the
// lifecycle trace names (ACLPP_TRACE): decision C-7.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <acl/detail/atomic.hpp>
#include <acl/detail/handle.hpp>
#include <acl/error.hpp>
#include <acl/version_check.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

namespace acl {
inline namespace v1 {

/// A config file path for aclInit.
struct ConfigFile {
    std::string path;
};

/// Config text handed to the runtime from memory (aclppInitFromBuffer); never a temp file.
struct ConfigText {
    std::string_view json;
};

/// What a holder is known by (C-7): acl::holders() lists it and ACLPP_TRACE names it. The name
/// is copied when the reference is taken (cut at 63 bytes).
struct HolderOptions {
    std::string_view name;
};

/// How a handle came to hold its reference.
enum class Ownership : std::uint8_t {
    owner,   ///< this handle's init did the 0->1 transition (aclInit returned 0)
    joined,  ///< the runtime was already initialised (aclInit returned 100002)
};

namespace detail {

/// Takes one reference: aclInit(nullptr), aclInit(path) or aclppInitFromBuffer.
struct InitSource {
    enum class Kind : std::uint8_t { none, file, text } kind = Kind::none;
    const char *path = nullptr;
    std::string_view text;
    std::string_view name;  ///< the holder's name (C-7)

    /// aclInit's codes; `epoch` gets the runtime the reference was taken on (aclppInitWithEpoch),
    /// `holder` the registry entry that names it (aclppHolderInit).
    [[nodiscard]] aclError init(std::uint64_t &epoch, aclppHolder &holder) const noexcept {
        aclppHolderRequest request{name.data(), name.size(), nullptr, nullptr, 0, 0};
        if (kind == Kind::file) request.configPath = path;
        if (kind == Kind::text) {
            // A non-NULL pointer even for empty text: "" is an empty file ({}), not "no config".
            request.configData = text.data() != nullptr ? text.data() : "";
            request.configLength = text.size();
            request.fromBuffer = 1;
        }
        return aclppHolderInit(&request, &epoch, &holder);
    }
    [[nodiscard]] const char *function() const noexcept {
        return kind == Kind::text ? "aclppInitFromBuffer" : "aclInit";
    }
};

}  // namespace detail

/// Holds exactly one reference to the runtime. Move-only; empty after a move, release() or
/// close().
class ScopedInit {
public:
    /// An empty handle: holds no reference.
    ScopedInit(std::nullptr_t) noexcept {}  // NOLINT(google-explicit-constructor): Vulkan-Hpp shape
    /// aclInit(nullptr): no config. Throws acl::Error on failure.
    ACLPP_THROWING ScopedInit() {
        ACLPP_NEEDS_EXCEPTIONS("acl::ScopedInit::create(ec)");
        acquire_or_raise(detail::InitSource{});
    }
    /// aclInit(nullptr) as a named holder. Throws acl::Error on failure.
    ACLPP_THROWING explicit ScopedInit(HolderOptions options) {
        ACLPP_NEEDS_EXCEPTIONS("acl::ScopedInit::create(options, ec)");
        acquire_or_raise(detail::InitSource{detail::InitSource::Kind::none, nullptr, {}, options.name});
    }
    /// aclInit(path). Throws acl::Error on failure.
    ACLPP_THROWING explicit ScopedInit(const ConfigFile &file, HolderOptions options = {}) {
        ACLPP_NEEDS_EXCEPTIONS("acl::ScopedInit::create(file, ec)");
        acquire_or_raise(detail::InitSource{detail::InitSource::Kind::file, file.path.c_str(), {}, options.name},
                         file.path);
    }
    /// aclppInitFromBuffer(text). Throws acl::Error on failure.
    ACLPP_THROWING explicit ScopedInit(ConfigText text, HolderOptions options = {}) {
        ACLPP_NEEDS_EXCEPTIONS("acl::ScopedInit::create(text, ec)");
        acquire_or_raise(detail::InitSource{detail::InitSource::Kind::text, nullptr, text.json, options.name});
    }

    /// The error_code twins: an empty handle and `ec` set on failure.
    [[nodiscard]] static ScopedInit create(std::error_code &ec, HolderOptions options = {}) noexcept {
        return create(detail::InitSource{detail::InitSource::Kind::none, nullptr, {}, options.name}, ec);
    }
    [[nodiscard]] static ScopedInit create(const ConfigFile &file, std::error_code &ec,
                                           HolderOptions options = {}) noexcept {
        return create(detail::InitSource{detail::InitSource::Kind::file, file.path.c_str(), {}, options.name}, ec);
    }
    [[nodiscard]] static ScopedInit create(ConfigText text, std::error_code &ec, HolderOptions options = {}) noexcept {
        return create(detail::InitSource{detail::InitSource::Kind::text, nullptr, text.json, options.name}, ec);
    }

    ScopedInit(const ScopedInit &) = delete;
    ScopedInit &operator=(const ScopedInit &) = delete;
    ScopedInit(ScopedInit &&other) noexcept
        : epoch_(std::exchange(other.epoch_, 0)),
          process_(other.process_),
          holder_(std::exchange(other.holder_, 0)),
          ownership_(other.ownership_) {}
    ScopedInit &operator=(ScopedInit &&other) noexcept {
        if (this != &other) {
            reset();
            epoch_ = std::exchange(other.epoch_, 0);
            process_ = other.process_;
            holder_ = std::exchange(other.holder_, 0);
            ownership_ = other.ownership_;
        }
        return *this;
    }
    /// Gives the reference back (aclFinalizeReference, or aclFinalize on the compact runtime); a
    /// failure goes to the finalize-error handler.
    ~ScopedInit() { reset(); }

    /// True when a reference is held.
    [[nodiscard]] explicit operator bool() const noexcept { return epoch_ != 0; }
    [[nodiscard]] bool empty() const noexcept { return epoch_ == 0; }
    /// True when this handle's init initialised the runtime (aclInit returned 0).
    [[nodiscard]] bool is_owner() const noexcept { return epoch_ != 0 && ownership_ == Ownership::owner; }
    /// True when the runtime was already initialised (aclInit returned 100002).
    [[nodiscard]] bool joined() const noexcept { return epoch_ != 0 && ownership_ == Ownership::joined; }
    [[nodiscard]] Ownership ownership() const noexcept { return ownership_; }
    /// The runtime epoch the reference belongs to (0 when empty).
    [[nodiscard]] std::uint64_t epoch() const noexcept { return epoch_ == detail::kNoRuntime ? 0 : epoch_; }

    /// Gives the reference back now; a failure goes to the finalize-error handler. Empty after.
    void reset() noexcept {
        std::error_code ec;
        std::string explanation;
        if (finalize(ec, explanation)) return;
        forget_holder();  // empty now: the reference the runtime kept is no holder's any more
        detail::report_finalize_error(ec.value(), "aclFinalizeReference", "acl::ScopedInit", explanation);
    }
    /// Gives the reference back now and reports a failure: throws acl::Error. On failure the
    /// handle still holds its reference (the runtime kept it), so a retry or the destructor can
    /// give it back.
    ACLPP_THROWING void close() {
        ACLPP_NEEDS_EXCEPTIONS("close(ec)");
        std::error_code ec;
        std::string explanation;
        const std::uint64_t epoch = epoch_;
        if (finalize(ec, explanation)) return;
        if (ec.value() != ACL_ERROR_REPEAT_FINALIZE) epoch_ = epoch;
        if (explanation.empty()) detail::raise(ec.value(), "aclFinalizeReference");
        detail::raise_error(ec.value(), "aclFinalizeReference", {}, explanation);
    }
    /// As close(), with the failure in `ec`.
    void close(std::error_code &ec) noexcept {
        std::string explanation;
        const std::uint64_t epoch = epoch_;
        if (!finalize(ec, explanation) && ec.value() != ACL_ERROR_REPEAT_FINALIZE) epoch_ = epoch;
    }
    /// Stops managing the reference without giving it back: the caller now owes one
    /// aclFinalizeReference. Returns false when the handle was empty.
    [[nodiscard]] bool release() noexcept {
        forget_holder();  // the caller holds the reference now, not a holder
        return std::exchange(epoch_, 0) != 0;
    }

private:
    void forget_holder() noexcept {
        if (const aclppHolder holder = std::exchange(holder_, 0);
            holder != 0 && detail::Origin{process_, 1}.same_process())
            aclppHolderForget(holder);
    }

    [[nodiscard]] static ScopedInit create(const detail::InitSource &source, std::error_code &ec) noexcept {
        ScopedInit handle(nullptr);
        if (!core_fits_headers()) {
            check_core_version(ec);
            return handle;
        }
        detail::assign(ec, handle.acquire(source));
        return handle;
    }

    /// aclInit or its buffer twin: 0 makes an owner, 100002 a joiner.
    aclError acquire(const detail::InitSource &source) noexcept {
        std::uint64_t epoch = 0;
        const aclError rc = source.init(epoch, holder_);
        if (rc != ACL_SUCCESS && rc != ACL_ERROR_REPEAT_INITIALIZE) return rc;
        // A join (100002) is not a failure, and the core records no text for it (docs/faq.md P8), so there is
        // nothing to clear here: the join path stays free of locks.
        ownership_ = rc == ACL_SUCCESS ? Ownership::owner : Ownership::joined;
        const detail::Origin origin = detail::Origin::taken_on(epoch);
        process_ = origin.process;
        epoch_ = origin.epoch;
        return ACL_SUCCESS;
    }

    /// Headers and core from different releases must not meet; checked once per process so
    /// the join path stays a few nanoseconds. A constinit atomic, not a guarded static: a fork()
    /// while another thread held the guard would leave the child waiting on it forever.
    [[nodiscard]] static bool core_fits_headers() noexcept {
        enum : unsigned char { unknown, fits, does_not_fit };
        static constinit detail::Atomic<unsigned char> verdict{unknown};
        unsigned char known = verdict.load(detail::MemoryOrder::relaxed);
        if (known == unknown) [[unlikely]] {
            known = core_version_compatible(header_version, aclppCoreVersion()) ? fits : does_not_fit;
            verdict.store(known, detail::MemoryOrder::relaxed);
        }
        return known == fits;
    }

    ACLPP_THROWING void acquire_or_raise(const detail::InitSource &source, std::string_view context = {}) {
        if (!core_fits_headers()) [[unlikely]]
            check_core_version();
        const aclError rc = acquire(source);
        if (rc != ACL_SUCCESS) [[unlikely]] {
            detail::raise(rc, source.function(),
                          context.empty() ? std::string() : "config \"" + std::string(context) + "\"");
        }
    }

    /// Releases the reference; true when nothing is left to report. Empty afterwards.
    bool finalize(std::error_code &ec, std::string &explanation) noexcept {
        ec.clear();
        const std::uint64_t epoch = std::exchange(epoch_, 0);
        if (epoch == 0) return true;
        const detail::Origin origin{process_, epoch};
        if (!origin.same_process()) {  // L-10: the parent's reference is not ours, nor its holder entry
            holder_ = 0;
            return true;
        }
        // The core gives the reference back only to the runtime it was taken on: 100037 when
        // that runtime is gone, so a later runtime's count is never touched.
        // aclppFinalizeReferenceOfEpoch, or on the compact runtime aclFinalize (P-5), and the
        // holder's entry goes with the reference.
        if (detail::assign(ec, aclppHolderFinalize(holder_, origin.core_epoch(), nullptr))) {
            holder_ = 0;
            return true;
        }
        if (ec.value() == ACL_ERROR_REPEAT_FINALIZE) {
            holder_ = 0;
            explanation = "the runtime this reference belonged to was torn down by aclFinalize while it was held";
        }
        return false;
    }

    std::uint64_t epoch_ = 0;  ///< the handle: 0 = empty
    long process_ = 0;
    aclppHolder holder_ = 0;  ///< the registry entry (C-7), 0 when none
    Ownership ownership_ = Ownership::owner;
};

}  // namespace v1
}  // namespace acl
