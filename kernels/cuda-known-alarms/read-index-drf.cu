//--blockDim=256
// expect: known-alarm
// expected: DRF (//pass), but mapcheck reports a data-dependent alarm: see docs/corpus.md
// Test 5 of Claim 1 (seeds/000, Fig. 16), DRF version: x == tid, so A[x] is
// the thread's own cell.  Protocols abstract array contents away: x is a
// thread-local unknown and mapcheck reports a data-dependent (possibly
// spurious) race, as Faial does.  Kept under kernels/cuda-known-alarms/.
__global__ void read_index(int *A)
{
  A[threadIdx.x] = threadIdx.x;
  int x = A[threadIdx.x];
  A[x] = 0;
}
