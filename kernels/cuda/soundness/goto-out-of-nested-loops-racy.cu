//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: every thread scans the same table; a thread that finds the value
// 7 sets idx = 0 and leaves both loops by `goto found`.  The table is the
// same for all threads, so if it holds a 7 (n >= 1), every thread writes
// its own id to a[0] (different values, so not a benign write).  (The reads are of `table`, which nobody writes.)
__global__ void k(int *a, const int *table, int n)
{
  int idx = threadIdx.x;
  for (int j = 0; j < n; j++) {
    for (int m = 0; m < n; m++) {
      if (table[j * n + m] == 7) {
        idx = 0;
        goto found;
      }
    }
  }
found:
  a[idx] = threadIdx.x;
}
