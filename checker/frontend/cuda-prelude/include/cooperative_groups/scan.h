/* mapcheck: scans are declared in reduce.h. */
#include "reduce.h"
