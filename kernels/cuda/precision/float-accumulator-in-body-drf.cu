//pass
//--blockDim=[64] --gridDim=[1]
// DRF: i takes the values 0, 2, …, 14, all even, so `i % 2 == 1` never
// holds and a[0] is never written; thread t writes only a[t] after the
// loop.  The float f the body moves once per iteration (`f += 1`) does
// not keep the loop from being counted.
__global__ void k(int *a)
{
  float f = 0;
  for (int i = 0; i < 16; i += 2) {
    if (i % 2 == 1)
      a[0] = threadIdx.x;
    f += 1;
  }
  a[threadIdx.x] = (int)f;
}
