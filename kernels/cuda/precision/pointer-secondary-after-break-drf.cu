//pass
//--blockDim=[64] --gridDim=[1]
// DRF: `in` is only read, and thread t writes only out[t].  The loop moves
// the pointer p through `in` and may leave early, so where p ends is not
// known, but it still points into `in`: reading *p after the loop races
// with nothing.
__global__ void k(const int *in, int *out)
{
  const int *p = in + threadIdx.x;
  for (int i = 0; i < 4; i++, p++) {
    if (in[i] < 0)
      break;
  }
  out[threadIdx.x] = *p;
}
