//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,8,4] --gridDim=[4,4]
// Host code that sizes its work from device attributes and peer
// attributes (cudaDeviceGetAttribute with cudaDevAttr*,
// cudaDeviceGetP2PAttribute with cudaDevP2PAttr*), copies a 3D volume with
// cudaMemcpy3D (make_cudaPitchedPtr, make_cudaPos, make_cudaExtent), and
// reports through a stream callback declared CUDART_CB.  The kernel times
// itself with clock_t.  (The copy's pitch is W floats: the kernel indexes
// the volume densely.)
//
// The kernel smooths a W x H x D volume in place along z: thread (x, y, z)
// writes cell (x, y, z) and reads cell (x, y, z + 1), which thread
// (x, y, z + 1) of the same block writes, with no barrier between them: a
// read/write race within a block on `vol`.  Only thread (0, 0, 0) of
// block (0, 0) writes cycles[0].
#include <cuda_runtime.h>
#include <cstdio>

#define W 32
#define H 32
#define D 5

__global__ void smooth(float *vol, clock_t *cycles) {
  clock_t start = clock();
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = threadIdx.z;
  vol[(z * H + y) * W + x] = 0.5f * (vol[(z * H + y) * W + x] + vol[((z + 1) * H + y) * W + x]);
  if (x == 0 && y == 0 && z == 0)
    cycles[0] = clock() - start;
}

static void CUDART_CB done(cudaStream_t stream, cudaError_t status, void *name) {
  printf("%s: %s\n", (const char *)name, cudaGetErrorString(status));
}

int main() {
  int device = 0, count = 0;
  cudaGetDeviceCount(&count);
  int maxBlock = 0, warp = 0, major = 0, l2 = 0, persisting = 0;
  cudaDeviceGetAttribute(&maxBlock, cudaDevAttrMaxThreadsPerBlock, device);
  cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, device);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device);
  cudaDeviceGetAttribute(&persisting, cudaDevAttrMaxPersistingL2CacheSize, device);
  for (int peer = 1; peer < count; peer++) {
    int access = 0, atomics = 0, rank = 0;
    cudaDeviceGetP2PAttribute(&access, cudaDevP2PAttrAccessSupported, device, peer);
    cudaDeviceGetP2PAttribute(&atomics, cudaDevP2PAttrNativeAtomicSupported, device, peer);
    cudaDeviceGetP2PAttribute(&rank, cudaDevP2PAttrPerformanceRank, device, peer);
    if (access)
      cudaDeviceEnablePeerAccess(peer, 0);
  }

  cudaExtent extent = make_cudaExtent(W * sizeof(float), H, D);
  cudaPitchedPtr vol;
  cudaMalloc3D(&vol, extent);
  static float host[D][H][W];
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(host, W * sizeof(float), W, H);
  p.srcPos = make_cudaPos(0, 0, 0);
  p.dstPtr = vol;
  p.dstPos = make_cudaPos(0, 0, 0);
  p.extent = extent;
  p.kind = cudaMemcpyHostToDevice;
  cudaMemcpy3D(&p);

  clock_t *cycles;
  cudaMalloc(&cycles, sizeof(clock_t));
  cudaStream_t s;
  cudaStreamCreate(&s);
  smooth<<<dim3(W / 8, H / 8), dim3(8, 8, D - 1), 0, s>>>((float *)vol.ptr, cycles);
  cudaStreamAddCallback(s, done, (void *)"smooth", 0);
  cudaStreamSynchronize(s);
  return 0;
}
