/* mapcheck: the warp intrinsics are in sm_30_intrinsics.h. */
#include "sm_30_intrinsics.h"
