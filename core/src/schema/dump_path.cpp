#include "schema/dump_path.hpp"
#include "aclpp/schema/rule_table.hpp"
#include "text/user_text.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace aclpp::core {
namespace {

using namespace std::string_view_literals;

// The reference creates env dump directories with DEFAULT_DIR_MODE (owner rwx, group r-x).
constexpr mode_t kDirectoryMode = 0750;

// Only these scenes can be switched on through ASCEND_DUMP_SCENE; lite_exception and watcher
// cannot, as in CANN.
constexpr std::array kEnvDumpScenes{"aic_err_brief_dump"sv, "aic_err_norm_dump"sv, "aic_err_detail_dump"sv};

// A NUL inside a JSON string cannot name a file; the C calls would silently cut the path there.
bool hasNul(std::string_view text) noexcept {
    return text.find('\0') != std::string_view::npos;
}

DumpPathCheck checkLocalDirectory(std::string_view path) {
    DumpPathCheck check;
    if (hasNul(path)) {
        check.problem = DumpPathProblem::notFound;
        check.error = EINVAL;
        return check;
    }
    const std::string text(path);
    const std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(text.c_str(), nullptr), &std::free);
    if (!resolved) {
        check.problem = DumpPathProblem::notFound;
        check.error = errno;
        return check;
    }
    struct stat info {};
    if (::stat(resolved.get(), &info) != 0 || !S_ISDIR(info.st_mode)) {
        check.problem = DumpPathProblem::notDirectory;
        return check;
    }
    if (::access(resolved.get(), R_OK | W_OK) != 0) {
        check.problem = DumpPathProblem::noAccess;
        check.error = errno;
    }
    return check;
}

std::string errnoText(int error) {
    return error != 0 ? std::string(std::strerror(error)) : std::string("unknown error");
}

// mkdir -p: every missing component of `path`, in order.
bool makeDirectories(const std::string &path, int &error) {
    std::string prefix;
    prefix.reserve(path.size());
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t slash = path.find('/', start);
        if (slash == std::string::npos) slash = path.size();
        prefix.assign(path, 0, slash);
        if (!prefix.empty() && prefix.find_first_not_of('/') != std::string::npos) {
            if (::mkdir(prefix.c_str(), kDirectoryMode) != 0 && errno != EEXIST) {
                error = errno;
                return false;
            }
        }
        start = slash + 1;
    }
    return true;
}

// A validate-only run must not create anything, so it asks whether mkdir -p could succeed:
// the nearest existing ancestor has to be a directory we may write into.
bool couldCreate(const std::string &path, std::string &problem) {
    std::string ancestor = path;
    for (;;) {
        while (ancestor.size() > 1 && ancestor.back() == '/') ancestor.pop_back();
        const std::size_t slash = ancestor.rfind('/');
        if (slash == std::string::npos) {
            ancestor.assign(1, '.');
        } else if (slash == 0) {
            ancestor = "/";
        } else {
            ancestor.resize(slash);
        }
        struct stat info {};
        if (::stat(ancestor.c_str(), &info) == 0) {
            if (!S_ISDIR(info.st_mode)) {
                problem = "it cannot be created: " + quotedText(ancestor, kWholeText) + " is not a directory";
                return false;
            }
            if (::access(ancestor.c_str(), W_OK | X_OK) != 0) {
                problem = "it cannot be created: " + quotedText(ancestor, kWholeText) + " is not writable";
                return false;
            }
            return true;
        }
        if (errno != ENOENT || ancestor == "." || ancestor == "/") {
            problem = "it cannot be created: " + quotedText(ancestor, kWholeText) + ": " + errnoText(errno);
            return false;
        }
    }
}

// The checks GetEnvDumpPath applies to a path that exists.
EnvPathState checkExistingDirectory(const std::string &path, std::string &problem) {
    const std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(path.c_str(), nullptr), &std::free);
    if (!resolved) {
        problem = "it does not resolve: " + errnoText(errno);
        return EnvPathState::invalid;
    }
    struct stat info {};
    if (::stat(resolved.get(), &info) != 0 || !S_ISDIR(info.st_mode)) {
        problem = "it is not a directory";
        return EnvPathState::invalid;
    }
    if (::access(resolved.get(), R_OK | W_OK) != 0) {
        problem = "it is not readable and writable";
        return EnvPathState::invalid;
    }
    return EnvPathState::valid;
}

