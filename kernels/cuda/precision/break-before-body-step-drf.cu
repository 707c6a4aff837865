//pass
//--blockDim=[256] --gridDim=[1]
// Race-free: `idx` is moved by the body's last statement, and a `break`
// before it may end the loop; an iteration that breaks is followed by no
// other, so every iteration begins with idx = t + 256 i.  Thread t writes
// out[t + 256 i]: t = index % 256, i = index / 256, one writer per cell.
#define N 4
__global__ void stepped_after_exit(float *out, const float *in, int n)
{
  int idx = threadIdx.x;
  for (int i = 0; i < N; ++i) {
    if (idx >= n)
      break;
    out[idx] = in[idx] + 1.0f;
    idx += blockDim.x;
  }
}
