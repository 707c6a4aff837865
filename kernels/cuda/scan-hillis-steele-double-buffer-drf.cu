//pass
//--blockDim=256
// Hillis & Steele scan with two buffers: reads from one, writes the other,
// one barrier per step (the buffers swap by the parity of the step).
__global__ void scan_db(const int *in, int *out)
{
  __shared__ int buf[2][256];
  unsigned int tid = threadIdx.x;
  buf[0][tid] = in[tid];
  __syncthreads();
  for (int d = 0; d < 8; d++) {
    int src = d % 2;
    int dst = 1 - src;
    if (tid >= (1u << d))
      buf[dst][tid] = buf[src][tid] + buf[src][tid - (1u << d)];
    else
      buf[dst][tid] = buf[src][tid];
    __syncthreads();
  }
  out[tid] = buf[0][tid];
}
