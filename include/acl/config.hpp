// acl/config.hpp: the typed acl.json (decision C-4).
//
//     acl::Config cfg{.err_msg_mode = acl::ErrMsgMode::process,
//                     .dump = acl::Dump{.path = "./", .scene = acl::DumpScene::aic_err_brief_dump}};
//     acl::Report report = cfg.validate();   // every finding, same codes and pointers as aclInit
//     std::string json = cfg.to_json();      // canonical acl.json
//     acl::Config back = acl::Config::from_json(json);   // == cfg
//
// Section types live in acl/config/*.hpp; this header includes them all plus the runtime
// validation through aclppValidateBuffer.
#pragma once

#include <acl/config/common.hpp>
#include <acl/config/dump.hpp>
#include <acl/config/json_writer.hpp>
#include <acl/config/parse.hpp>
#include <acl/config/profiler.hpp>
#include <acl/config/rules.hpp>
#include <acl/config/static_config.hpp>
#include <acl/config/top_level.hpp>
#include <acl/error.hpp>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {
namespace detail {

/// Fills `out` from an aclppReport (its findings come in init-step order from the core).
inline void copy_report(const aclppReport *report, Report &out) {
    out.result = aclppReportResult(report);
    const std::size_t count = aclppReportFindingCount(report);
    for (std::size_t i = 0; i < count; ++i) {
        aclppFinding f{};
        if (aclppReportGetFinding(report, i, &f) != ACL_SUCCESS) continue;
        Finding finding;
        finding.severity = static_cast<Severity>(f.severity);
        finding.code = f.code;
        finding.pointer = f.pointer != nullptr ? f.pointer : "";
        finding.step = f.step != nullptr ? f.step : "";
        finding.message = f.message != nullptr ? f.message : "";
        finding.hint = f.hint != nullptr ? f.hint : "";
        finding.line = f.line;
        finding.column = f.column;
        out.findings.push_back(std::move(finding));
    }
    const char *effective = aclppReportEffectiveJson(report);
    out.effective_json = effective != nullptr ? effective : "null";
}

inline Report validate_text(std::string_view json, std::string_view soc, std::string_view cann_version = {}) {
    Report out;
    const std::string soc_name(soc);
    const std::string cann(cann_version);
    aclppReport *report = nullptr;
    const aclError rc =
        aclppValidateBufferForCann(json.data(), json.size(), soc.empty() ? nullptr : soc_name.c_str(),
                                   ACLPP_PLATFORM_DEVICE_COUNT, cann.empty() ? nullptr : cann.c_str(), &report);
    if (report == nullptr) {
        out.result = rc != ACL_SUCCESS ? rc : ACL_ERROR_INTERNAL_ERROR;
        Finding f;
        f.code = out.result;
        f.step = "soc";
        f.message = "the validation could not run (unknown SoC \"" + soc_name + "\"" +
                    (cann.empty() ? std::string() : " or CANN version \"" + cann + "\"") + "?)";
        out.findings.push_back(std::move(f));
        return out;
    }
    copy_report(report, out);
    aclppReportFree(report);
    return out;
}

inline Report validate_runtime(const Config &config, std::string_view soc) {
    Report builder = config.validate_static();
    Report out = validate_text(config.to_json(), soc);
    // The builder's own rules (extra keys) are errors the core only warns about.
    std::vector<Finding> own;
    for (Finding &f : builder.findings) {
        if (f.step == "builder") own.push_back(std::move(f));
    }
    if (!own.empty()) {
        out.findings.insert(out.findings.begin(), own.begin(), own.end());
        out.result = own.front().code;
    }
    return out;
}

}  // namespace detail

ACLPP_CONSTEXPR_STD Report Config::validate(std::string_view soc) const {
    if (std::is_constant_evaluated()) return validate_static();
    return detail::validate_runtime(*this, soc);
}

/// Validates acl.json text exactly as aclInit would for `soc` ("" = the next init's platform),
/// touching no runtime state. `cann_version` applies that CANN release's rules where
/// releases differ (B-9: "9.0.0", "9.1.0", "master", ...); "" = ACLPP_CANN_VERSION, else the
/// loaded vendor runtime's version, else master's rules. Text that is not a version gives a
/// report with 100000 and one finding saying so.
[[nodiscard]] inline Report validate(std::string_view json, std::string_view soc = {},
                                     std::string_view cann_version = {}) {
    return detail::validate_text(json, soc, cann_version);
}

/// Validates the config file at `path` (file checks included) for `soc`, with the rules of
/// `cann_version` as validate() takes it.
[[nodiscard]] inline Report validate_file(const std::string &path, std::string_view soc = {},
                                          std::string_view cann_version = {}) {
    Report out;
    const std::string soc_name(soc);
    const std::string cann(cann_version);
    aclppReport *report = nullptr;
    const aclError rc =
        aclppValidateFileForCann(path.c_str(), soc.empty() ? nullptr : soc_name.c_str(), ACLPP_PLATFORM_DEVICE_COUNT,
                                 cann.empty() ? nullptr : cann.c_str(), &report);
    if (report == nullptr) {
        out.result = rc != ACL_SUCCESS ? rc : ACL_ERROR_INTERNAL_ERROR;
        return out;
    }
    detail::copy_report(report, out);
    aclppReportFree(report);
    return out;
}

}  // namespace v1
}  // namespace acl
