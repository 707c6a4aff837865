//xfail:NOT_ALL_VERIFIED
//--blockDim=64
// Racy: thread t writes result[t] and, with no barrier between, reads
// result[(t + 1) % 64], which thread (t + 1) % 64 writes.  The shared
// array has the name of a file-scope host pointer, so mapcheck renames it
// apart inside; the report must still call it `result`, as written.
int *result;

__global__ void shift(int *out)
{
  __shared__ int result[64];
  unsigned t = threadIdx.x;
  result[t] = (int)t;
  out[t] = result[(t + 1) % 64];
}
