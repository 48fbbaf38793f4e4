// acl/error.hpp: errors of the C++ layer (decision C-3).
//
// acl::Errc names every code of <acl/acl.h> with the same value; acl::category() is the
// std::error_category named "acl", defined once in the compiled core (<acl/aclpp_category.hpp>
// says why). acl::Error is the one
// exception type: it carries the code, the C function that failed and the text of
// aclGetRecentErrMsg() taken at the failure point. Every throwing call has an error_code twin;
// with exceptions disabled (ACLPP_EXCEPTIONS 0) the twins are the API: a throwing call does not
// compile (ACLPP_THROWING in <acl/detail/macros.hpp>), so nothing in the layer aborts.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <acl/aclpp_category.hpp>

#include <acl/detail/atomic.hpp>
#include <acl/detail/macros.hpp>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>

namespace acl {
inline namespace v1 {

/// Every aclError of <acl/acl.h>, with the same values.
enum class Errc : int {
    success = ACL_SUCCESS,
    invalid_param = ACL_ERROR_INVALID_PARAM,
    uninitialize = ACL_ERROR_UNINITIALIZE,
    repeat_initialize = ACL_ERROR_REPEAT_INITIALIZE,
    invalid_file = ACL_ERROR_INVALID_FILE,
    write_file = ACL_ERROR_WRITE_FILE,
    invalid_file_size = ACL_ERROR_INVALID_FILE_SIZE,
    parse_file = ACL_ERROR_PARSE_FILE,
    file_missing_attr = ACL_ERROR_FILE_MISSING_ATTR,
    file_attr_invalid = ACL_ERROR_FILE_ATTR_INVALID,
    invalid_dump_config = ACL_ERROR_INVALID_DUMP_CONFIG,
    invalid_profiling_config = ACL_ERROR_INVALID_PROFILING_CONFIG,
    repeat_finalize = ACL_ERROR_REPEAT_FINALIZE,
    compiling_stub_mode = ACL_ERROR_COMPILING_STUB_MODE,
    dump_not_run = ACL_ERROR_DUMP_NOT_RUN,
    invalid_max_opqueue_num_config = ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG,
    bad_alloc = ACL_ERROR_BAD_ALLOC,
    api_not_support = ACL_ERROR_API_NOT_SUPPORT,
    internal_error = ACL_ERROR_INTERNAL_ERROR,
    failure = ACL_ERROR_FAILURE,
    ge_failure = ACL_ERROR_GE_FAILURE,
    rt_failure = ACL_ERROR_RT_FAILURE,
    rt_param_invalid = ACL_ERROR_RT_PARAM_INVALID,
    rt_invalid_deviceid = ACL_ERROR_RT_INVALID_DEVICEID,
    rt_context_null = ACL_ERROR_RT_CONTEXT_NULL,
    rt_feature_not_support = ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
    rt_internal_error = ACL_ERROR_RT_INTERNAL_ERROR,
};

/// Errc -> std::error_code in the "acl" category (found by ADL; enables `ec == acl::Errc::...`).
[[nodiscard]] inline std::error_code make_error_code(Errc e) noexcept {
    return {static_cast<int>(e), category()};
}
/// A raw aclError as a std::error_code in the "acl" category.
[[nodiscard]] inline std::error_code to_error_code(aclError code) noexcept {
    return {code, category()};
}

/// "ACL_ERROR_REPEAT_INITIALIZE"; "ACL_ERROR_UNKNOWN" for a code <acl/acl.h> lacks.
[[nodiscard]] inline std::string_view error_name(aclError code) noexcept {
    return aclppErrorName(code);
}
[[nodiscard]] inline std::string_view error_name(Errc e) noexcept {
    return aclppErrorName(static_cast<aclError>(e));
}
/// One sentence describing the code.
[[nodiscard]] inline std::string_view error_description(aclError code) noexcept {
    return aclppErrorDescription(code);
}
[[nodiscard]] inline std::string_view error_description(Errc e) noexcept {
    return aclppErrorDescription(static_cast<aclError>(e));
}
/// The name, for test frameworks and logs.
[[nodiscard]] inline std::string_view to_string(Errc e) noexcept {
    return error_name(e);
}

/// aclppGetRecentErrMsg() (aclGetRecentErrMsg, with aclpp's own text first over the vendor runtime) as a
/// string: takes (and so clears) this thread's text; "" when none.
[[nodiscard]] inline std::string take_recent_error_message() {
    const char *text = aclppGetRecentErrMsg();
    return text != nullptr ? std::string(text) : std::string();
}

/// The exception thrown by the C++ layer: an aclError with the failing C function and the
/// recent error text captured at the failure point. Built and thrown in the program, with the
/// program's own string ABI; ACLPP_EXPORT keeps its typeinfo visible, so a catch in another
/// shared library matches it.
class ACLPP_EXPORT Error : public std::system_error {
public:
    /// `function` is the C entry point (or acl:: operation) that failed, `recent_message` the
    /// aclGetRecentErrMsg() text, `context` what the layer adds (a path, a config diff).
    Error(aclError code, std::string_view function, std::string recent_message = {}, std::string context = {})
        : std::system_error(to_error_code(code), std::string(function)),
          function_(function),
          recent_(std::move(recent_message)),
          context_(std::move(context)) {
        // Assembled by the core (aclppFormatError): this constructor is compiled into every
        // program that can throw, so it stays a size query and a copy.
        std::size_t required = 0;
        if (format(nullptr, 0, &required) != ACL_SUCCESS || required == 0) return;
        what_.resize(required - 1);
        (void)format(what_.data(), required, &required);  // writes what_.size() bytes and the NUL
    }

    /// The raw aclError.
    [[nodiscard]] aclError value() const noexcept { return code().value(); }
    [[nodiscard]] Errc errc() const noexcept { return static_cast<Errc>(code().value()); }
    [[nodiscard]] std::string_view name() const noexcept { return error_name(value()); }
    /// The C function (or acl:: operation) that failed, e.g. "aclInit".
    [[nodiscard]] const std::string &function() const noexcept { return function_; }
    /// aclGetRecentErrMsg() at the failure point ("" when the runtime had none).
    [[nodiscard]] const std::string &recent_message() const noexcept { return recent_; }
    /// What the C++ layer adds: the config path, the differing JSON pointers of a join, ...
    [[nodiscard]] const std::string &context() const noexcept { return context_; }
    /// "aclInit failed: ACL_ERROR_INVALID_DUMP_CONFIG (100009): <description>[; context][\n recent]".
    [[nodiscard]] const char *what() const noexcept override {
        return what_.empty() ? std::system_error::what() : what_.c_str();  // empty: out of memory
    }

private:
    aclError format(char *buffer, std::size_t capacity, std::size_t *required) const noexcept {
        return aclppFormatError(code().value(), function_.data(), function_.size(), context_.data(), context_.size(),
                                recent_.data(), recent_.size(), buffer, capacity, required);
    }

    std::string function_;
    std::string recent_;
    std::string context_;
    std::string what_;
};

/// What the finalize-error handler gets: a failure no exception could report, because it
/// happened in a destructor (ScopedInit, Session, Device, callback tokens) or at exit.
struct FinalizeError {
    aclError code;
    std::string_view function;        ///< the C call that failed ("aclFinalizeReference")
    std::string_view handle;          ///< the C++ type whose destructor ran ("acl::ScopedInit")
    std::string_view recent_message;  ///< aclGetRecentErrMsg() at that point, or an explanation
};

/// Receives failures of destructors (decision C-1). Must not throw. The default sends one line
/// to the log handler (set_log_handler), else to stderr.
using FinalizeErrorHandler = void (*)(const FinalizeError &error) noexcept;

namespace detail {
inline void default_finalize_error_handler(const FinalizeError &error) noexcept {
    // One line to the log handler (acl::set_log_handler), else stderr. Formatted into a fixed
    // buffer: a destructor may run when no memory is left.
    char line[2048];
    std::snprintf(line, sizeof line, "aclpp: %.*s failed in the destructor of %.*s: %s (%d)%s%.*s",
                  static_cast<int>(error.function.size()), error.function.data(), static_cast<int>(error.handle.size()),
                  error.handle.data(), aclppErrorName(error.code), error.code, error.recent_message.empty() ? "" : ": ",
                  static_cast<int>(error.recent_message.size()), error.recent_message.data());
    aclppLog(line);
}
inline detail::Atomic<FinalizeErrorHandler> finalize_error_handler{&default_finalize_error_handler};

/// Sends a destructor failure to the handler; `recent` is taken from the runtime when empty.
inline void report_finalize_error(aclError code, std::string_view function, std::string_view handle,
                                  std::string_view explanation = {}) noexcept {
    const char *recent = explanation.empty() ? aclppGetRecentErrMsg() : nullptr;
    const FinalizeError error{code, function, handle,
                              explanation.empty() ? std::string_view(recent != nullptr ? recent : "") : explanation};
    finalize_error_handler.load()(error);
}
}  // namespace detail

/// Receives aclpp's own warnings, one line each (decision C-7): join differences under
/// JoinPolicy::warn, destructor failures, a trace file (ACLPP_TRACE) that cannot be opened. Must
/// not throw; may be called from any thread.
using LogHandler = void (*)(std::string_view message) noexcept;

namespace detail {
inline detail::Atomic<LogHandler> log_handler{nullptr};
inline void log_to_handler(const char *message, void *) {
    if (const LogHandler handler = log_handler.load()) handler(message != nullptr ? message : "");
}
}  // namespace detail

/// Sends aclpp's warnings to `handler` instead of stderr (nullptr restores stderr); returns the
/// previous handler. The core's warnings and the C++ layer's default handlers both go there.
inline LogHandler set_log_handler(LogHandler handler) noexcept {
    const LogHandler previous = detail::log_handler.exchange(handler);
    aclppSetLogHandler(handler != nullptr ? &detail::log_to_handler : nullptr, nullptr);
    return previous;
}

/// Installs `handler` for destructor failures (nullptr restores the default, which sends one line
/// to the log handler, else stderr); returns the previous one.
inline FinalizeErrorHandler set_finalize_error_handler(FinalizeErrorHandler handler) noexcept {
    return detail::finalize_error_handler.exchange(handler != nullptr ? handler
                                                                      : &detail::default_finalize_error_handler);
}

namespace detail {

/// The one place that turns an aclError into an exception. Cold and out of line: messages are
/// built only here. Without exceptions only throwing calls name it, and none of them compiles
/// (its parameters are then unused, which Clang reports in the template itself).
ACLPP_THROWING [[noreturn]] ACLPP_COLD inline void raise_error([[maybe_unused]] aclError code,
                                                               [[maybe_unused]] const char *function,
                                                               [[maybe_unused]] std::string recent,
                                                               [[maybe_unused]] std::string context) {
    ACLPP_NEEDS_EXCEPTIONS("(of the acl:: call that led here)");
#if ACLPP_EXCEPTIONS
    throw Error(code, function != nullptr ? function : "", std::move(recent), std::move(context));
#endif
}

/// raise_error for a failed C call: takes aclGetRecentErrMsg() at the failure point.
ACLPP_THROWING [[noreturn]] ACLPP_COLD inline void raise(aclError code, const char *function,
                                                         std::string context = {}) {
    raise_error(code, function, take_recent_error_message(), std::move(context));
}

/// Throws when `code` is not ACL_SUCCESS.
ACLPP_THROWING inline void check(aclError code, const char *function) {
    if (code != ACL_SUCCESS) [[unlikely]]
        raise(code, function);
}

/// Stores `code` in `ec` (cleared on success) and reports whether it was a success.
inline bool assign(std::error_code &ec, aclError code) noexcept {
    if (code == ACL_SUCCESS) {
        ec.clear();
        return true;
    }
    ec = to_error_code(code);
    return false;
}

}  // namespace detail
}  // namespace v1
}  // namespace acl

template <>
struct std::is_error_code_enum<acl::Errc> : std::true_type {};
