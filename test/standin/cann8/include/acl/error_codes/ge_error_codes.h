/* Stand-in for the CANN 8.x toolkit's acl/error_codes/ge_error_codes.h (B-6): the graph
 * engine's codes, none of which the lifecycle API returns; here for the layout only. */
#ifndef ACLPP_STANDIN_CANN8_GE_ERROR_CODES_H
#define ACLPP_STANDIN_CANN8_GE_ERROR_CODES_H

#endif /* ACLPP_STANDIN_CANN8_GE_ERROR_CODES_H */
