//pass
//--blockDim=[128] --gridDim=[1]
// Race-free: x - x % 32 is x's group of 32, a multiple of 32, and
// (x + 1) % 32 is below 32, so the | is the sum x - x % 32 + (x + 1) % 32,
// a rotation of 0..31 within each group: a permutation of 0..127.
__global__ void k(unsigned *a)
{
  unsigned x = threadIdx.x;
  a[(x - x % 32) | ((x + 1) % 32)] = x;
}
