//pass
//--blockDim=256 --gridDim=64
// Race-free (Parboil histo's layout): block b owns the 16 rows
// 16b .. 16b + 15 of width `width` = 2 * blockDim.x; thread t writes
// column t of each of them, walking an unsigned offset `store` by `width`
// per row.  Offsets stay below 64 * 16 * 512 < 2^32 (no wrap), and
// (row, t) pairs are distinct across threads and blocks.
__global__ void rows(unsigned int *a, unsigned int width)
{
  __requires(width == 2 * blockDim.x);
  unsigned int store = 16 * blockIdx.x * width + threadIdx.x;
  for (int i = 0; i < 16; i++) {
    a[store] = i;
    store += width;
  }
}
