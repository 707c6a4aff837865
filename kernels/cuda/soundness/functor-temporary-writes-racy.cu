//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Racy: the functor built as a temporary, Mark(), stores the thread's
// index into out[0] when called, and every thread calls it: threads 0
// and 1 of block 0 store different values to out[0] with no barrier.
// (The temporary's construction touches nothing; its call does.)
struct Mark {
  __device__ void operator()(float *o) const { o[0] = (float)threadIdx.x; }
};

template <class Op>
__device__ void apply(float *o, Op op) { op(o); }

__global__ void k(float *out)
{
  apply(out, Mark());
}
