/*
 * acl/aclpp_export.h: ACLPP_EXPORT, what makes a function of libaclpp visible to programs
 * (decision B-5).
 *
 * The core is compiled with hidden visibility, so each function it exports says so here, with
 * aclpp's own macro: the vendor's ACL_FUNC_VISIBILITY is empty unless the program defines
 * FUNC_VISIBILITY, and a library declared with it would export nothing. C99-clean.
 */
#ifndef ACLPP_ACL_ACLPP_EXPORT_H
#define ACLPP_ACL_ACLPP_EXPORT_H

#ifndef ACLPP_EXPORT
#if defined(_WIN32)
#if defined(ACLPP_BUILDING_CORE)
#define ACLPP_EXPORT __declspec(dllexport)
#else
#define ACLPP_EXPORT
#endif
#else
#define ACLPP_EXPORT __attribute__((visibility("default")))
#endif
#endif

#endif /* ACLPP_ACL_ACLPP_EXPORT_H */
