// The acl-config subcommands. Each returns the process exit status (see ExitStatus).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "output.hpp"

namespace aclconfig {

struct CheckOptions {
    std::vector<std::string> files;
    std::string soc;                        // "" = the platform the next aclInit would use
    uint32_t devices = 0;                   // 0 = not given (checkedDeviceCount)
    std::string format = "text";            // text, json, github, sarif
    std::vector<std::string> cannVersions;  // --cann: each gets its own reports (B-9); none: the default
};

struct SchemaOptions {
    std::string soc;  // "" = the rules every product shares
};

struct ExplainOptions {
    std::string file;
    std::string soc;
    uint32_t devices = 0;
    std::string cann;  // --cann: that release's rules where releases differ (B-9); "": the default
};

struct FmtOptions {
    std::string file;
    bool check = false;
    bool inPlace = false;
};

struct DoctorOptions {
    std::string format = "text";  // text or json
    std::string soc;              // "" = the platform the next aclInit would use
    std::string cann;             // "" = ACLPP_CANN_VERSION, else the loaded runtime's version (B-9)
    std::string config;           // "" = no config to look at
};

int runCheck(const CheckOptions &options, const Style &style, std::ostream &out);
int runExplain(const ExplainOptions &options, const Style &style, std::ostream &out);
int runFmt(const FmtOptions &options, const Style &style, std::ostream &out);
int runSocs(const Style &style, std::ostream &out);
int runSchema(const SchemaOptions &options, std::ostream &out);
int runRuntime(const Style &style, std::ostream &out);
int runDoctor(const DoctorOptions &options, const Style &style, std::ostream &out);

}  // namespace aclconfig
