// acl-config socs: the emulated product table (decision E-1), straight from the core.
#include <algorithm>
#include <iomanip>

#include "commands.hpp"

namespace aclconfig {

int runSocs(const Style &style, std::ostream &out) {
    std::vector<aclppSocInfo> socs;
    for (std::size_t i = 0; i < aclppSocCount(); ++i) {
        aclppSocInfo info{};
        if (aclppGetSocInfo(i, &info) == ACL_SUCCESS) socs.push_back(info);
    }

    const std::string socHeader = "SoC";
    const std::string familyHeader = "Family";
    const std::string aiHeader = "AI cores";
    const std::string vectorHeader = "Vector cores";
    std::size_t socWidth = socHeader.size();
    std::size_t familyWidth = familyHeader.size();
    for (const aclppSocInfo &info : socs) {
        socWidth = std::max(socWidth, std::string_view(info.soc).size());
        familyWidth = std::max(familyWidth, std::string_view(info.family).size());
    }

    const auto pad = [](std::string text, std::size_t width) {
        text.resize(std::max(text.size(), width), ' ');
        return text;
    };
    out << style.bold(pad(socHeader, socWidth) + "  " + pad(familyHeader, familyWidth) + "  " + aiHeader + "  " +
                      vectorHeader)
        << '\n';
    for (const aclppSocInfo &info : socs) {
        out << pad(info.soc, socWidth) << "  " << pad(info.family, familyWidth) << "  " << std::setw(8)
            << info.aiCoreCount << "  " << std::setw(12) << info.vectorCoreCount << '\n';
    }

    // Which SoC check and explain use without --soc: ask the core rather than re-read ACLPP_SOC.
    aclppReport *raw = nullptr;
    (void)aclppValidateBuffer(nullptr, 0, nullptr, &raw);
    const ReportPtr report(raw);
    if (report != nullptr) {
        const std::string soc = stringMember(readJson(aclppReportJson(report.get())), "soc");
        if (!soc.empty()) {
            out << "\nWithout --soc, check and explain use " << style.bold(soc)
                << " (set ACLPP_SOC to change the default).\n";
        }
    }
    return kExitOk;
}

}  // namespace aclconfig
