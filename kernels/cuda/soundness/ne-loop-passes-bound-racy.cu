//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: i starts above the `!=` bound 0, so the loop never meets it and
// runs until the `break`: thread t writes a[t + 1 .. 70].  Threads 1 and 2
// both write a[2], unordered.  Reading `!=` as `<` gives the empty loop
// t + 1 .. 0 and answers DRF.  (No overflow: the break comes first.)
__global__ void k(int *a)
{
  for (int i = threadIdx.x + 1; i != 0; i++) {
    if (i > 70)
      break;
    a[i] = threadIdx.x;
  }
}
