//pass
//--blockDim=256 --gridDim=8
// Race-free: a functor passed as a temporary, Add(), to a template
// helper; Add's default constructor is the compiler's (it runs no code
// and touches no memory), and operator() only adds its arguments.
// Thread i of the grid reads in[i] and writes out[i].
struct Add {
  __device__ float operator()(float a, float b) const { return a + b; }
};

template <class Op>
__device__ float apply(float a, float b, Op op) { return op(a, b); }

__global__ void k(const float *in, float *out)
{
  int i = blockIdx.x * 256 + threadIdx.x;
  out[i] = apply(in[i], 1.0f, Add());
}
