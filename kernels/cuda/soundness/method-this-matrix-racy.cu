//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[1,1]
// Racy.  Like method-this-matrix-drf.cu, but `set` writes column 0 of the
// thread's row: threads (0, y) and (1, y) both write out.data[y*64] in
// one barrier interval.  The write goes through `this` in a method.
struct Matrix {
  float *data;
  int stride;
  __device__ void set(int r, int c, float v) { data[r * stride + c] = v; }
};

__global__ void fill(Matrix out)
{
  __requires(out.stride == 64);
  out.set(threadIdx.y, 0, threadIdx.x);
}
