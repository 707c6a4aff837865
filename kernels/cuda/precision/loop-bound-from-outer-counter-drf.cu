//pass
//--blockDim=[64] --gridDim=[1]
// DRF: i runs 0..3, so the inner loop's `unsigned char` j runs from 240
// up to i + 251 ≤ 254 and never wraps (j = 255 fails the test for every
// i ≤ 3).  Each thread writes a[16t + j - 240], j - 240 in [0, 11]: the
// threads' cells are disjoint.  The front end must know that the outer
// counter is at most 3 (its bound minus one), not 4: with i = 4 the
// bound 256 lies past j's type, the inner loop could wrap, and without
// its shape j is only known to be an `unsigned char`.
__global__ void k(int *a)
{
  for (int i = 0; i < 4; i++) {
    for (unsigned char j = 240; j < i + 252; j++)
      a[threadIdx.x * 16 + j - 240] = i;
  }
}
