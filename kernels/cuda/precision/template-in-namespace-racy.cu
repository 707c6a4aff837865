//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[4]
// Racy: the twin of template-in-namespace-drf.cu whose kernel writes
// out[g * STRIDE / 4]; launched as gather<float, 2>, threads 0 and 1 both
// write out[0] (different sums).
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
    Pair<T>::store(out + g * STRIDE / 4, p);
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
