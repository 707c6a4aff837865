//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16 --block-level
// Barrier divergence (and a race on `step`): the twin of
// constant-struct-field-drf.cu with the struct in `__device__` memory,
// which thread 0 of each block changes (`step.rounds -= 1`) while the
// others read it: a thread that reads after the change runs one round
// fewer than one that read before, and skips barriers that it waits at.
// (Checked within a block only: the threads 0 of different blocks also
// race on `step.rounds`, which is not what this file is about.)
struct Step {
    int frame;
    int rounds;
};
__device__ Step step;

__global__ void shift(float *x)
{
    __shared__ float s[128];
    unsigned int t = threadIdx.x;
    unsigned int g = blockIdx.x * blockDim.x + t;
    int rounds = step.rounds;
    if (t == 0)
        step.rounds = rounds - 1;
    for (int r = 0; r < rounds; r++) {
        __syncthreads();
        s[t] = x[g] + r;
        __syncthreads();
        x[g] = s[127 - t];
    }
}
