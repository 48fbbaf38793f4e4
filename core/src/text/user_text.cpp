#include "text/user_text.hpp"

#include <aclpp/json/text.hpp>
#include <algorithm>
#include <cstdint>

namespace aclpp::core {

std::string shownPointer(std::string_view pointer) {
    return shownText(pointer, kShownPointerBytes);
}

}  // namespace aclpp::core
