//pass
//--blockDim=[256] --gridDim=[1]
// Race-free.  `sz == blockDim.x` compares `sz` as an unsigned value, but a
// negative `int` converts to at least 2^31, never to 256, so the
// requirement means sz == 256: thread t touches a[t], a[t + 256], …, its
// own residue class modulo 256.  (Twin of unsigned-requires-racy.cu, where
// `blockDim.x <= sz` also holds for sz = -1.)
__global__ void scale(float *a, int sz)
{
  __requires(sz == blockDim.x);
  for (int i = threadIdx.x; i < 100 * sz; i += sz) {
    a[i] *= 2.0f;
  }
}
