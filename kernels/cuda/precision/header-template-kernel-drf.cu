//pass
//--blockDim=[128] --gridDim=[1]
// Race-free: the header's template kernel is launched as spread<float, 2>,
// so thread t writes pair t * 2 / 2 = t of `out` — one pair per thread —
// and only reads `in`; `combine` (resolved in the instance to the header's
// float2 overload) touches no memory.  Generically (S unknown, `combine`
// unresolved) it could not be shown race-free.
#include "header-template-kernel.h"

int main()
{
    float *out, *in;
    cudaMalloc(&out, 2 * 128 * sizeof(float));
    cudaMalloc(&in, 4 * 128 * sizeof(float));
    spread<float, 2><<<1, 128>>>(out, in);
    return 0;
}
