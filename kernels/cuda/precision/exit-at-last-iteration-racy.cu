//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy, in the last iteration only: each iteration writes the thread's own
// cell of `s`, synchronizes, and reads the right neighbour's cell; the
// iterations that go on synchronize again before the next write, but the
// last one leaves by `if (i == n - 1) break;` right after the read, and
// the write `s[t] = 0` after the loop has no barrier before it.  With
// n >= 1, thread 1 writes s[1] after the loop while thread 0 reads s[1]
// (its right neighbour) in the last iteration: a read/write race.
__global__ void shift(float *out, int n)
{
    __shared__ float s[64];
    unsigned int t = threadIdx.x;
    float v = out[t];
    for (int i = 0; i < n; i++) {
        s[t] = v;
        __syncthreads();
        v = s[(t + 1) % 64];
        if (i == n - 1)
            break;
        __syncthreads();
    }
    s[t] = 0.0f;
    out[t] = v;
}
