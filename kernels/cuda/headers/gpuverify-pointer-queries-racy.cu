//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[1]
// Racy.  The pointer questions in the preconditions touch no memory, but
// the body does: every thread writes v[0] (and v[index] for its own
// index), so threads 0 and 1 both write v[0] in one barrier interval.  The
// specification must not hide the accesses that follow it.
__device__ void scale(float *v, unsigned int index)
{
  __requires(__ptr_offset_bytes(v) == 0);
  __requires(__write_implies(v, __write_offset_bytes(v) / sizeof(float) == index));
  v[index] = v[index] * 2.0f;
  v[0] = 1.0f;
}

__global__ void k(float *v)
{
  scale(v, threadIdx.x);
}
