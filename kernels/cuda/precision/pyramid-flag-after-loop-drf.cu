//pass
//--blockDim=256 --gridDim=64
// Race-free (the "pyramid" of Rodinia's pathfinder and hotspot): each
// block covers 256 columns starting at (256 - 2*it) * blockIdx.x, so
// neighbouring blocks overlap by 2*it columns.  In iteration i the
// threads tx in [i + 1, 254 - i] compute; the flag `computed` left by the
// last iteration (i = it - 1) holds for tx in [it, 255 - it] only, the
// 256 - 2*it columns that no other block's flagged threads cover.  So the
// flagged threads of distinct blocks store to distinct cells of `out`.
__global__ void pyramid(int *out, int it)
{
  __requires(it >= 1 && it <= 100);
  int tx = threadIdx.x;
  int x = (256 - 2 * it) * blockIdx.x + tx;
  bool computed;
  for (int i = 0; i < it; i++) {
    computed = false;
    if (tx >= i + 1 && tx <= 256 - i - 2)
      computed = true;
    __syncthreads();
  }
  if (computed)
    out[x] = tx;
}
