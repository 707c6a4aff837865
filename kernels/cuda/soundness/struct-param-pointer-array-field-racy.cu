//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[2]
// A struct parameter holding an array of pointers the host filled: every
// thread writes q.rows[4][0], one cell of the host's fifth row, with its
// own index.  Threads 0 and 1 race on it.  (The array field is the
// parameter's: its elements are what the host gave, and the cells they
// point to are shared by every thread.)
struct Rows {
  float *rows[8];
};

__global__ void fill(Rows q) {
  q.rows[4][0] = threadIdx.x;
}
