// Shared by header-template-kernel-{drf,racy}.cu: a template *kernel*
// defined in a project header, launched from the main file.  Analysed
// generically, `Pack<T>::Type` is a dependent type and `combine(...)` a call
// of an overload on it that libclang leaves unresolved (a call without a
// body, which may read and write every array); so is `S`.  Checked as the
// instance the main file launches, `combine` is the `float2` overload below
// and `S` a number.
template <typename T> struct Pack;
template <> struct Pack<float> { typedef float2 Type; };

__device__ inline float2 combine(float2 a, float2 b)
{
    float2 r;
    r.x = a.x + b.x;
    r.y = a.y + b.y;
    return r;
}

// Thread t writes element t * S / 2 of `out` (viewed as pairs).
template <typename T, int S>
__global__ void spread(T *out, const T *in)
{
    typedef typename Pack<T>::Type V;
    V *o = (V *)out;
    const V *i = (const V *)in;
    V acc[2];
    acc[0] = i[threadIdx.x];
    acc[1] = i[threadIdx.x + blockDim.x];
    o[threadIdx.x * S / 2] = combine(acc[0], acc[1]);
}
