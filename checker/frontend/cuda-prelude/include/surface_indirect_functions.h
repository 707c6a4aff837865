/* mapcheck: surface-object functions are in surface_functions.h. */
#include "surface_functions.h"
