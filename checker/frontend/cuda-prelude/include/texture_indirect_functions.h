/* mapcheck: texture-object fetches are in texture_fetch_functions.h. */
#include "texture_fetch_functions.h"