std::string joinPath(std::string_view base, std::string_view leaf) {
    std::string out(base);
    if (!out.empty() && out.back() != '/') out += '/';
    out += leaf;
    return out;
}

}  // namespace

DumpPathCheck checkDumpPath(std::string_view path) {
    const DumpPathCheck check = schema::dump_rules::checkDumpPathText(path);
    if (check.problem != DumpPathProblem::none || check.remote) return check;
    return checkLocalDirectory(path);
}

std::string describeDumpPathProblem(std::string_view path, const DumpPathCheck &check) {
    switch (check.problem) {
        case DumpPathProblem::none:
            return {};
        case DumpPathProblem::tooLong:
            return schema::rules::pathLengthText(path.size());
        case DumpPathProblem::remoteEmpty:
            return std::string(schema::rules::kRemoteEmptyText);
        case DumpPathProblem::remoteBadChar:
            return schema::rules::remoteBadCharText(path, check.offset);
        case DumpPathProblem::notFound: {
            // Only a relative path depends on the current directory; an absolute one is simply
            // missing, and the runtime creates no dump directory (reference 3.4.4).
            const bool relative = path.empty() || path.front() != '/';
            return "it does not exist (" + errnoText(check.error) +
                   (relative ? "; a relative path is resolved from the current directory" : "") +
                   "); expected an existing readable and writable directory (the runtime creates none) or "
                   "<a.b.c.d>:<path>";
        }
        case DumpPathProblem::notDirectory:
            return "it is not a directory";
        case DumpPathProblem::noAccess:
            return "the directory is not readable and writable";
    }
    return {};
}

DumpKind exceptionKindOf(std::string_view scene) noexcept {
    // The schema's exception scenes, in kSceneValues' order: lite_exception, aic_err_brief_dump,
    // aic_err_norm_dump, aic_err_detail_dump (lite_exception is the brief dump's old name).
    using schema::dump_rules::kExceptionSceneValues;
    constexpr std::array kKinds{DumpKind::exceptionBrief, DumpKind::exceptionBrief, DumpKind::exceptionNorm,
                                DumpKind::exceptionCore};
    static_assert(kKinds.size() == kExceptionSceneValues.size() && kExceptionSceneValues[3] == "aic_err_detail_dump");
    for (std::size_t i = 0; i < kKinds.size(); ++i) {
        if (scene == kExceptionSceneValues[i]) return kKinds[i];
    }
    return DumpKind::none;
}

EnvPathState checkEnvDirectory(const std::string &path, bool create, std::string &problem) {
    if (path.empty()) return EnvPathState::unset;
    if (hasNul(path)) {
        problem = "it holds a NUL byte";
        return EnvPathState::invalid;
    }
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0) return checkExistingDirectory(path, problem);
    if (errno != ENOENT) {
        problem = errnoText(errno);
        return EnvPathState::invalid;
    }
    if (!create) return couldCreate(path, problem) ? EnvPathState::wouldCreate : EnvPathState::invalid;
    int error = 0;
    if (!makeDirectories(path, error)) {
        problem = "it cannot be created: " + errnoText(error);
        return EnvPathState::invalid;
    }
    const EnvPathState state = checkExistingDirectory(path, problem);
    return state == EnvPathState::valid ? EnvPathState::created : state;
}

const std::string *DumpEnvironment::resolve(Slot &slot, std::string_view name,
                                            const std::optional<std::string> &value) {
    if (!slot.evaluated) {
        slot.evaluated = true;
        if (value && !value->empty()) {
            std::string problem;
            switch (checkEnvDirectory(*value, createMissing_, problem)) {
                case EnvPathState::unset:
                    break;
                case EnvPathState::valid:
                    slot.usable = true;
                    break;
                case EnvPathState::created:
                    slot.usable = true;
                    report_.note(ACLPP_STEP_DUMP, {},
                                 std::string(name) + " " + quotedText(*value, kWholeText) +
                                     " did not exist and was created (K-6)");
                    break;
                case EnvPathState::wouldCreate:
                    slot.usable = true;
                    report_.note(ACLPP_STEP_DUMP, {},
                                 std::string(name) + " " + quotedText(*value, kWholeText) +
                                     " does not exist; aclInit would create it (K-6)");
                    break;
                case EnvPathState::invalid:
                    report_.warning(
                        ACLPP_STEP_DUMP, {},
                        std::string(name) + " " + quotedText(*value, kWholeText) + " is not used: " + problem,
                        "set it to a readable and writable directory, or unset it");
                    break;
            }
        }
    }
    return slot.usable ? &*value : nullptr;
}

