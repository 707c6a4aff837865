//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The loop's bound `n` starts at 1; the helper gets it by const
// reference next to the counter, and a second helper it calls changes it
// through a non-const reference (a const_cast of the first's parameter):
// the loop runs for i = 0 and i = 1, so thread 0 (i = 1) and thread 1
// (i = 0) both write a[1].  A reference the callee passes on must count
// as changed.
__device__ void widen(int &m) { m = 2; }

__device__ void check(const int &m, int i)
{
    if (i == 0)
        widen(const_cast<int &>(m));
}

__global__ void k(int *a)
{
    int n = 1;
    for (int i = 0; i < n; i++) {
        check(n, i);
        a[(threadIdx.x + i) % 64] = threadIdx.x;
    }
}
