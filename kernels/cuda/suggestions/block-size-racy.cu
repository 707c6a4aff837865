//xfail:NOT_ALL_VERIFIED
// suggest-precondition: blockDim.x <= 64
// suggest-fix: none
#define TILE 64
// A per-block histogram of thread slots: thread t owns slot t & (TILE - 1)
// of a tile of TILE counters.  The kernel assumes blocks of at most TILE
// threads: with blockDim.x > 64 threads t and t + 64 write the same slot
// in one barrier interval (racy), and no barrier between the two writes
// helps (they are one statement).  Across blocks, thread t + 64 of block
// b and thread t of block b + 1 write the same cell of `out` (racy).  With
// blockDim.x <= 64 every thread has its own slot and its own cell of
// `out`: race-free.
__global__ void slots(int *out)
{
  __shared__ int tile[TILE];
  unsigned t = threadIdx.x;
  tile[t & (TILE - 1)] = (int)t;
  __syncthreads();
  out[blockIdx.x * TILE + t] = tile[(t + 1) & (TILE - 1)];
}
