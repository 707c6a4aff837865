//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: x[0] calls the user operator[] which returns a reference to a[0];
// threads 0 and 1 assign 0 and 1 to a[0], unordered.
struct Arr {
  int *d;
  __device__ int &operator[](int i) { return d[i]; }
};

__global__ void k(int *a)
{
  Arr x = {a};
  x[0] = threadIdx.x;
}
