//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[64]
// Racy: threads 2k and 2k + 1 both store into out[k] (different values of
// `in`) with the cache-global store __stcg, which writes memory like a
// plain store.
__global__ void halve(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        __stcg(out + i / 2, in[i]);
}
