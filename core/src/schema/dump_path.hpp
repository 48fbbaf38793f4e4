// The path rules of the `dump` section: `dump_path` itself (CANN's rule with the
// K-4 fix of the IPv4 form) and the environment paths and their precedence
// (decisions K-4 and K-6). Kept apart from the schema walk because these are the only dump rules
// that touch the file system.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "aclpp/schema/dump_checks.hpp"
#include "platform/environment.hpp"
#include "platform/products.hpp"
#include "schema/effective.hpp"
#include "schema/report.hpp"

namespace aclpp::core {

using schema::dump_rules::DumpPathCheck;
using schema::dump_rules::DumpPathProblem;

/// Checks a non-empty `dump_path`: the schema's text rules, then a local path on disk, resolved
/// relative to the current directory (the empty and missing cases are EP0001 and the caller's).
[[nodiscard]] DumpPathCheck checkDumpPath(std::string_view path);

/// The reason of a failed check, for the EP0003 message ("does not exist", ...).
[[nodiscard]] std::string describeDumpPathProblem(std::string_view path, const DumpPathCheck &check);

/// The exception dump a `dump_scene` value selects (K-4), or DumpKind::none for
/// "watcher" and anything else.
[[nodiscard]] DumpKind exceptionKindOf(std::string_view scene) noexcept;

enum class EnvPathState : uint8_t {
    unset,        // the variable is unset or empty
    valid,        // an existing readable and writable directory
    created,      // it was missing and has just been created (K-6, an init)
    wouldCreate,  // it is missing and an init would create it (validate-only run)
    invalid,      // skipped with a warning
};

/// Checks an env dump path as CANN's GetEnvDumpPath does: a missing directory is
/// created (mkdir -p) when `create`, else judged by whether it could be created. `problem`
/// receives the reason when the result is `invalid`.
[[nodiscard]] EnvPathState checkEnvDirectory(const std::string &path, bool create, std::string &problem);

/// The environment as the dump module sees it at one first-level init (K-4: evaluated at every
/// init, not once at load). Each variable is checked at most once, on first use, so a path that
/// no rule needs is never created; its notes and warnings go to `report` then.
class DumpEnvironment {
public:
    DumpEnvironment(const EnvironmentSnapshot &environment, bool createMissing, Report &report) noexcept
        : environment_(environment), report_(report), createMissing_(createMissing) {}

    /// The value of a usable env path, or nullptr.
    [[nodiscard]] const std::string *ascendDumpPath() {
        return resolve(dumpPath_, "ASCEND_DUMP_PATH", environment_.ascendDumpPath);
    }
    [[nodiscard]] const std::string *ascendWorkPath() {
        return resolve(workPath_, "ASCEND_WORK_PATH", environment_.ascendWorkPath);
    }
    [[nodiscard]] const std::string *npuCollectPath() {
        return resolve(collectPath_, "NPU_COLLECT_PATH", environment_.npuCollectPath);
    }
    /// ASCEND_DUMP_SCENE when it names one of the three scenes the env accepts, else "" (an
    /// invalid value is reported once as a warning).
    [[nodiscard]] std::string_view dumpScene();

private:
    struct Slot {
        bool evaluated = false;
        bool usable = false;
    };
    const std::string *resolve(Slot &slot, std::string_view name, const std::optional<std::string> &value);

    const EnvironmentSnapshot &environment_;
    Report &report_;
    bool createMissing_;
    Slot dumpPath_;
    Slot workPath_;
    Slot collectPath_;
    bool sceneEvaluated_ = false;
    std::string_view scene_;
};

/// K-6: the path of an exception dump enabled by acl.json: a usable ASCEND_DUMP_PATH, then
/// a usable ASCEND_WORK_PATH, then `dump_path` (nullptr when absent), then "" (the dumper's
/// default, the current directory).
[[nodiscard]] Setting<std::string> exceptionDumpPath(DumpEnvironment &environment, const std::string_view *configPath);

/// K-4: an exception dump enabled by the environment alone.
struct EnvExceptionDump {
    DumpKind kind = DumpKind::none;
    std::string_view scene;      // the scene it amounts to
    std::string_view enabledBy;  // "ASCEND_DUMP_SCENE" or "NPU_COLLECT_PATH"
    Setting<std::string> path;
};

/// A valid ASCEND_DUMP_SCENE gives that scene at ASCEND_DUMP_PATH, else ASCEND_WORK_PATH, else
/// "./"; else a usable NPU_COLLECT_PATH gives the norm exception dump there; else nothing.
/// aic_err_detail_dump on a product without core dump is skipped with a warning (an env
/// variable never fails an init).
[[nodiscard]] std::optional<EnvExceptionDump> envOnlyExceptionDump(DumpEnvironment &environment, const Product &product,
                                                                   Report &report);

/// K-6: where kernel-DFX data goes: "<ASCEND_DUMP_PATH>/printf", else
/// "<ASCEND_WORK_PATH>/printf" (the env enables kernel DFX `all` there and, being set first,
/// wins), else `dump_path` (nullptr when absent), else "".
[[nodiscard]] Setting<std::string> kernelDfxPath(DumpEnvironment &environment, const std::string_view *configPath);

}  // namespace aclpp::core
