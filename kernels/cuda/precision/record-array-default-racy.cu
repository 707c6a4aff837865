//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[8]
// Racy: the records' own constructor runs once per element of
// `Counted loc[4]` and writes `last[0]` with the thread's index, so any two
// threads write last[0] with different values.  Only the construction of
// the array touches `last`.
__device__ unsigned int last[1];

struct Counted {
    float x, y;
    __device__ Counted() : x(0), y(0) { last[0] = threadIdx.x; }
};

__global__ void copy4(Counted *out, const Counted *in)
{
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    Counted loc[4];
    for (int i = 0; i < 4; i++)
        loc[i] = in[t * 4 + i];
    for (int i = 0; i < 4; i++)
        out[t * 4 + i] = loc[i];
}
