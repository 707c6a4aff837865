//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[8]
// Racy: the twin of const-reference-helper-loop-drf.cu whose helper
// writes through its const reference with a const_cast (legal C++: the
// loop counter it is bound to is not const).  A thread in its last round
// sends its counter back to 0 once, so it runs the loop again from
// `stride` and writes out[stride], which thread 0 writes in its second
// round (whenever n > 2 * stride), each with its own `start` added.
__device__ __forceinline__ void restart(const int &i)
{
    const_cast<int &>(i) = 0;
}

__global__ void neighbours(const int n, const float *in, float *out)
{
    const int start = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = blockDim.x * gridDim.x;
    bool again = true;
    for (int i = start; i < n; i += stride) {
        out[i] = in[i] + start;
        if (again && i >= n - stride) {
            again = false;
            restart(i);
        }
    }
}
