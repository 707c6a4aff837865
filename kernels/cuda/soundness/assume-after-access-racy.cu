//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: __assume(e) (GPUVerify) holds from where it stands, unlike the
// precondition __requires(e); it says nothing of the code before it.
// Threads 0 and 1 both write out[0] (values 0 and 1) before thread 1
// reaches the __assume that it fails.
__global__ void k(int *out)
{
  out[0] = threadIdx.x;
  __assume(threadIdx.x == 0);
}
