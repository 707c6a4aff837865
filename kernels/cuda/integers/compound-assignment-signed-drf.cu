//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Race-free.  Thread (i, j) of the nx × ny image writes out[c] with
// c = i + j * nx in [0, nx * ny), then `c += nx * ny` and out[c] in
// [nx * ny, 2 * nx * ny): distinct threads have distinct c, and the two
// ranges do not meet.  `c += xy` is `c = c + xy` in `int`, where an
// overflow is undefined behaviour: no defined execution wraps, so the
// second index is never a first index of another thread.  (Reading
// `c += xy` as wrapping at 2^32, where `c + xy` does not, made up a race
// for images of more than 2^31 pixels.)
__global__ void planes(float *out, int nx, int ny)
{
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  int j = blockDim.y * blockIdx.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  int c = i + j * nx;
  int xy = nx * ny;
  out[c] = 1.0f;
  c += xy;
  out[c] = 2.0f;
}
