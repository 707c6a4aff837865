//pass
//--blockDim=[64] --gridDim=[4]
// Race-free: each thread writes only its own cell; the template device
// function of the included header touches no memory.
#include "header-template.h"

__global__ void escape(int *out, const float *xs, const float *ys)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = above<float>(xs[i], ys[i]);
}
