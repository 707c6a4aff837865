//xfail:NOT_ALL_VERIFIED
// Racy: the kernel is launched twice, once by name with 64 threads and once
// through a function pointer with 128.  In the second launch threads 0 and
// 64 both write a[0] (values 0 and 64), unordered.  The launch through f
// does not name k, so the launch by name alone must not fix blockDim.x =
// 64 (with 64 threads the kernel is race-free).
__global__ void k(int *a)
{
  a[threadIdx.x % 64] = threadIdx.x;
}

int main()
{
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  k<<<1, 64>>>(a);
  void (*f)(int *) = k;
  f<<<1, 128>>>(a);
  cudaDeviceSynchronize();
  return 0;
}
