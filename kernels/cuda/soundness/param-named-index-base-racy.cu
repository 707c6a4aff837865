//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: every thread of the block writes its own thread index to the same
// cell `a[off - index_base]`, wherever that is (any two `int` values give
// an index; when it falls outside `a` the program is wrong anyway).  The
// parameter's name is the one mapcheck's front end gave the constant 2^64
// by which it shifts negative indices: the user's name must stay the
// user's, a value like any other `int`, not the encoding's constant.
__global__ void k(int *a, int index_base, int off)
{
  int i = off - index_base;
  a[i] = threadIdx.x;
}
