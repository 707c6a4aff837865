//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread t writes int t of `tile` (shorts 2t and 2t + 1) and then,
// before any barrier, short 2t + 2, which is half of int t + 1, written
// by thread t + 1.
__global__ void pairs(short *out, const short *in)
{
  __shared__ short tile[130];
  unsigned int t = threadIdx.x;
  ((int *)tile)[t] = ((const int *)in)[t];
  tile[2 * t + 2] = 0;
  __syncthreads();
  out[t] = tile[t];
}
