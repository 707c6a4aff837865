//pass
//--blockDim=256 --gridDim=40
// Host code of CUDA 12's memory API: a memory pool (cudaMemPoolProps with a
// cudaMemLocation, cudaMemPoolCreate, cudaMemPoolSetAttribute with a
// release threshold, cudaMemPoolSetAccess), stream-ordered allocation from
// it and from the device's default pool (cudaMallocAsync,
// cudaMallocFromPoolAsync, cudaFreeAsync), managed memory with advice and
// prefetching (cudaMemAdvise, cudaMemPrefetchAsync), and an L2 access
// window for persisting accesses (cudaAccessPolicyWindow through
// cudaStreamSetAttribute, cudaLimitPersistingL2CacheSize).
//
// The kernel is a grid-stride loop: thread t = blockIdx.x * 256 +
// threadIdx.x handles i = t, t + S, t + 2S, … with S = gridDim.x * 256, the
// number of threads of the grid; distinct threads never meet on the same i,
// and each writes only out[i] from in[i] and lut[…] (read only).  Race-free.
#include <cuda_runtime.h>

__global__ void apply(const unsigned char *in, const float *lut, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = lut[in[i]];
}

int main() {
  const int n = 1 << 20;
  int device = 0;
  cudaSetDevice(device);
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);

  int poolsSupported = 0;
  cudaDeviceGetAttribute(&poolsSupported, cudaDevAttrMemoryPoolsSupported, device);
  cudaMemPool_t pool;
  if (poolsSupported) {
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypeNone;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    cudaMemPoolCreate(&pool, &props);
  } else {
    cudaDeviceGetDefaultMemPool(&pool, device);
  }
  unsigned long long threshold = ~0ULL;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  cudaMemAccessDesc access = {};
  access.location.type = cudaMemLocationTypeDevice;
  access.location.id = device;
  access.flags = cudaMemAccessFlagsProtReadWrite;
  cudaMemPoolSetAccess(pool, &access, 1);

  unsigned char *in;
  float *out, *lut;
  cudaMallocFromPoolAsync(&in, n, pool, s);
  cudaMallocAsync(&out, n * sizeof(float), s);
  cudaMallocManaged(&lut, 256 * sizeof(float));
  for (int k = 0; k < 256; k++)
    lut[k] = k / 255.0f;
  cudaMemAdvise(lut, 256 * sizeof(float), cudaMemAdviseSetReadMostly, device);
  cudaMemAdvise(lut, 256 * sizeof(float), cudaMemAdviseSetPreferredLocation, device);
  cudaMemPrefetchAsync(lut, 256 * sizeof(float), device, s);

  cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 1 << 20);
  cudaStreamAttrValue attr = {};
  attr.accessPolicyWindow.base_ptr = lut;
  attr.accessPolicyWindow.num_bytes = 256 * sizeof(float);
  attr.accessPolicyWindow.hitRatio = 1.0f;
  attr.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  attr.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &attr);

  cudaMemsetAsync(in, 7, n, s);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  apply<<<sms * 4, 256, 0, s>>>(in, lut, out, n);

  attr.accessPolicyWindow.num_bytes = 0;
  cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &attr);
  cudaCtxResetPersistingL2Cache();
  cudaFreeAsync(in, s);
  cudaFreeAsync(out, s);
  cudaStreamSynchronize(s);
  size_t used = 0;
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &used);
  cudaMemPoolTrimTo(pool, 0);
  if (poolsSupported)
    cudaMemPoolDestroy(pool);
  cudaFree(lut);
  return 0;
}
