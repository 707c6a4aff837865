//xfail:NOT_ALL_VERIFIED
// Racy: the second launch, through cudaLaunchKernel, passes n = 0, so every
// one of its 64 threads writes a[0] (threads 0 and 1 write 0 and 1),
// unordered.  Only the first launch is written k<<<…>>>(a, 1); it must not
// fix n = 1 (with n = 1 each thread writes its own a[t]).
__global__ void k(int *a, int n)
{
  a[threadIdx.x * n] = threadIdx.x;
}

int main()
{
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  k<<<1, 64>>>(a, 1);
  int zero = 0;
  void *args[] = {&a, &zero};
  cudaLaunchKernel((void *)k, dim3(1), dim3(64), args, 0, 0);
  cudaDeviceSynchronize();
  return 0;
}
