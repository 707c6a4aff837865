//pass
//--blockDim=[64] --gridDim=[1]
// DRF: `in` is only read, and thread t writes only out[t].  The loop
// moves p within `in`, by the integer variable step, in some iterations
// (so p is no induction variable): adding an integer variable to a
// pointer does not point it into another array, and the reads through p
// race with nothing.
__global__ void k(const int *in, int *out)
{
  const int *p = in + threadIdx.x;
  int step = 64;
  int s = 0;
  for (int i = 0; i < 4; i++) {
    s += *p;
    if (i % 2 == 0)
      p = p + step;
  }
  out[threadIdx.x] = s;
}
