//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy, in the iterations that go on only: the loop leaves at iteration
// `stop` (a parameter) by `if (i == stop) break;` placed after a barrier;
// the part after the exit writes s[t] and reads s[t + 1] with no barrier
// between them and the next iteration's barrier comes only after both.
// With stop >= 1 (or stop >= n and n >= 1), iteration 0 goes on, and
// thread 1's write of s[1] races with thread 0's read of s[1].
__global__ void early(float *out, int n, int stop)
{
    __shared__ float s[65];
    unsigned int t = threadIdx.x;
    float v = 0.0f;
    for (int i = 0; i < n; i++) {
        __syncthreads();
        if (i == stop)
            break;
        s[t] = out[t];
        v += s[t + 1];
        __syncthreads();
    }
    out[t] = v;
}
