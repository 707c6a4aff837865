//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Racy: atomicAdd_block is atomic only with respect to the threads of the
// caller's block (CUDA C++ Programming Guide, "Atomic Functions": the
// `_block` forms have block scope; in PTX, `atom.cta` operations of two
// threads of different CTAs are not morally strong).  Thread 0 of block 0
// and thread 0 of block 1 both update count[0], with no ordering between
// them: a data race across blocks (updates may be lost).
__global__ void k(unsigned *count)
{
  atomicAdd_block(&count[0], 1);
}
