/* Stand-in for the CANN 8.x toolkit's acl/acl_mdl.h (B-6): nothing of the lifecycle API; here so
 * that acl.h includes what the toolkit's does. */
#ifndef ACLPP_STANDIN_CANN8_ACL_MDL_H
#define ACLPP_STANDIN_CANN8_ACL_MDL_H

#include "acl_base.h"

#endif /* ACLPP_STANDIN_CANN8_ACL_MDL_H */
