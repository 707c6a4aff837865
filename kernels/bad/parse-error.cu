// expect: error
// A syntax error hides the file's only kernel: the `)` closing broken's
// parameter list is missing, so clang finds no function `broken` at all.
// The file declares a kernel (`__global__`) and none can be found, so
// there is nothing to give a verdict to: mapcheck prints the compiler's
// diagnostics and exits with status 2.  (A kernel that is found but does
// not compile, such as one using an undeclared name, is `unknown` at the
// error instead: checker/driver/tests/partial_input.rs.)
__global__ void broken(int *a
{
  a[threadIdx.x] = 1;
}
