//pass
//--blockDim=[64] --gridDim=[1]
// DRF: three `unsigned char` loops whose last step lands exactly on the
// type's edge without wrapping: c runs 240..254 (its last step makes 255,
// which fails c < 255), s runs 1, 2, …, 64 (64 * 2 = 128 fails s < 128),
// d runs 20, 17, …, 5 (5 - 3 = 2 fails d > 2).  Thread t writes
// a[16t + c - 240] (c - 240 in [0, 14]), b[128t + s - 1] (s - 1 in
// [0, 63]) and x[16t + d - 5] (d - 5 in [0, 15]): the threads' cells are
// disjoint.  A front end that took any of the loops for one that may
// wrap would lose its shape, and with it the range of its counter.
__global__ void k(int *a, int *b, int *x)
{
  for (unsigned char c = 240; c < 255; c++)
    a[16 * threadIdx.x + c - 240] = c;
  for (unsigned char s = 1; s < 128; s *= 2)
    b[128 * threadIdx.x + s - 1] = s;
  for (unsigned char d = 20; d > 2; d -= 3)
    x[16 * threadIdx.x + d - 5] = d;
}
