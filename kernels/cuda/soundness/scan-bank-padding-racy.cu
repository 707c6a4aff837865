//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// Racy: the twin of precision/scan-bank-padding-drf.cu that pads `ai` but
// forgets to pad `bi`.  In the first round (offset = 1, every thread t <
// 256 active) thread 48 reads temp[ai] with ai = 96 + (96 >> 5) = 99,
// while thread 49 writes temp[bi] with bi = 2*49 + 2 - 1 = 99, unpadded:
// a read/write race, no barrier between.
__global__ void upsweep(float *g)
{
  __shared__ float temp[1024];
  int t = threadIdx.x;
  int offset = 1;
  temp[2 * t + ((2 * t) >> 5)] = g[2 * t];
  temp[2 * t + 1 + ((2 * t + 1) >> 5)] = g[2 * t + 1];
  for (int d = 256; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      ai += ai >> 5;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
}
