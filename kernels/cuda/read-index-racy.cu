//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Test 5 of Claim 1 (seeds/000, Fig. 16), racy: A[x+1] with x read from A.
__global__ void read_index(int *A)
{
  A[threadIdx.x] = threadIdx.x;
  int x = A[threadIdx.x];
  A[x + 1] = 0;
}
