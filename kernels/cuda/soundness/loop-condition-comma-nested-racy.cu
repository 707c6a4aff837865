//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the condition's left operands run before every test, and the
// first of them writes a[0] = threadIdx.x (threads 0 and 1, unordered).
// They are a comma of two operands, `a[0] = threadIdx.x, i + 1`, of which
// only the second is free of effects: skipping the pair because one of
// them is (loop-condition-comma-racy.cu has a single left operand) drops
// the writes and answers DRF.
__global__ void k(int *a)
{
  for (int i = 0; a[0] = threadIdx.x, i + 1, i < 4; i++) {
  }
}
