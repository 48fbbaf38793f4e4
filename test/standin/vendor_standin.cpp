// Marks the emulated core built as the vendor's libascendcl.so (the stand-ins): the vendor's
// runtime reads no ACLPP_TRACE, so neither does its stand-in, and the libaclpp over it traces each
// event once (C-7). core/src/holders/trace.cpp declares it weak: absent everywhere else.
extern "C" {
[[gnu::visibility("hidden")]] extern const int aclppVendorStandIn;
const int aclppVendorStandIn = 1;
}
