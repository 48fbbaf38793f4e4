// Process-wide objects that live in static storage and are never destroyed: static
// destructors, atexit handlers and thread exits may still use them, and creating one allocates
// nothing, so a noexcept entry point that creates one on first use cannot fail for want of
// memory.
#pragma once

#include <new>
#include <utility>

namespace aclpp::core {

template <class T>
class NeverDestroyed {
public:
    template <class... Args>
    explicit NeverDestroyed(Args &&...args) noexcept(noexcept(T(std::forward<Args>(args)...))) {
        ::new (static_cast<void *>(storage_)) T(std::forward<Args>(args)...);
    }
    NeverDestroyed(const NeverDestroyed &) = delete;
    NeverDestroyed &operator=(const NeverDestroyed &) = delete;

    [[nodiscard]] T &get() noexcept { return *std::launder(reinterpret_cast<T *>(storage_)); }

private:
    alignas(T) unsigned char storage_[sizeof(T)];
};

}  // namespace aclpp::core
