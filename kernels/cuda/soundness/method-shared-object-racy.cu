//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  `c` is one __shared__ object for the block; `bump` reads and
// writes its field `count` through `this` with no synchronisation, so
// threads 0 and 1 race on c.count.
struct Counter {
  int count;
  __device__ void bump() { count = count + 1; }
};

__global__ void k(int *out)
{
  __shared__ Counter c;
  c.bump();
  __syncthreads();
  out[threadIdx.x] = c.count;
}
