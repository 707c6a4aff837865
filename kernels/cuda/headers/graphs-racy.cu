//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// A graph built from captured work and cloned (cudaStreamGetCaptureInfo,
// cudaGraphClone, cudaGraphNodeFindInClone, cudaGraphUpload,
// cudaGraphDebugDotPrint), launched many times.  Its kernel sums without
// atomics: every thread of the grid reads and writes total[0]
// (`total[0] += x[i]`), so any two threads race on total[0] — within a
// block and across blocks.
#include <cuda_runtime.h>

#define N (16 * 256)

__global__ void sum(const float *x, float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  total[0] += x[i];
}

int main() {
  float *x, *total;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMalloc(&x, N * sizeof(float));
  cudaMalloc(&total, sizeof(float));

  cudaGraph_t graph;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);
  cudaMemsetAsync(total, 0, sizeof(float), s);
  sum<<<N / 256, 256, 0, s>>>(x, total);
  cudaStreamCaptureStatus status;
  unsigned long long id;
  const cudaGraphNode_t *deps;
  size_t numDeps;
  cudaStreamGetCaptureInfo(s, &status, &id, NULL, &deps, &numDeps);
  cudaStreamEndCapture(s, &graph);

  cudaGraph_t copy;
  cudaGraphClone(&copy, graph);
  cudaGraphNode_t roots[4];
  size_t numRoots = 4;
  cudaGraphGetRootNodes(graph, roots, &numRoots);
  cudaGraphNode_t cloned;
  cudaGraphNodeFindInClone(&cloned, roots[0], copy);
  enum cudaGraphNodeType type;
  cudaGraphNodeGetType(cloned, &type);
  cudaGraphDebugDotPrint(copy, "sum.dot", cudaGraphDebugDotFlagsVerbose);

  cudaGraphExec_t exec;
  cudaGraphInstantiateParams params = {};
  params.flags = cudaGraphInstantiateFlagUpload;
  params.uploadStream = s;
  cudaGraphInstantiateWithParams(&exec, copy, &params);
  if (params.result_out != cudaGraphInstantiateSuccess)
    return 1;
  cudaGraphUpload(exec, s);
  for (int k = 0; k < 10; k++)
    cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(copy);
  cudaGraphDestroy(graph);
  return 0;
}
