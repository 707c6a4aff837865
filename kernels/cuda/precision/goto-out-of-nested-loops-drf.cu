//pass
//--blockDim=64 --gridDim=1
// Race-free: the twin of soundness/goto-out-of-nested-loops-racy.cu where
// a thread that finds a 7 records the position in its own cell:
// a[64 + t] (t = threadIdx.x), and every thread then writes a[t].  The
// cells t and 64 + t are distinct for distinct threads.
__global__ void k(int *a, const int *table, int n)
{
  unsigned int t = threadIdx.x;
  for (int j = 0; j < n; j++) {
    for (int m = 0; m < n; m++) {
      if (table[j * n + m] == 7) {
        a[64 + t] = j * n + m;
        goto found;
      }
    }
  }
  a[64 + t] = -1;
found:
  a[t] = 1;
}
