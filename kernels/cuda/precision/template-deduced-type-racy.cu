//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the kernel of template-deduced-type-drf.cu, launched with T = int
// and with T = char (deduced from the arguments).  In the char instance
// threads 0 and 1 both write word 0 * 1 / 4 = 1 * 1 / 4 = 0.
template <class T> __global__ void pack(int *words, const T *in)
{
  words[threadIdx.x * sizeof(T) / 4] = in[threadIdx.x];
}

void host(int *words, const int *in, const char *bytes)
{
  pack<<<1, 64>>>(words, in);
  pack<<<1, 64>>>(words, bytes);
}
