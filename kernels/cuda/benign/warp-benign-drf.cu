//pass
//--blockDim=32 --gridDim=1 --warp-sync=32
// Race-free under warp-synchronous execution, but for benign pairs
// (GPUVerify's warpsync/equality_abstraction_issue without its assertion):
// the block is one warp.  All threads store 1 in A[0], A[1], A[2] (one
// statement each: same value, benign), then thread t stores 0 in A[t]; in
// lock-step that later statement is ordered after the first three.
__global__ void foo(int *A)
{
  A[0] = 1;
  A[1] = 1;
  A[2] = 1;
  A[threadIdx.x] = 0;
}
