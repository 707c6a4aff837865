//xfail:NOT_ALL_VERIFIED
// suggest-precondition: width >= gridDim.x * blockDim.x
// suggest-fix: none
// Each thread writes one cell of a row of `width` cells, folding indices
// past the row back into it.  With 0 < width < gridDim.x * blockDim.x
// threads i and i + width (both launched) write cell i: a race between
// threads that may be in different blocks, which no barrier orders (racy;
// no fix).  When width >= gridDim.x * blockDim.x no index is folded, every
// thread writes its own cell i: race-free.  In C the comparison converts
// a negative width to a huge unsigned value, so the precondition also
// admits width < 0, where i - width = i + |width| is again one cell per
// thread: race-free too.
__global__ void fold(int *row, int width)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= width)
    i -= width;
  row[i] = i;
}
