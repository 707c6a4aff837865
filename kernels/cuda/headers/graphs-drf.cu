//pass
//--blockDim=128 --gridDim=32
// Host code that runs its kernels through CUDA Graphs, as CUDA 12 programs
// do: a graph captured from a stream (cudaStreamBeginCapture … EndCapture),
// one built node by node (cudaGraphAddKernelNode with cudaKernelNodeParams,
// memset, memcpy and host nodes, dependencies), a conditional node whose
// handle a kernel sets (cudaGraphConditionalHandle,
// cudaGraphSetConditional), instantiation, update and launch.
//
// `scale`: thread i = blockIdx.x * 128 + threadIdx.x writes v[i] only, a
// cell no other thread of the grid reads or writes.  `decide`: only thread
// 0 of block 0 reads flag[0] and sets the handle (no memory of the kernel
// is written).  Both are race-free.
#include <cuda_runtime.h>
#include <cstdio>

#define N (32 * 128)

__global__ void scale(float *v, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i] = a * v[i];
}

__global__ void decide(cudaGraphConditionalHandle handle, const int *flag) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    cudaGraphSetConditional(handle, flag[0] > 0 ? 1 : 0);
}

static void CUDART_CB report(void *data) { printf("graph done: %s\n", (const char *)data); }

int main() {
  float *d, h[N];
  int *flag;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMallocAsync(&d, N * sizeof(float), s);
  cudaMallocAsync(&flag, sizeof(int), s);

  // 1. Capture.
  cudaGraph_t captured;
  cudaGraphExec_t capturedExec;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  scale<<<N / 128, 128, 0, s>>>(d, 2.0f);
  cudaStreamCaptureStatus status;
  cudaStreamIsCapturing(s, &status);
  cudaStreamEndCapture(s, &captured);
  cudaGraphInstantiate(&capturedExec, captured, 0);

  // 2. Node by node.
  cudaGraph_t graph;
  cudaGraphCreate(&graph, 0);
  cudaGraphNode_t memsetNode, kernelNode, copyNode, hostNode;
  cudaMemsetParams ms = {};
  ms.dst = d;
  ms.value = 0;
  ms.elementSize = sizeof(float);
  ms.width = N;
  ms.height = 1;
  cudaGraphAddMemsetNode(&memsetNode, graph, NULL, 0, &ms);
  float a = 3.0f;
  void *args[] = {&d, &a};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scale;
  kp.gridDim = dim3(N / 128);
  kp.blockDim = dim3(128);
  kp.sharedMemBytes = 0;
  kp.kernelParams = args;
  kp.extra = NULL;
  cudaGraphAddKernelNode(&kernelNode, graph, &memsetNode, 1, &kp);
  cudaGraphAddMemcpyNode1D(&copyNode, graph, &kernelNode, 1, h, d, N * sizeof(float), cudaMemcpyDeviceToHost);
  cudaHostNodeParams hp = {};
  hp.fn = report;
  hp.userData = (void *)"nodes";
  cudaGraphAddHostNode(&hostNode, graph, &copyNode, 1, &hp);

  // 3. A conditional body, entered when `decide` sets the handle.
  cudaGraphConditionalHandle handle;
  cudaGraphConditionalHandleCreate(&handle, graph, 0, cudaGraphCondAssignDefault);
  cudaGraphNode_t decideNode, condNode;
  void *dargs[] = {&handle, &flag};
  cudaKernelNodeParams dp = {};
  dp.func = (void *)decide;
  dp.gridDim = dim3(1);
  dp.blockDim = dim3(32);
  dp.kernelParams = dargs;
  cudaGraphAddKernelNode(&decideNode, graph, &hostNode, 1, &dp);
  cudaGraphNodeParams cp = {};
  cp.type = cudaGraphNodeTypeConditional;
  cp.conditional.handle = handle;
  cp.conditional.type = cudaGraphCondTypeIf;
  cp.conditional.size = 1;
  cudaGraphAddNode(&condNode, graph, &decideNode, 1, &cp);
  cudaGraph_t body = cp.conditional.phGraph_out[0];
  cudaGraphNode_t bodyNode;
  cudaGraphAddKernelNode(&bodyNode, body, NULL, 0, &kp);

  size_t numNodes = 0;
  cudaGraphGetNodes(graph, NULL, &numNodes);
  cudaGraphExec_t exec;
  cudaGraphInstantiateWithFlags(&exec, graph, cudaGraphInstantiateFlagAutoFreeOnLaunch);
  a = 4.0f;
  cudaGraphExecKernelNodeSetParams(exec, kernelNode, &kp);
  cudaGraphExecUpdateResultInfo info;
  if (cudaGraphExecUpdate(exec, graph, &info) != cudaSuccess || info.result != cudaGraphExecUpdateSuccess)
    return 1;
  cudaGraphLaunch(capturedExec, s);
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);

  cudaGraphExecDestroy(exec);
  cudaGraphExecDestroy(capturedExec);
  cudaGraphDestroy(graph);
  cudaGraphDestroy(captured);
  cudaFreeAsync(d, s);
  cudaFreeAsync(flag, s);
  cudaStreamDestroy(s);
  return 0;
}
