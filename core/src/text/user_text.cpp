#include "text/user_text.hpp"

namespace aclpp::core {

std::string shownPointer(std::string_view pointer) {
    return shownText(pointer, kShownPointerBytes);
}

}  // namespace aclpp::core
