#include "platform/platform_choice.hpp"
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

}  // namespace

PlatformChoice resolvePlatform(const PlatformOverride &override_, const char *soc) {
    PlatformChoice choice;
    chooseSoc(choice, soc);
    chooseDeviceCount(choice, override_);
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
    return choice;
}

}  // namespace aclpp::core
