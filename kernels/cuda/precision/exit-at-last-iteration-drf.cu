//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Race-free (the shape of Rodinia's hotspot and pathfinder): each
// iteration computes into `next` from the 5-point neighbourhood of `cur`,
// synchronizes, and copies `next` back into `cur` before a second barrier,
// except in the last iteration, which leaves the loop by
// `if (i == rounds - 1) break;` right after the first barrier.  Every
// thread takes that exit in the same iteration (it depends on `i` and
// the parameter `rounds` only), so the barriers are not divergent.  In an
// iteration, the neighbour reads of `cur` and the writes of `next` are in
// the interval before the first barrier; the copy `cur[ty][tx] =
// next[ty][tx]` (own cell only) is between the two barriers; after the
// loop, each thread reads only its own `next` cell, which the last
// iteration wrote before its barrier.
#define B 16
#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

__global__ void relax(int rounds, const float *src, float *dst)
{
    int width = gridDim.x * B;
    __shared__ float cur[B][B];
    __shared__ float next[B][B];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * B + tx, gy = blockIdx.y * B + ty;
    cur[ty][tx] = src[gy * width + gx];
    __syncthreads();
    bool computed = false;
    for (int i = 0; i < rounds; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, B - i - 2) && IN_RANGE(ty, i + 1, B - i - 2)) {
            computed = true;
            next[ty][tx] = 0.2f * (cur[ty][tx] + cur[ty - 1][tx] + cur[ty + 1][tx] +
                                   cur[ty][tx - 1] + cur[ty][tx + 1]);
        }
        __syncthreads();
        if (i == rounds - 1)
            break;
        if (computed)
            cur[ty][tx] = next[ty][tx];
        __syncthreads();
    }
    if (computed)
        dst[gy * width + gx] = next[ty][tx];
}
