//pass
//--blockDim=[256] --gridDim=[4]
// Race-free: a tree reduction whose width `half` is carried from one
// iteration of a counted loop to the next (`half = half / 2`), not
// computed from the counter.  `half` starts from a parameter and changes
// only by a statement every thread runs, so in each iteration all threads
// of the block hold the same `half`.  Within an iteration the writers are
// the threads t < half (they write s[t]) and the readers read s[t + half]
// >= half: no cell is both written and read, or written twice.  The
// barrier ends each iteration's accesses; the statement after it only
// halves `half`, so no access of one iteration shares a barrier interval
// with an access of the next.
// `t` is a signed `int`, so a negative `half` makes no thread active.
__global__ void carried_halves(float *out, const float *in, int width, int rounds)
{
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  s[t + 256] = 0.0f;
  __syncthreads();
  int half = width;
  for (int it = 0; it < rounds; it++) {
    if (t < half)
      s[t] += s[t + half];
    __syncthreads();
    half = half / 2;
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
