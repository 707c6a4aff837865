/* mapcheck: CUDA's device_atomic_functions.h. */
#include "sm_20_atomic_functions.h"
