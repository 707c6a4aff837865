/* mapcheck: the CUDA SDK samples' helper_functions.h: the C and C++
 * headers samples rely on, plus helper_string.h, helper_timer.h and
 * helper_image.h. */
#ifndef __MAPCHECK_HELPER_FUNCTIONS_H
#define __MAPCHECK_HELPER_FUNCTIONS_H
#include "host_defines.h" /* before any C++ header: clang's CUDA wrappers of them use __host__ */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>
#include "helper_image.h"
#include "helper_string.h"
#include "helper_timer.h"

#endif
