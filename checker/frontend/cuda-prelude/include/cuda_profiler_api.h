/* mapcheck: CUDA's cuda_profiler_api.h (declared in cuda_runtime_api.h). */
#include "cuda_runtime_api.h"
