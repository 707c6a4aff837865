//pass
// Race-free: the only launch is t<Box, 64><<<1, 64>>>, so N = 64 and each
// of the 64 threads of the one block writes its own cell
// a[threadIdx.x % 64] = a[threadIdx.x].  (A template template parameter
// cannot be declared in an instance of the kernel, so the kernel is read
// as one template with N fixed by its launches.)
template <typename T> struct Box {};

template <template <typename> class C, int N>
__global__ void t(int *a)
{
  a[threadIdx.x % N] = threadIdx.x;
}

int main()
{
  int *a;
  t<Box, 64><<<1, 64>>>(a);
  return 0;
}
