//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Racy: threads 2k and 2k + 1 both write out[k] (different values) when
// their points are outside the circle (the header's template function
// decides whether they are).
#include "header-template.h"

__global__ void escape(int *out, const float *xs, const float *ys)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (above<float>(xs[i], ys[i]))
        out[i / 2] = i;
}