std::string_view DumpEnvironment::dumpScene() {
    if (!sceneEvaluated_) {
        sceneEvaluated_ = true;
        const std::optional<std::string> &value = environment_.ascendDumpScene;
        if (value && !value->empty()) {
            for (const std::string_view scene : kEnvDumpScenes) {
                if (*value == scene) scene_ = scene;
            }
            if (scene_.empty()) {
                const std::vector<std::string_view> candidates(kEnvDumpScenes.begin(), kEnvDumpScenes.end());
                const std::string_view match = closestMatch(*value, candidates);
                report_.warning(ACLPP_STEP_DUMP, {},
                                "ASCEND_DUMP_SCENE is " + quotedText(*value, kWholeText) +
                                    " and is ignored; allowed: aic_err_brief_dump, aic_err_norm_dump, "
                                    "aic_err_detail_dump",
                                match.empty() ? std::string{} : "did you mean \"" + std::string(match) + "\"?");
            }
        }
    }
    return scene_;
}

Setting<std::string> exceptionDumpPath(DumpEnvironment &environment, const std::string_view *configPath) {
    Setting<std::string> path;
    if (const std::string *env = environment.ascendDumpPath()) {
        path.set(*env, Source::environment, "ASCEND_DUMP_PATH");
    } else if (const std::string *work = environment.ascendWorkPath()) {
        path.set(*work, Source::environment, "ASCEND_WORK_PATH");
    } else if (configPath != nullptr) {
        path.set(std::string(*configPath), Source::config, "/dump/dump_path");
    }
    return path;
}

std::optional<EnvExceptionDump> envOnlyExceptionDump(DumpEnvironment &environment, const Product &product,
                                                     Report &report) {
    EnvExceptionDump dump;
    if (const std::string_view scene = environment.dumpScene(); !scene.empty()) {
        dump.kind = exceptionKindOf(scene);
        if (dump.kind == DumpKind::exceptionCore && !product.traits->coreDump) {
            report.warning(ACLPP_STEP_DUMP, {},
                           "ASCEND_DUMP_SCENE is \"aic_err_detail_dump\" (core-dump mode), which " +
                               std::string(product.soc) + " (" + std::string(product.traits->name) +
                               ") does not support; no exception dump is enabled by it");
            return std::nullopt;
        }
        dump.scene = scene;
        dump.enabledBy = "ASCEND_DUMP_SCENE";
        if (const std::string *env = environment.ascendDumpPath()) {
            dump.path.set(*env, Source::environment, "ASCEND_DUMP_PATH");
        } else if (const std::string *work = environment.ascendWorkPath()) {
            dump.path.set(*work, Source::environment, "ASCEND_WORK_PATH");
        } else {
            dump.path.set("./", Source::defaulted);
        }
        return dump;
    }
    if (const std::string *collect = environment.npuCollectPath()) {
        dump.kind = DumpKind::exceptionNorm;
        dump.scene = "aic_err_norm_dump";
        dump.enabledBy = "NPU_COLLECT_PATH";
        dump.path.set(*collect, Source::environment, "NPU_COLLECT_PATH");
        return dump;
    }
    return std::nullopt;
}

Setting<std::string> kernelDfxPath(DumpEnvironment &environment, const std::string_view *configPath) {
    Setting<std::string> path;
    if (const std::string *env = environment.ascendDumpPath()) {
        path.set(joinPath(*env, "printf"), Source::environment, "ASCEND_DUMP_PATH");
    } else if (const std::string *work = environment.ascendWorkPath()) {
        path.set(joinPath(*work, "printf"), Source::environment, "ASCEND_WORK_PATH");
    } else if (configPath != nullptr) {
        path.set(std::string(*configPath), Source::config, "/dump/dump_path");
    }
    return path;
}

}  // namespace aclpp::core
