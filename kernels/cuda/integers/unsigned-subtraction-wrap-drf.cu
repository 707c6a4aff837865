//pass
//--blockDim=[64] --gridDim=[1]
// Race-free only because unsigned subtraction wraps: threadIdx.x - 1u is
// 2^32 - 1 for thread 0, and (2^32 - 1) % 64 = 63; threads 1..63 get
// 0..62.  So t -> (t - 1) % 64 is a bijection on 0..63.  (Over the
// naturals, where 0 - 1 = 0, threads 0 and 1 would both write a[0].)
__global__ void k(int *a)
{
  a[(threadIdx.x - 1u) % 64] = threadIdx.x;
}
