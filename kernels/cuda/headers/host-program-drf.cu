//pass
//--blockDim=256 --gridDim=16
// A whole program: <cuda.h> and the C and C++ headers of host code, a host
// `main` that allocates, copies, launches `k<<<grid, block>>>(…)` and
// checks errors.  The kernel is SAXPY with a bounds check: thread
// `blockIdx.x * blockDim.x + threadIdx.x` reads `x[i]` and `y[i]` and
// writes only `y[i]`; distinct threads (of one block or of different
// blocks) have distinct `i`, so no two threads touch the same cell.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <iostream>
#include <vector>

#define N 4096
#define THREADS 256

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

static void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}

int main(int argc, char **argv) {
  std::vector<float> hx(N, 1.0f), hy(N, 2.0f);
  float *dx = NULL, *dy = NULL;
  check(cudaMalloc((void **)&dx, N * sizeof(float)), "cudaMalloc x");
  check(cudaMalloc(&dy, N * sizeof(float)), "cudaMalloc y");
  check(cudaMemcpy(dx, hx.data(), N * sizeof(float), cudaMemcpyHostToDevice), "copy x");
  check(cudaMemcpy(dy, hy.data(), N * sizeof(float), cudaMemcpyHostToDevice), "copy y");
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  dim3 block(THREADS), grid((N + THREADS - 1) / THREADS);
  saxpy<<<grid, block>>>(N, 2.0f, dx, dy);
  check(cudaGetLastError(), "launch");
  cudaEventRecord(stop);
  check(cudaDeviceSynchronize(), "sync");
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  check(cudaMemcpy(hy.data(), dy, N * sizeof(float), cudaMemcpyDeviceToHost), "copy back");
  float err = 0;
  for (int i = 0; i < N; i++)
    err = fmaxf(err, fabsf(hy[i] - 4.0f));
  std::cout << "max error " << err << " in " << ms << " ms" << std::endl;
  cudaFree(dx);
  cudaFree(dy);
  return err == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
