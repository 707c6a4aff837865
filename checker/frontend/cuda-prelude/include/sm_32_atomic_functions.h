/* mapcheck: every atomic is in sm_20_atomic_functions.h. */
#include "sm_20_atomic_functions.h"
