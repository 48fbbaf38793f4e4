#include "platform/platform_choice.hpp"
#include "platform/runtime_cann_version.hpp"
#include "text/user_text.hpp"

#include <cerrno>
#include <cstdlib>

namespace aclpp::core {
namespace {

void chooseSoc(PlatformChoice &choice, std::string name) {
    choice.socName = std::move(name);
    choice.product = findProduct(choice.socName);
    if (choice.product == nullptr) {
        choice.error = "unknown SoC " + quotedText(choice.socName) + "; known: " + std::string(knownSocNames());
    }
}

void chooseDeviceCount(PlatformChoice &choice, const PlatformOverride &override_) {
    if (override_.deviceCount) {
        choice.deviceCount = *override_.deviceCount;
        choice.deviceCountChosen = true;
        return;
    }
    const char *text = std::getenv("ACLPP_DEVICE_COUNT");
    if (text == nullptr || *text == '\0') return;
    errno = 0;
    char *end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (*end != '\0' || errno == ERANGE || value < 1 || value > static_cast<long>(kMaxDeviceCount)) {
        if (choice.error.empty()) {
            choice.error =
                std::string("ACLPP_DEVICE_COUNT is \"") + text + "\"; allowed: 1 to " + std::to_string(kMaxDeviceCount);
        }
        return;
    }
    choice.deviceCount = static_cast<uint32_t>(value);
    choice.deviceCountChosen = true;
}

// B-9: validation applies the differences of the release ACLPP_CANN_VERSION names; unset or
// empty, the release the loaded vendor runtime states, else master's rules. A value that is not
// a version makes the choice unusable, as a bad ACLPP_DEVICE_COUNT does: the rules stay master's
// and the SoC step fails with 500000.
void readCannRelease(PlatformChoice &choice) {
    const char *text = std::getenv("ACLPP_CANN_VERSION");
    if (text == nullptr || *text == '\0') {
        if (const std::optional<schema::cann::Release> loaded = loadedRuntimeCannRelease())
            choice.cannRelease = *loaded;
        return;
    }
    if (const std::optional<schema::cann::Release> release = schema::cann::parseCannVersion(text)) {
        choice.cannRelease = *release;
        return;
    }
    if (choice.error.empty()) {
        choice.error = "ACLPP_CANN_VERSION is " + quotedText(text) +
                       "; allowed: " + std::string(schema::cann::kCannVersionAllowed) + " (B-9)";
        choice.cannVersionError = choice.error;
    }
}

}  // namespace

void PlatformChoice::chooseCannRelease(schema::cann::Release release) {
    cannRelease = release;
    if (!cannVersionError.empty() && error == cannVersionError) error.clear();
    cannVersionError.clear();
}

PlatformChoice resolvePlatform(const PlatformOverride &override_, const char *soc) {
    PlatformChoice choice;
    chooseSoc(choice, soc);
    chooseDeviceCount(choice, override_);
    readCannRelease(choice);
    return choice;
}

PlatformChoice resolvePlatform(const PlatformOverride &override_) {
    PlatformChoice choice;
    if (override_.soc) {
        chooseSoc(choice, *override_.soc);
    } else {
        const char *env = std::getenv("ACLPP_SOC");
        chooseSoc(choice, env != nullptr && *env != '\0' ? std::string(env) : std::string(defaultProduct().soc));
    }
    chooseDeviceCount(choice, override_);
    readCannRelease(choice);
    return choice;
}

}  // namespace aclpp::core
