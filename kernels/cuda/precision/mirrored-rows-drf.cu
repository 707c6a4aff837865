//pass
//--blockDim=[128] --gridDim=[128]
// Race-free.  16384 threads, two batches of 256 rows x 32 columns: thread t
// is (x, y, b) = (t % 32, t / 32 % 256, t / 8192), and writes two cells of
// its batch's rows of pitch 72: (y, x) with x < 32, and (mirror(y), 64 - x)
// with a column in 33..64.  mirror(y) = (y ? 256 - y : 0) is a bijection
// of 0..255, so no two threads share a cell of either kind, and the kinds
// have disjoint columns.  Column 32 is written by the threads with x == 0
// at rows y and mirror(y); those with y > 128 return first, so the rows of
// the remaining threads, y in 0..128 and mirror(y) in {0} u 128..255, meet
// only at y = 0 and y = 128, each the same thread twice.  (The shape of a
// real-to-complex FFT post-process: the index is a chain of divisions and
// remainders and a conditional value.)
__device__ unsigned mirror(unsigned a, unsigned n) { return a ? n - a : a; }

__global__ void mirrored_rows(float *dst, const float *src, unsigned W, unsigned H)
{
  __requires(W == 64);
  __requires(H == 256);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = i % (W / 2);
  i /= W / 2;
  unsigned y = i % H;
  i /= H;
  if (i >= 2) return;
  if (x == 0 && y > H / 2) return;
  unsigned batch = i * H * (W + 8);
  dst[batch + y * (W + 8) + x] = src[x];
  dst[batch + mirror(y, H) * (W + 8) + (W - x)] = src[x + 1];
  if (x == 0) {
    dst[batch + y * (W + 8) + W / 2] = src[0];
    dst[batch + mirror(y, H) * (W + 8) + W / 2] = src[1];
  }
}
