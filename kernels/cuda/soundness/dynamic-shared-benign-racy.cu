//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: dynamic shared memory seen as ints and as shorts is modelled in
// bytes.  Thread 0 stores the int 1 in dyn[0] (bytes 01 00 00 00), thread 1
// the short 1 in h[1] (bytes 2..3 = 01 00): byte 2 gets 00 and 01, with no
// barrier between the writes.  Equal numbers, different bytes: not benign.
extern __shared__ int dyn[];

__global__ void k(int *out)
{
  short *h = (short *)dyn;
  if (threadIdx.x == 0) dyn[0] = 1;
  if (threadIdx.x == 1) h[1] = 1;
  __syncthreads();
  out[threadIdx.x] = dyn[0];
}
