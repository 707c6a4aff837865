//pass
//--blockDim=[128] --gridDim=[4]
// Race-free: the template kernel and the helpers it names live in a
// namespace; the host launches gather<float, 2>, where thread g writes
// out[g * 2 / 2] = out[g] and reads in[g * 2] and in[g * 2 + 1], which no
// thread writes.
// Generically, `Pair<T>::store` is a call of a dependent class's member,
// which libclang leaves unresolved (a call without a body that gets `out`
// and may write any of it): it could not be shown race-free.  Checked as
// its instance, the names must be found in the namespace.
namespace imaging {

template <typename T> struct Pair;
template <> struct Pair<float> {
    typedef float2 Type;
    __device__ static void store(float *o, float2 p) { *o = p.x + p.y; }
};

template <typename T, int STRIDE>
__global__ void gather(T *out, const T *in)
{
    typedef typename Pair<T>::Type P;
    unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;
    P p;
    p.x = in[g * STRIDE];
    p.y = in[g * STRIDE + 1];
    Pair<T>::store(out + g * STRIDE / 2, p);
}

void run(float *out, const float *in)
{
    gather<float, 2><<<4, 128>>>(out, in);
}

} // namespace imaging

int main()
{
    float *out, *in;
    cudaMalloc(&out, 512 * sizeof(float));
    cudaMalloc(&in, 1024 * sizeof(float));
    imaging::run(out, in);
    return 0;
}
