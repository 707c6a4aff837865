//xfail:NOT_ALL_VERIFIED
// Racy.  Thread t of every block writes a[t]: the kernel races across
// blocks whenever the grid has two blocks or more.  The grid size comes
// from a call that does not compile here (`blocks_for` is declared in a
// header this file does not see); what it returns is not known, and it
// may well be 2 or more.  clang's recovery keeps the call's arguments
// (`n`, `1`) under the broken call: its value is not its last argument,
// so the launch does not fix one block.
__global__ void k(int *a)
{
  a[threadIdx.x] = blockIdx.x;
}

void run(int *d, int n)
{
  int blocks = blocks_for(n, 1);
  k<<<blocks, 256>>>(d);
}
