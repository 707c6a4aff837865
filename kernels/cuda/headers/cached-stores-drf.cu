//pass
//--blockDim=[256] --gridDim=[64]
// Race-free: each thread streams one float4 of `in` into the same element
// of `out` through the cache-hinted load and store (__ldcs, __stcs): a
// cache hint changes where the data is cached, not which element is
// accessed, so each thread touches only element i of each array.
__global__ void stream_copy(float4 *out, const float4 *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        __stcs(out + i, __ldcs(in + i));
}
