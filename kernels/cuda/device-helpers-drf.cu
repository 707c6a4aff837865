//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Index helpers as device functions (inlined), a device function that
// writes through its array argument, and one that returns a value read
// from shared memory.
__device__ int lin(int row, int col, int width) { return row * width + col; }

__device__ void store(float *buf, int i, float v) { buf[i] = v; }

__device__ float load_t(float (*t)[17], int r, int c) { return t[r][c]; }

__global__ void helpers(const float *in, float *out)
{
  __shared__ float t[16][17];
  int r = threadIdx.y, c = threadIdx.x;
  int gr = blockIdx.y * 16 + r, gc = blockIdx.x * 16 + c;
  t[r][c] = in[lin(gr, gc, 64)];
  __syncthreads();
  store(out, lin(gr, gc, 64), load_t(t, c, r));
}
