/* mapcheck: CUDA's builtin_types.h. */
#ifndef __MAPCHECK_BUILTIN_TYPES_H
#define __MAPCHECK_BUILTIN_TYPES_H
#include "device_types.h"
#include "driver_types.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"
#endif
