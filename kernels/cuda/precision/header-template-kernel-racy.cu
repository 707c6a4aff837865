//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[1]
// Racy: launched as spread<float, 1>, thread t writes pair t * 1 / 2 of
// `out`, so threads 0 and 1 both write pair 0 (different sums).  The race
// is reported against the header, where the write is.
#include "header-template-kernel.h"

int main()
{
    float *out, *in;
    cudaMalloc(&out, 128 * sizeof(float));
    cudaMalloc(&in, 4 * 128 * sizeof(float));
    spread<float, 1><<<1, 128>>>(out, in);
    return 0;
}
