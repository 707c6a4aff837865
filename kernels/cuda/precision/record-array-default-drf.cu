//pass
//--blockDim=[64] --gridDim=[8]
// Race-free: each thread copies its own four records through a local
// array; `Pair loc[4]` runs the compiler's default constructor, which does
// nothing (no memory is touched), and `loc` is the thread's own.
struct Pair { float x, y; };

__global__ void copy4(Pair *out, const Pair *in)
{
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    Pair loc[4];
    for (int i = 0; i < 4; i++)
        loc[i] = in[t * 4 + i];
    for (int i = 0; i < 4; i++)
        out[t * 4 + i] = loc[i];
}
