// expect: error
// Does not compile (undeclared identifier): mapcheck prints the compiler's
// diagnostics and exits with status 2.
__global__ void broken(int *a)
{
  a[threadIdx.x] = undeclared_value;
}
