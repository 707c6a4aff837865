//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t calls the plain function atomicFoo on &a[t]; it reads
// and writes a[t] only.  out[t] is private to t too.
__device__ int atomicFoo(int *p, int v)
{
  int old = *p;
  *p = v;
  return old;
}

__global__ void k(int *a, int *out)
{
  out[threadIdx.x] = atomicFoo(&a[threadIdx.x], threadIdx.x);
}
