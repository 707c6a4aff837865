//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// As gpuverify-globals-drf.cu, but threads 2k and 2k + 1 of a block both
// write table[k], each its own id: a write-write race in the file-scope
// array (storing n in both would be a benign pair: docs/benign-writes.md
// says why).
typedef unsigned int size_t;

int table[256];

__global__ void fill(size_t n) {
  table[threadIdx.x / 2] = n + threadIdx.x;
}
