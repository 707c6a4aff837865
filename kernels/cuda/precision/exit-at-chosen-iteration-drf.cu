//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the loop leaves at iteration `stop` (a parameter, alike in
// every thread) right after a barrier; in the iterations that go on each
// thread writes its own cell s[t], synchronizes, and reads s[t + 1], and
// the barrier at the top of the next iteration separates that read from
// the next write.  After the loop (whether it left early or not), the
// barrier at the top of the leaving iteration, or the one at the end of
// the last iteration, separates the last reads from the write below.
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
        __syncthreads();
        v += s[t + 1];
    }
    __syncthreads();
    s[t] = v;
    out[t] = v;
}
