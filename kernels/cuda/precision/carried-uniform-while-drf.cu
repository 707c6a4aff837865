//pass
//--blockDim=[256] --gridDim=[4]
// Race-free: the carried width of a `while` loop whose shape mapcheck
// does not count (`half = (half + 1) / 2`).  `half` starts from a
// parameter and changes only by a statement of the body's top level, so
// all threads hold the same `half` in each iteration and run the same
// iterations (the condition reads only `half`).  In an iteration the
// writers t < h (h = half / 2) write s[t] and the readers read s[t + h]
// >= h; the barrier closes the iteration and only `half` changes after it.
// `t` is a signed `int`, so a negative `h` makes no thread active.
__global__ void carried_while(float *out, const float *in, int width)
{
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  s[t + 256] = 0.0f;
  __syncthreads();
  int half = width;
  while (half > 1) {
    int h = half / 2;
    if (t < h)
      s[t] += s[t + h];
    __syncthreads();
    half = (half + 1) / 2;
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
