//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the kernel packs its elements into 4-byte words, word
// t * sizeof(T) / 4 for thread t.  The host launches it only with
// T = int (deduced from the argument), so thread t writes word t.
// (With T = char, threads 0-3 would all write word 0.)
template <class T> __global__ void pack(int *words, const T *in)
{
  words[threadIdx.x * sizeof(T) / 4] = in[threadIdx.x];
}

void host(int *words, const int *in)
{
  pack<<<1, 64>>>(words, in);
}
