// C-2: acl::Device holds one aclrtSetDevice count; it is move-only.
#include <acl/device.hpp>

void f(const acl::Device &device) {
    acl::Device copy = device;
}
