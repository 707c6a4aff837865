/* mapcheck: MTGP32 declarations are in curand_mtgp32.h. */
#include "curand_mtgp32.h"
