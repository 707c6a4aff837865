//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Race-free: each thread writes only its own pixel out[y * 64 + x]
// (x, y < 64 with 4 x 4 blocks of 16 x 16).  The helper reads the rows of
// a `__constant__` matrix through a const reference; constant memory is
// read-only on the device, so those reads cannot race with anything.
typedef struct { float4 m[3]; } mat3x4;
__constant__ mat3x4 c_view;

__device__ float dot4(const float4 &a, const float4 &b)
{
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

__device__ float4 transform(const mat3x4 &M, const float4 &v)
{
  float4 r;
  r.x = dot4(v, M.m[0]);
  r.y = dot4(v, M.m[1]);
  r.z = dot4(v, M.m[2]);
  r.w = 1.0f;
  return r;
}

__global__ void render(float *out)
{
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  float4 p = transform(c_view, make_float4(x, y, 0.0f, 1.0f));
  out[y * 64 + x] = p.x + p.y;
}
