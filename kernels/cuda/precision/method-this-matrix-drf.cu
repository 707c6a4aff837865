//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Race-free.  A matrix wrapper passed by value, with `get` and `set`
// methods that index its `data` through `this`.  Thread (x, y) of block
// (bx, by) reads in.data[r*64 + c] and writes out.data[r*64 + c] for its
// own (r, c) = (by*16 + y, bx*16 + x): distinct cells, so no two threads
// touch the same element of out.data.
struct Matrix {
  float *data;
  int stride;
  __device__ float get(int r, int c) const { return data[r * stride + c]; }
  __device__ void set(int r, int c, float v) { this->data[r * stride + c] = v; }
};

__global__ void scale(Matrix in, Matrix out)
{
  __requires(in.stride == 64);
  __requires(out.stride == 64);
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  out.set(r, c, 2.0f * in.get(r, c));
}
