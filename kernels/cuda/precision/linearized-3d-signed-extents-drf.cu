//pass
//--blockDim=[32,4] --gridDim=[8,128]
// Race-free: a 7-point stencil sweeping k over a 3-D grid stored as
// Anext[i + nx*(j + ny*k)] with int extents nx, ny, nz the host reads
// at run time.  Thread (i, j) owns column (i, j) of every plane: the
// guard 0 < i < nx-1 keeps i inside one row (so i + nx*(j + ny*k)
// names the cell (i, j, k) uniquely), 0 < j < ny-1 keeps j inside one
// plane, and distinct threads of the launch have distinct (i, j).  The
// reads are of A0, which nothing writes.  (Signed extents: the guard
// implies nx, ny > 1; a checker must find the sign before the index
// becomes a mixed-radix number of digits i, j, k.)
__global__ void stencil(const float *A0, float *Anext, int nx, int ny, int nz)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  for (int k = 1; k < nz - 1; k++) {
    if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1)
      Anext[i + nx * (j + ny * k)] =
          A0[i + nx * (j + ny * (k + 1))] + A0[i + nx * (j + ny * (k - 1))] +
          A0[(i + 1) + nx * (j + ny * k)] + A0[(i - 1) + nx * (j + ny * k)] -
          6.0f * A0[i + nx * (j + ny * k)];
  }
}
