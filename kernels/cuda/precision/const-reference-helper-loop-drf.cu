//pass
//--blockDim=[256] --gridDim=[8]
// Race-free: a grid-stride loop where thread g handles elements g,
// g + stride, … of `out`, reading its neighbours in `in` (never written).
// The helper takes the loop bound `n` by const reference and only reads
// it, so `n` (and with it the loop's shape) is the same in every
// iteration; it changes only `plus`, a local of the iteration.
__device__ __forceinline__ void clip(const bool &wrap, const int &n, int &plus)
{
    if (plus >= n)
        plus = wrap ? plus - n : n - 1;
}

__global__ void neighbours(const int n, const int order, const bool wrap,
                           const float *in, float *out)
{
    const int start = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = blockDim.x * gridDim.x;
    for (int i = start; i < n; i += stride) {
        float best = in[i];
        for (int o = 1; o <= order; o++) {
            int plus = i + o;
            clip(wrap, n, plus);
            best = fmaxf(best, in[plus]);
        }
        out[i] = best;
    }
}
