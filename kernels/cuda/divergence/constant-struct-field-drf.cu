//pass
//--blockDim=128 --gridDim=16
// Race-free, no barrier divergence: `step.frame` and `step.rounds` are
// fields of a `__constant__` struct, which only the host writes (before the
// launch), so every thread reads the same values: all threads take the
// same branch at the synchronized `if` and run the same number of rounds
// of the synchronized loop.  Each round is a shift through shared memory
// with a barrier between the write and the reads.
struct Step {
    int frame;
    int rounds;
};
__constant__ Step step;

__global__ void shift(float *x)
{
    __shared__ float s[128];
    unsigned int t = threadIdx.x;
    unsigned int g = blockIdx.x * blockDim.x + t;
    if (step.frame == 0) {
        s[t] = x[g];
        __syncthreads();
        x[g] = s[(t + 1) % 128];
    }
    for (int r = 0; r < step.rounds; r++) {
        __syncthreads();
        s[t] = x[g] + r;
        __syncthreads();
        x[g] = s[127 - t];
    }
}
