//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,4] --gridDim=[8,128]
// Racy: as linearized-3d-signed-extents-drf.cu, but the guard lets i
// reach nx - 1 + 1 = nx (`i <= nx - 1` on the wrong side: `i < nx + 1`),
// and i + nx*(j + ny*k) with i = nx is the cell (0, j+1, k): thread
// (nx, j) and thread (0, j+1) store to the same element.  With nx = 2,
// ny = 4, nz = 3: threads (2, 1) and (0, 2) both write Anext[2 + 2*(1 + 4)]
// = Anext[0 + 2*(2 + 4)] = Anext[12], in the iteration k = 1, values read
// from different cells of A0.
__global__ void stencil(const float *A0, float *Anext, int nx, int ny, int nz)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  for (int k = 1; k < nz - 1; k++) {
    if (i >= 0 && j > 0 && i < nx + 1 && j < ny - 1)
      Anext[i + nx * (j + ny * k)] = A0[i + nx * (j + ny * k)];
  }
}
